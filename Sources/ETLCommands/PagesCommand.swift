import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// `etl pages`: rewrite the page files from the catalog, offline.
package enum PagesCommand {
    package static let command = Command<PagesOptions>(
        name: "pages",
        abstract: "Write the page files from the catalog, without the network.",
        discussion: "The same catalog always gives byte-identical files.\n\n" + SharedOptions.pagingDiscussion,
        options: [
            SharedOptions.source(\.source, "Picks the default catalog and page folder."),
            SharedOptions.catalog(\.catalogPath),
            SharedOptions.pagesFolder(\.outDirectory),
        ] + SharedOptions.paging.map { $0.scoped(to: \.paging) },
        source: \.source,
        validate: { options, _ in
            try options.paging.layout.validate()
            try SharedOptions.checkFolder(options.outDirectory, option: "out", catalogPath: options.catalogPath)
        },
        makeCommand: { .pages($0) })

    package static let spec = command.spec
}
