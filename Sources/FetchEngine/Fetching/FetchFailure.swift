import Foundation

/// Why an item's request failed.
public struct FetchFailure: Sendable, Equatable {
    public enum Category: String, Sendable {
        case status, timeout, network, truncated, refused, badBody, tooLarge, invalidURL, unreachable
        /// The machine, not the answer: memory or a thread ran short handling it.
        case resources
    }

    public var category: Category
    public var reason: String
    public var status: Int?
    /// The answer's `Content-Type`, when there was an answer.
    public var contentType: String?

    public init(_ category: Category, reason: String, status: Int? = nil, contentType: String? = nil) {
        self.category = category
        self.reason = reason
        self.status = status
        self.contentType = contentType
    }

    /// The same failure, its reason saying how many answers it took.
    public func after(_ attempts: Int, _ what: String = "attempts") -> FetchFailure {
        var copy = self
        copy.reason += " (after \(attempts) \(what))"
        return copy
    }

    /// The failure of a request given up on while the server asked to wait
    /// `seconds` (`Retry-After`) past what the run waits.
    public func asking(_ seconds: Double) -> FetchFailure {
        var copy = self
        copy.reason += "; the server asked to wait \(String(format: "%.0f", seconds)) s (Retry-After), longer than this run waits; run again later"
        return copy
    }
}
