import ETLCore
import SourceKit

/// The Met's planning options of `etl crawl`: what to re-fetch and in
/// which order, kept in a crawl's ``CrawlOptions/sourceSettings``.
package struct MetPlanning: SourceSettings {
    /// `--since`, `YYYY-MM-DD`: re-fetch what changed since then instead of since the last run.
    package var since: String?
    /// `--csv`: MetObjects.csv to order the work by (likely complete first).
    package var csvPath: String?
    /// `--csv-skip`: with `csvPath`, do not fetch never-fetched objects the CSV shows cannot pass.
    package var isCSVSkip = false

    package init() {}

    package static let source = MetSource.name

    package static let settings: [SourceSetting<Self>] = [
        .option(\.since, "since", "yyyy-mm-dd", "Re-fetch objects changed since this day (backfill).", parse: day),
        .option(\.csvPath, "csv", "path", "Order the work with MetObjects.csv: likely complete first.", parse: SourceOption.path),
        .flag(\.isCSVSkip, "csv-skip", "With --csv: do not fetch objects the CSV shows cannot pass."),
    ]

    /// The rules across them and `--full`.
    func validate(isFull: Bool) throws(SourceOptionError) {
        if isFull && since != nil { throw SourceOptionError("--full and --since cannot be used together") }
        if isCSVSkip && csvPath == nil { throw SourceOptionError("--csv-skip needs '--csv <path>'") }
    }

    /// A day as `YYYY-MM-DD`.
    @Sendable static func day(_ text: String) throws -> String {
        guard Timestamp.date(fromDay: text) != nil else {
            throw InvalidValue(expected: "a real calendar date as YYYY-MM-DD")
        }
        return text
    }
}

extension CrawlOptions {
    /// The Met's planning options of this crawl.
    package var met: MetPlanning {
        get { self[settings: MetPlanning.self] }
        set { self[settings: MetPlanning.self] = newValue }
    }
}
