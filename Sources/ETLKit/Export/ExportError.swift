/// Why `etl export` could not write its file.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    /// A signal stopped the export; a file export left its target as it was.
    case interrupted

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "cannot write the export '\(path)': \(reason)"
        case .interrupted:
            return "the export was stopped by a signal; nothing was replaced"
        }
    }
}
