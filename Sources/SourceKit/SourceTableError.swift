/// A source's mapping that does not match its table: a bug in the
/// source, caught by its tests, never by a user's catalog (nothing of the
/// batch is stored).
package struct SourceTableError: Error, Equatable, Sendable, CustomStringConvertible {
    package var table: String
    package var column: String
    package var problem: String

    package var description: String { "\(table).\(column) \(problem)" }
}
