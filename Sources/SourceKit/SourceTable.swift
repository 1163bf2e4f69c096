import ETLCore
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
        /// The path of the record's field the column copies; nil: the
        /// source computes the value.
        package var field: [String]? = nil

        package static func column(_ name: String, _ type: String, _ description: String) -> Column {
            Column(name: name, type: type, description: description)
        }

        /// A column holding the record's field at `path` (the column's own
        /// name when none is given), read as the column's type: TEXT a
        /// string, INTEGER an integer, REAL a number; anything else is NULL.
        package static func copy(_ name: String, _ type: String, _ description: String, from path: String...) -> Column {
            Column(name: name, type: type, description: description, field: path.isEmpty ? [name] : path)
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

    /// The values of an item's columns: copied ones from `record`, the
    /// others from `computed`.
    package func values(of record: JSONValue, computed: [String: DatabaseValue]) -> [String: DatabaseValue] {
        var values = computed
        for column in columns {
            guard let path = column.field else { continue }
            let field = path.reduce(Optional(record)) { $0?[$1] }
            switch column.type {
            case "INTEGER": values[column.name] = .int(field?.integer.map(Int.init))
            case "REAL": values[column.name] = field?.number.map { .real($0) } ?? .null
            default: values[column.name] = .text(field?.string)
            }
        }
        return values
    }

    package var createSQL: String {
        """
        CREATE TABLE IF NOT EXISTS \(name) (
            object_id INTEGER PRIMARY KEY REFERENCES objects (object_id),
            \(columns.map { "\($0.name) \($0.type)" }.joined(separator: ",\n    "))
        )
        """
    }

    /// `ALTER TABLE` statements adding the columns a table made by an
    /// earlier release lacks (`existing` are the names it has). A column
    /// added so stays NULL for a stored item until the item is listed
    /// again; a listing source reads its whole list each run.
    package func addColumnsSQL(existing: Set<String>) -> [String] {
        columns.filter { !existing.contains($0.name) }.map { "ALTER TABLE \(name) ADD COLUMN \($0.name) \($0.type)" }
    }

    /// The arguments of ``upsertSQL`` for the item `id` whose own columns
    /// are `values`, by name: every declared column once, no other.
    package func arguments(id: DatabaseValue, values: [String: DatabaseValue]) throws(SourceTableError) -> [DatabaseValue] {
        if let unknown = values.keys.sorted().first(where: { key in !columns.contains { $0.name == key } }) {
            throw SourceTableError(table: name, column: unknown, problem: "is not one of its columns")
        }
        var arguments = [id]
        for column in columns {
            guard let value = values[column.name] else {
                throw SourceTableError(table: name, column: column.name, problem: "has no value")
            }
            arguments.append(value)
        }
        return arguments
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
