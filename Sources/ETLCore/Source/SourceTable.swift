import FetchEngine
import Store

/// A source's own columns, in a table of their own beside the shared core
/// (`objects`, `works`, `rejections`, `runs`, `page_lines`), keyed by
/// `object_id` so a query joins it to `works`.
package struct SourceTable: Sendable {
    package struct Column: Sendable {
        package var name: String
        package var type: String
        package var description: String

        package static func column(_ name: String, _ type: String, _ description: String) -> Column {
            Column(name: name, type: type, description: description)
        }
    }

    package let name: String
    package let description: String
    package let columns: [Column]

    package init(name: String, description: String, columns: [Column]) {
        self.name = name
        self.description = description
        self.columns = columns
    }

    package var createSQL: String {
        """
        CREATE TABLE IF NOT EXISTS \(name) (
            object_id INTEGER PRIMARY KEY REFERENCES objects (object_id),
            \(columns.map { "\($0.name) \($0.type)" }.joined(separator: ",\n    "))
        )
        """
    }

    package var upsertSQL: String {
        let names = columns.map(\.name)
        return """
            INSERT INTO \(name) (object_id, \(names.joined(separator: ", ")))
            VALUES (?\(String(repeating: ", ?", count: names.count)))
            ON CONFLICT (object_id) DO UPDATE SET \(names.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """
    }
}
