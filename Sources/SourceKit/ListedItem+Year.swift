import ETLCore

extension ListedItem {
    /// A year as an API sends it: a JSON integer (BCE years negative); nil otherwise.
    package static func year(_ value: JSONValue?) -> Int? { value?.integer.flatMap { Int(exactly: $0) } }

    /// The year a date written `YYYY-…` begins with (`2024-05-01`,
    /// `2024-05-01 10:00:00`); nil when it begins otherwise.
    package static func year(ofDate date: String?) -> Int? { date.flatMap { Int($0.prefix(4)) } }
}
