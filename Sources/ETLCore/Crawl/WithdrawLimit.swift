import FetchEngine
import Store

/// How much of the catalog one listing may withdraw (`--max-withdraw`).
///
/// A listing that suddenly omits most IDs is far likelier a broken answer
/// (an empty array, a truncated page) than the museum withdrawing its
/// collection; acting on it would empty `works` and every page file.
package struct WithdrawLimit: Sendable, Equatable {
    /// Percent of the listed objects, 0…100; 100 allows any.
    package var percent: Double
    /// The listing's URL, for the error.
    package var url: String

    package init(percent: Double, url: String) {
        self.percent = percent
        self.url = url
    }

    package static let any = WithdrawLimit(percent: 100, url: "")
}
