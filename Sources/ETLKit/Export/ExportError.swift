/// Why `etl export` could not write its file.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "cannot write the export '\(path)': \(reason)"
        }
    }
}
