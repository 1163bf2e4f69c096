/// A request that produced no complete HTTP response.
public enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL could not be used (bad scheme, malformed).
    case invalidURL(String)
    /// No connection could be made (refused, DNS failure, unreachable).
    case cannotConnect(url: String, reason: String)
    /// The request did not finish within the timeout.
    case timedOut(url: String, seconds: Double)
    /// The connection was closed or reset before a complete response arrived.
    case connectionReset(url: String, reason: String)
    /// The body ended before its announced Content-Length.
    case truncatedBody(url: String, reason: String)
    /// The body was larger than the configured limit and was not read.
    case bodyTooLarge(url: String, limit: Int)
    /// Any other transport failure.
    case transport(url: String, reason: String)
    /// The HTTP client could not start: the system refused what it needs
    /// (a pipe, a thread: too many open files under `ulimit -n`).
    case cannotStart(reason: String)

    public var description: String {
        switch self {
        case .invalidURL(let url):
            return "invalid URL '\(url)': expected an http:// or https:// URL"
        case .cannotConnect(let url, let reason):
            return "cannot connect to \(url): \(reason)"
        case .timedOut(let url, let seconds):
            return "request to \(url) timed out after \(Self.format(seconds)) s"
        case .connectionReset(let url, let reason):
            return "connection reset while fetching \(url): \(reason)"
        case .truncatedBody(let url, let reason):
            return "truncated body from \(url): \(reason)"
        case .bodyTooLarge(let url, let limit):
            return "response from \(url) is larger than \(limit) bytes; refused"
        case .transport(let url, let reason):
            return "request to \(url) failed: \(reason)"
        case .cannotStart(let reason):
            return "cannot start the HTTP client: \(reason); raise the limit (ulimit -n for open files) or free the resource, and run again"
        }
    }

    /// Whether trying the same request again may succeed.
    public var isRetryable: Bool {
        switch self {
        case .timedOut, .connectionReset, .truncatedBody, .transport, .cannotConnect: return true
        case .invalidURL, .bodyTooLarge, .cannotStart: return false
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

extension HTTPError {
    /// The failure category a request that ended this way falls in.
    public var category: FetchFailure.Category {
        switch self {
        case .invalidURL: return .invalidURL
        case .cannotConnect: return .unreachable
        case .timedOut: return .timeout
        case .connectionReset, .transport, .cannotStart: return .network
        case .truncatedBody: return .truncated
        case .bodyTooLarge: return .tooLarge
        }
    }
}
