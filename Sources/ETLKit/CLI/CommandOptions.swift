/// An options struct a command line parses into: parsing starts from
/// `init()`, and `--help` shows its initial values as the defaults.
public protocol CommandOptions: Sendable {
    init()
}

extension CrawlOptions: CommandOptions {}
extension ImageOptions: CommandOptions {}
extension ExportOptions: CommandOptions {}
extension ReportOptions: CommandOptions {}
