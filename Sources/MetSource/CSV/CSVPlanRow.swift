import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// One MetObjects.csv data row reduced to what planning needs.
package struct CSVPlanRow: Sendable, Equatable {
    /// The row's `Object ID`.
    package let objectID: Int
    /// Whether the row's own fields could let the object pass.
    package let verdict: CSVVerdict

    /// Creates a plan row; `MetObjectsCSV` builds these, tests compare them.
    package init(objectID: Int, verdict: CSVVerdict) {
        self.objectID = objectID
        self.verdict = verdict
    }
}
