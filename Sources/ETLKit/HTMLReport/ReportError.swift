/// Why `etl report` could not write its page.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "cannot write the report '\(path)': \(reason)"
        }
    }
}
