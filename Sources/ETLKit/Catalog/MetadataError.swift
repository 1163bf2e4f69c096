/// Why the Datasette metadata beside the catalog was not written.
public enum MetadataError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "cannot write the catalog metadata '\(path)': \(reason)"
        }
    }
}
