import Foundation
@testable import ETLCatalog

/// UTC days as the runs themselves saw them, so a test that straddles
/// midnight UTC expects the day a run recorded, not the day it asks after.
enum RunDays {
    /// The day the catalog's last completed run began (`runs.started_at`,
    /// recorded as an ISO 8601 UTC timestamp).
    static func lastCompletedRun(in catalog: Catalog) throws -> String? {
        try catalog.database.fetchOne(sql: "SELECT started_at FROM runs WHERE status = 'completed' ORDER BY id DESC LIMIT 1")?
            .string("started_at").map { String($0.prefix(10)) }
    }

    /// The logs in `folder` named `<prefix>-YYYY-MM-DD.log` (what
    /// scripts/nightly writes, named by the day it started), with their text
    /// in order. `during` is the days a test captured before and after its
    /// runs: every such log must carry one of them.
    static func logs(in folder: String, prefix: String, during days: [String]) throws -> (names: [String], text: String) {
        let pattern = /(.+)-(\d{4}-\d{2}-\d{2})\.log/
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { name in
            guard let match = name.wholeMatch(of: pattern) else { return false }
            return match.1 == prefix
        }.sorted()
        let text = try names
            .filter { name in days.contains { name == "\(prefix)-\($0).log" } }
            .map { try String(contentsOfFile: "\(folder)/\($0)", encoding: .utf8) }
            .joined()
        return (names, text)
    }
}
