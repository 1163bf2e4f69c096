import ETLCore

/// How a source fills the shared work fields (``SharedColumn``) from one of
/// its records. Each entry names the columns it fills, says in the source's
/// words where they come from (what ``SourceAttribution/fields`` gives
/// `metadata.json` and `docs/catalog.md`) and reads them. One list says
/// both, so the documentation cannot part from what the catalog stores.
/// `Context` is what a run adds to a record (the picture size asked, the
/// picture URLs' base).
package struct WorkMap<Context: Sendable>: Sendable {
    /// A record as an entry reads it: its JSON, the ID ``RecordCheck``
    /// keyed it by, and the run's context.
    package struct Record: Sendable {
        package var json: JSONValue
        package var id: Int
        package var context: Context

        /// The record's field at `path` (`"images", "web", "url"`).
        package subscript(path path: [String]) -> JSONValue? { path.reduce(Optional(json)) { $0?[$1] } }
    }

    package struct Entry: Sendable {
        /// The columns it fills, each with where it comes from.
        package var fields: [(column: SharedColumn, source: String)]
        let fill: @Sendable (inout ListedItem, Record) -> Void
    }

    /// Which complete items are the same work (the smallest ID is kept).
    package enum Duplicates: Sendable {
        /// None: each item is its own.
        case none
        /// The Met's rule: the same normalized creator and title (``DuplicateKey``).
        case creatorAndTitle
    }

    package let entries: [Entry]
    package let duplicates: Duplicates

    /// A column filled by two entries would be documented once and
    /// stored from whichever came last: a mistake in the source.
    package init(duplicates: Duplicates = .none, _ entries: [Entry]) {
        let columns = entries.flatMap { $0.fields.map(\.column) }
        precondition(Set(columns).count == columns.count, "a shared column is filled once")
        self.entries = entries
        self.duplicates = duplicates
    }

    /// Where each shared column comes from. `object_id` is the record's
    /// `id` (what ``RecordCheck`` reads); an item with no end year has its
    /// begin year stored as both (``Catalog/store(_:table:at:)``), and says so.
    package var fields: [SharedColumn: String] {
        var fields: [SharedColumn: String] = [.objectID: "`id`"]
        for (column, source) in entries.flatMap(\.fields) { fields[column] = source }
        if fields[.objectEndDate] == nil { fields[.objectEndDate] = fields[.objectBeginDate] }
        return fields
    }

    /// Fills `item`'s shared fields from `json`, the record it was keyed
    /// from, and, once they are filled, its duplicate key when it is complete.
    package func fill(_ item: inout ListedItem, from json: JSONValue, _ context: Context) {
        let record = Record(json: json, id: item.id, context: context)
        for entry in entries { entry.fill(&item, record) }
        if duplicates == .creatorAndTitle && item.isComplete { item.duplicateKey = DuplicateKey.of(artist: item.creator, title: item.title) }
    }
}

extension WorkMap.Entry {
    /// A text column, as `read` gives it; `source` says where it comes from.
    package static func text(_ column: SharedColumn, _ source: String, _ read: @escaping @Sendable (WorkMap.Record) -> String?) -> Self {
        precondition(ListedItem.text(column) != nil, "works.\(column.rawValue) is no text an item carries")
        // A link-back is kept only when an app may follow it (``WebLink``).
        let isLink = column == .objectURL || column == .rightsURL
        return Self(fields: [(column, source)]) { item, record in
            if let path = ListedItem.text(column) { item[keyPath: path] = isLink ? WebLink.checked(read(record)) : read(record) }
        }
    }

    /// An integer column (a year, a size), as `read` gives it.
    package static func number(_ column: SharedColumn, _ source: String, _ read: @escaping @Sendable (WorkMap.Record) -> Int?) -> Self {
        precondition(ListedItem.number(column) != nil, "works.\(column.rawValue) is no number an item carries")
        return Self(fields: [(column, source)]) { item, record in
            if let path = ListedItem.number(column) { item[keyPath: path] = read(record) }
        }
    }

    /// The record's field at `path` as the API writes it: a text column
    /// takes a string (blank or not), an integer column a JSON integer
    /// (``ListedItem/year(_:)``); anything else is NULL.
    package static func copy(_ column: SharedColumn, _ path: String...) -> Self {
        if ListedItem.number(column) != nil { return number(column, named(path)) { ListedItem.year($0[path: path]) } }
        return text(column, named(path)) { $0[path: path]?.string }
    }

    /// The record's string at `path` when it shows something (``VisibleText``), else NULL.
    package static func shown(_ column: SharedColumn, _ path: String...) -> Self {
        text(column, named(path)) { $0[path: path]?.nonBlankString }
    }

    /// The year a date written `YYYY-…` at `path` begins with (``ListedItem/year(ofDate:)``).
    package static func yearOfDate(_ column: SharedColumn, _ path: String...) -> Self {
        number(column, "the year of \(named(path))") { ListedItem.year(ofDate: $0[path: path]?.string) }
    }

    /// `rights` and `rights_url` from what `read` gives; `source` and
    /// `url` say where each comes from.
    package static func rights(_ source: String, url: String, _ read: @escaping @Sendable (WorkMap.Record) -> Rights?) -> Self {
        Self(fields: [(.rights, source), (.rightsURL, url)]) { item, record in
            let rights = read(record)
            (item.rights, item.rightsURL) = (rights?.name, WebLink.checked(rights?.url))
        }
    }

    /// `rights` when the record `holds` (the museums' open access: CC0 when
    /// the record says public domain), else none; `condition` says when.
    package static func rights(_ rights: Rights, when condition: String, _ holds: @escaping @Sendable (WorkMap.Record) -> Bool) -> Self {
        self.rights("\(rights.name) when \(condition)", url: "\(rights.name)'s text, with rights") { holds($0) ? rights : nil }
    }

    /// A field's path as the documentation names it: `` `images.web.url` ``.
    private static func named(_ path: [String]) -> String { "`\(path.joined(separator: "."))`" }
}
