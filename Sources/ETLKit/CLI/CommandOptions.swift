/// An options struct a command line parses into: parsing starts from
/// `init()`, and `--help` shows its initial values as the defaults.
public protocol CommandOptions: Sendable {
    init()
    /// The source `--source` named, when it was given: a command that reads
    /// a catalog then refuses one holding another source's data. Options
    /// without such a check ignore it.
    var givenSource: SourceName? { get set }
}

extension CommandOptions {
    public var givenSource: SourceName? {
        get { nil }
        set {}
    }
}

extension CrawlOptions: CommandOptions {}
extension ImageOptions: CommandOptions {}
extension ExportOptions: CommandOptions {}
extension ReportOptions: CommandOptions {}
