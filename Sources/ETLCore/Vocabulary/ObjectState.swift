/// What fetching an object came to, as `objects.state` keeps it; the SQL
/// that tests a state is written from these cases, never by hand.
package enum ObjectState: String, CaseIterable, Sendable, Codable {
    /// Listed, never fetched.
    case pending
    /// A 200 with a record, stored exactly as received.
    case fetched
    /// 404: the API no longer has it.
    case gone
    /// Failed for good this run; fetched again next run.
    case failed
    /// 400: the API cannot parse the ID.
    case badID = "bad_id"

    /// The state as an SQL literal: `'fetched'`.
    package var sql: String { "'\(rawValue)'" }
}
