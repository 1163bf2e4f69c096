import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// `etl gallery`: the page files as an app would show them, in a browser.
package enum GalleryCommand {
    package static let command = Command<GalleryOptions>(
        name: "gallery",
        abstract: "Write a static HTML gallery of each page file.",
        discussion: """
            One self-contained file per page (page-N.html in --out): each work's
            thumbnail from the images folder of the last etl images run (by relative
            path, so the folder opens offline in any browser), drawn over its average
            colour and ThumbHash preview, with title, artist, date and a link back to
            the source. Works without a verified picture show their caption only. The
            same catalog gives the same bytes.
            """,
        options: [
            SharedOptions.source(\.source, "Picks the default catalog."),
            SharedOptions.catalog(\.catalogPath),
            Option.integer("page", "n", "Only this page.", \.page, in: 1...1_000_000),
            Option.path("out", "dir", "Where the gallery goes.", \.outDirectory, absent: "gallery beside the catalog"),
        ],
        source: \.source,
        validate: { options, _ in
            try SharedOptions.checkFolder(options.resolvedOutDirectory, option: "out", catalogPath: options.catalogPath)
        },
        makeCommand: { .gallery($0) })

    package static let spec = command.spec
}
