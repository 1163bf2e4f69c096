/// How a full listing changed the catalog's set of objects.
public struct ListingChanges: Sendable, Equatable {
    /// IDs listed for the first time.
    public var added: Int
    /// IDs the catalog knew that the listing no longer names.
    public var withdrawn: Int
    /// Withdrawn IDs that the listing names again.
    public var relisted: Int
}
