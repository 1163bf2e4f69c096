/// What the open-access CSV says about each object, held compactly so a
/// 500,000-row file costs a few megabytes once parsed.
public struct CrawlPlan: Sendable {
    /// Objects whose row shows they can pass the filter.
    public private(set) var likelyComplete: Set<Int> = []
    /// Objects whose row shows they cannot pass, with the reasons as bits.
    private var cannotPass: [Int: UInt8] = [:]
    /// What reading the CSV found (rows, bad rows).
    public private(set) var readSummary = CSVReadSummary()

    static let reasons = [
        MetObjectsCSV.notPublicDomainReason, MetObjectsCSV.missingArtistReason, MetObjectsCSV.missingTitleReason,
        MetObjectsCSV.missingClassificationReason, MetObjectsCSV.missingObjectDateReason,
    ]

    /// Streams the CSV at `path` into a plan.
    public init(csvPath: String) throws {
        var likely = Set<Int>()
        var cannot: [Int: UInt8] = [:]
        readSummary = try MetObjectsCSV(path: csvPath).forEachRow { row in
            switch row.verdict {
            case .likelyComplete:
                likely.insert(row.objectID)
            case .cannotPass(let reasons):
                var bits: UInt8 = 0
                for reason in reasons {
                    if let index = Self.reasons.firstIndex(of: reason) { bits |= 1 << UInt8(index) }
                }
                cannot[row.objectID] = bits
            }
        }
        likelyComplete = likely
        cannotPass = cannot
    }

    /// The plan's verdict for one object.
    public enum Verdict: Int, Sendable, Comparable {
        case likelyComplete = 0
        case unknown = 1
        case cannotPass = 2

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public func verdict(for id: Int) -> Verdict {
        if likelyComplete.contains(id) { return .likelyComplete }
        return cannotPass[id] == nil ? .unknown : .cannotPass
    }

    /// The CSV's reasons why `id` cannot pass (empty unless it cannot).
    public func reasons(for id: Int) -> [String] {
        guard let bits = cannotPass[id] else { return [] }
        return Self.reasons.indices.filter { bits & (1 << UInt8($0)) != 0 }.map { Self.reasons[$0] }
    }

    /// `ids` reordered: likely complete first, unknown next, cannot pass
    /// last; the order within each group is kept.
    public func ordered(_ ids: [Int]) -> [Int] {
        var groups: [[Int]] = [[], [], []]
        for id in ids { groups[verdict(for: id).rawValue].append(id) }
        return groups.flatMap { $0 }
    }

    /// Counts of `ids` per verdict.
    public func tally(_ ids: [Int]) -> (likelyComplete: Int, unknown: Int, cannotPass: Int) {
        var counts = [0, 0, 0]
        for id in ids { counts[verdict(for: id).rawValue] += 1 }
        return (counts[0], counts[1], counts[2])
    }
}
