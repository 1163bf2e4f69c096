/// Totals from one pass over MetObjects.csv.
public struct CSVReadSummary: Sendable, Equatable {
    /// How many of the first bad rows keep their error, so a broken file
    /// does not grow the summary without bound.
    public static let keptBadRowLimit = 10

    /// Data records read after the header, good and bad.
    public internal(set) var rowsRead = 0
    /// Records skipped for a wrong field count or an unusable Object ID.
    public internal(set) var badRows = 0
    /// The errors of the first `keptBadRowLimit` bad rows, in file order.
    public internal(set) var firstBadRowErrors: [CSVError] = []
    /// Rows whose verdict is `.likelyComplete`.
    public internal(set) var likelyComplete = 0
    /// Rows whose verdict is `.cannotPass`.
    public internal(set) var cannotPass = 0
    /// How often each `.cannotPass` reason occurred; a row can count
    /// towards several reasons.
    public internal(set) var reasonCounts: [String: Int] = [:]

    /// Creates an empty summary.
    public init() {}

    /// The line numbers where the first few bad rows start.
    public var firstBadRowLines: [Int] {
        firstBadRowErrors.compactMap { error in
            switch error {
            case let .wrongFieldCount(_, line, _, _), let .invalidObjectID(_, line, _):
                return line
            default:
                return nil
            }
        }
    }

    mutating func recordBadRow(_ error: CSVError) {
        badRows += 1
        if firstBadRowErrors.count < Self.keptBadRowLimit {
            firstBadRowErrors.append(error)
        }
    }

    mutating func recordVerdict(_ verdict: CSVVerdict) {
        switch verdict {
        case .likelyComplete:
            likelyComplete += 1
        case let .cannotPass(reasons):
            cannotPass += 1
            for reason in reasons {
                reasonCounts[reason, default: 0] += 1
            }
        }
    }
}
