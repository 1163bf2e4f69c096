import ETLCore
import Store

/// A record as a source's completeness rule reads it: keyed by its ID, the
/// reasons it breaks gathered field by field, in the order the rule reads
/// them (the order they are stored in). Every source's rule starts so.
package struct RecordCheck: Sendable {
    package let record: JSONValue
    package let id: Int
    package private(set) var reasons: [RejectionReason]

    /// Nil when the record has no ID to key it by; an ID spelled the other
    /// way keys it but breaks the rule (``ListedItem/id(_:spelled:)``).
    package init?(_ record: JSONValue, id spelling: ListedItem.IDSpelling = .integer) {
        guard let (id, invalid) = ListedItem.id(record["id"], spelled: spelling) else { return nil }
        (self.record, self.id, reasons) = (record, id, invalid ? [.invalidID] : [])
    }

    /// `value`; when it is nil, the record breaks the rule for `reason`.
    @discardableResult
    package mutating func require<Value>(_ value: Value?, else reason: RejectionReason) -> Value? {
        if value == nil { reasons.append(reason) }
        return value
    }

    /// The record's `field` when it is a string that shows something, else
    /// nil and `reason`.
    @discardableResult
    package mutating func text(_ field: String, else reason: RejectionReason) -> String? {
        require(record[field]?.nonBlankString, else: reason)
    }

    /// The record breaks the rule for `reason` unless `holds`.
    package mutating func expect(_ holds: Bool, else reason: RejectionReason) {
        if !holds { reasons.append(reason) }
    }

    /// The record as an item: its ID, its JSON re-encoded, the reasons
    /// found so far and the source table's columns.
    package func item(details: [String: DatabaseValue]) -> ListedItem {
        ListedItem(id: id, rawJSON: record.encoded, reasons: reasons, details: details)
    }

    /// The record as an item whose shared fields `work` fills (with the
    /// run's `context`); `details` gives its own columns from the filled
    /// item (a column may repeat a shared field, such as the page's URL).
    package func item<Context>(
        _ work: WorkMap<Context>, _ context: Context, details: (ListedItem) -> [String: DatabaseValue]
    ) -> ListedItem {
        var item = item(details: [:])
        work.fill(&item, from: record, context)
        item.details = details(item)
        return item
    }

    /// The record as an item of `table`: its copied columns from the
    /// record, the others `computed` from the filled item.
    package func item<Context>(
        _ work: WorkMap<Context>, _ context: Context, table: SourceTable, computed: (ListedItem) -> [String: DatabaseValue]
    ) -> ListedItem {
        item(work, context) { table.values(of: record, computed: computed($0)) }
    }
}
