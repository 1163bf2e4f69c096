import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// Totals from one pass over MetObjects.csv.
package struct CSVReadSummary: Sendable, Equatable {
    /// How many of the first bad rows keep their error, so a broken file
    /// does not grow the summary without bound.
    package static let keptBadRowLimit = 10

    /// Data records read after the header, good and bad.
    package internal(set) var rowsRead = 0
    /// Records skipped for a wrong field count or an unusable Object ID.
    package internal(set) var badRows = 0
    /// The errors of the first `keptBadRowLimit` bad rows, in file order.
    package internal(set) var firstBadRowErrors: [CSVError] = []
    /// Rows whose verdict is `.likelyComplete`.
    package internal(set) var likelyComplete = 0
    /// Rows whose verdict is `.cannotPass`.
    package internal(set) var cannotPass = 0
    /// How often each `.cannotPass` reason occurred; a row can count
    /// towards several reasons.
    package internal(set) var reasonCounts: [RejectionReason: Int] = [:]

    /// Creates an empty summary.
    package init() {}

    /// The line numbers where the first few bad rows start.
    package var firstBadRowLines: [Int] {
        firstBadRowErrors.compactMap { error in
            switch error {
            case let .wrongFieldCount(_, line, _, _), let .invalidObjectID(_, line, _):
                return line
            default:
                return nil
            }
        }
    }

    package mutating func recordBadRow(_ error: CSVError) {
        badRows += 1
        if firstBadRowErrors.count < Self.keptBadRowLimit {
            firstBadRowErrors.append(error)
        }
    }

    package mutating func recordVerdict(_ verdict: CSVVerdict) {
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
