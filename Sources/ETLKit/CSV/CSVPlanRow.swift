/// One MetObjects.csv data row reduced to what planning needs.
public struct CSVPlanRow: Sendable, Equatable {
    /// The row's `Object ID`.
    public let objectID: Int
    /// Whether the row's own fields could let the object pass.
    public let verdict: CSVVerdict

    /// Creates a plan row; `MetObjectsCSV` builds these, tests compare them.
    public init(objectID: Int, verdict: CSVVerdict) {
        self.objectID = objectID
        self.verdict = verdict
    }
}
