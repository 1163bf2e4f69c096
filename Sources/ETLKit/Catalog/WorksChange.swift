/// How rebuilding the kept set changed the `works` table.
public struct WorksChange: Sendable, Equatable {
    public var added: Int
    public var removed: Int
    public var kept: Int
}
