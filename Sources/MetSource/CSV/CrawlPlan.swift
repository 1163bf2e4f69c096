import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// What the open-access CSV says about each object, packed into one sorted
/// array of 8-byte entries (ID above, verdict below) so a 500,000-row file
/// costs about 4 MB once read, and a lookup is a binary search.
package struct CrawlPlan: Sendable {
    /// `id << 8 | code`: code 0 is likely complete, otherwise the bits of
    /// the reasons it cannot pass, with the top bit set.
    private var entries: [UInt64] = []
    /// What reading the CSV found (rows, bad rows).
    package private(set) var readSummary = CSVReadSummary()

    package static let reasons = [
        MetObjectsCSV.notPublicDomainReason, MetObjectsCSV.missingArtistReason, MetObjectsCSV.missingTitleReason,
        MetObjectsCSV.missingClassificationReason, MetObjectsCSV.missingObjectDateReason,
    ]

    /// Streams the CSV at `path` into a plan.
    package init(csvPath: String, stop: StopSignal? = nil) throws {
        var entries: [UInt64] = []
        readSummary = try MetObjectsCSV(path: csvPath).forEachRow(stop: stop) { row in
            var code: UInt64 = 0
            if case .cannotPass(let reasons) = row.verdict {
                code = 0x80
                for reason in reasons {
                    if let index = Self.reasons.firstIndex(of: reason) { code |= 1 << UInt64(index) }
                }
            }
            entries.append(UInt64(row.objectID) << 8 | code)
        }
        entries.sort()
        self.entries = entries
    }

    /// The plan's verdict for one object.
    package enum Verdict: Int, Sendable, Comparable {
        case likelyComplete = 0
        case unknown = 1
        case cannotPass = 2

        package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    package func verdict(for id: Int) -> Verdict {
        guard let code = code(for: id) else { return .unknown }
        return code == 0 ? .likelyComplete : .cannotPass
    }

    /// The CSV's reasons why `id` cannot pass (empty unless it cannot).
    package func reasons(for id: Int) -> [RejectionReason] {
        guard let code = code(for: id), code != 0 else { return [] }
        return Self.reasons.indices.filter { code & (1 << UInt64($0)) != 0 }.map { Self.reasons[$0] }
    }

    /// `ids` reordered: likely complete first, unknown next, cannot pass
    /// last; the order within each group is kept.
    package func ordered(_ ids: [Int]) -> [Int] {
        var groups: [[Int]] = [[], [], []]
        for id in ids { groups[verdict(for: id).rawValue].append(id) }
        return groups.flatMap { $0 }
    }

    /// Counts of `ids` per verdict.
    package func tally(_ ids: [Int]) -> (likelyComplete: Int, unknown: Int, cannotPass: Int) {
        var counts = [0, 0, 0]
        for id in ids { counts[verdict(for: id).rawValue] += 1 }
        return (counts[0], counts[1], counts[2])
    }

    /// The code of the first CSV row for `id`, if the CSV has one.
    private func code(for id: Int) -> UInt64? {
        guard id > 0 else { return nil }
        let key = UInt64(id) << 8
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low] >> 8 == UInt64(id) else { return nil }
        return entries[low] & 0xFF
    }
}
