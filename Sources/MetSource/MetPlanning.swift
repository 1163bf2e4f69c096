import ETLCore
import SourceKit

/// The Met's planning options of `etl crawl`: what to re-fetch and in
/// which order, kept in a crawl's ``CrawlOptions/sourceSettings``.
package struct MetPlanning: Sendable, Equatable {
    /// `--since`, `YYYY-MM-DD`: re-fetch what changed since then instead of since the last run.
    package var since: String?
    /// `--csv`: MetObjects.csv to order the work by (likely complete first).
    package var csvPath: String?
    /// `--csv-skip`: with `csvPath`, do not fetch never-fetched objects the CSV shows cannot pass.
    package var isCSVSkip = false

    package init() {}

    package init(settings: [String: String]) {
        since = settings[Self.key("since")]
        csvPath = settings[Self.key("csv")]
        isCSVSkip = settings[Self.key("csv-skip")] == SourceOption.flagValue
    }

    package func store(in settings: inout [String: String]) {
        settings[Self.key("since")] = since
        settings[Self.key("csv")] = csvPath
        settings[Self.key("csv-skip")] = isCSVSkip ? SourceOption.flagValue : nil
    }

    private static func key(_ name: String) -> String { SourceOption.key(name, of: MetSource.name) }

    static let options: [SourceOption] = [
        SourceOption("since", "yyyy-mm-dd", "Re-fetch objects changed since this day (backfill).", source: MetSource.name, parse: day),
        SourceOption("csv", "path", "Order the work with MetObjects.csv: likely complete first.", source: MetSource.name, parse: SourceOption.path),
        .flag("csv-skip", "With --csv: do not fetch objects the CSV shows cannot pass.", source: MetSource.name),
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
        get { MetPlanning(settings: sourceSettings) }
        set { newValue.store(in: &sourceSettings) }
    }
}
