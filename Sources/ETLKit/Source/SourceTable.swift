/// A source's own columns, in a table of their own beside the shared core
/// (`objects`, `works`, `rejections`, `runs`, `page_lines`), keyed by
/// `object_id` so a query joins it to `works`.
public struct SourceTable: Sendable {
    public struct Column: Sendable {
        public var name: String
        public var type: String
        public var description: String

        static func column(_ name: String, _ type: String, _ description: String) -> Column {
            Column(name: name, type: type, description: description)
        }
    }

    public let name: String
    public let description: String
    public let columns: [Column]

    var createSQL: String {
        """
        CREATE TABLE IF NOT EXISTS \(name) (
            object_id INTEGER PRIMARY KEY REFERENCES objects (object_id),
            \(columns.map { "\($0.name) \($0.type)" }.joined(separator: ",\n    "))
        )
        """
    }

    var upsertSQL: String {
        let names = columns.map(\.name)
        return """
            INSERT INTO \(name) (object_id, \(names.joined(separator: ", ")))
            VALUES (?\(String(repeating: ", ?", count: names.count)))
            ON CONFLICT (object_id) DO UPDATE SET \(names.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """
    }
}

extension CatalogDescription.Table {
    /// A source table as `metadata.json` and the docs describe it.
    init(source table: SourceTable) {
        self.init(
            name: table.name, description: table.description,
            columns: [("object_id", "The item's ID at the source; joins to works and objects")]
                + table.columns.map { ($0.name, $0.description) })
    }
}
