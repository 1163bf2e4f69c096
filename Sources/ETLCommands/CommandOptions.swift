import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// An options struct a command line parses into: parsing starts from
/// `init()`, and `--help` shows its initial values as the defaults.
package protocol CommandOptions: Sendable {
    init()
    /// The source `--source` named, when it was given: a command that reads
    /// a catalog then refuses one holding another source's data. Options
    /// without such a check ignore it.
    var givenSource: SourceName? { get set }
}

extension CommandOptions {
    package var givenSource: SourceName? {
        get { nil }
        set {}
    }
}

extension CrawlOptions: CommandOptions {}
extension ImageOptions: CommandOptions {}
extension ExportOptions: CommandOptions {}
extension ReportOptions: CommandOptions {}
extension GalleryOptions: CommandOptions {}
