import ETLCore

/// A listing page that holds its records in one JSON array and says how
/// many its window holds (`results` and `total_results`, `data` and
/// `pagination.total`): the decoding every source's page shares.
package protocol RecordsPage: ListingPage {
    var total: Int { get }
    var records: [JSONValue] { get }
}

extension RecordsPage {
    package var listedTotal: Int? { total }
    package var itemCount: Int { records.count }

    /// `json`'s array under `records` and the count at the path `total`
    /// (`"pagination", "total"`); nil when either is missing or the count
    /// is no count (then `json` is no such page). `digits`: a count may
    /// come as a string of digits.
    package static func listed(_ json: JSONValue?, records: String, total: String..., digits: Bool = false) -> (records: [JSONValue], total: Int)? {
        listed(json, records: records, totalAt: total, digits: digits)
    }

    package static func listed(_ json: JSONValue?, records: String, totalAt total: [String], digits: Bool) -> (records: [JSONValue], total: Int)? {
        guard let records = json?[records]?.array,
              let total = count(total.reduce(json) { $0?[$1] }, digits: digits) else { return nil }
        return (records, total)
    }

    /// A count the API sent: a JSON integer ≥ 0, or a string of digits
    /// where `digits` allows (some APIs send both); nil otherwise.
    package static func count(_ value: JSONValue?, digits: Bool = true) -> Int? {
        switch value {
        case .integer(let number)?: return number >= 0 ? Int(exactly: number) : nil
        case .string(let text)? where digits: return Int(text).flatMap { $0 >= 0 ? $0 : nil }
        default: return nil
        }
    }
}
