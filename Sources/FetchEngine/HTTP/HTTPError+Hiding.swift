extension HTTPError {
    /// The same error with `signedURL` shown as `url` and any secret masked.
    public func hiding(_ signedURL: String, as url: String, secrets: [String]) -> HTTPError {
        func clean(_ text: String) -> String {
            var text = text.replacingOccurrences(of: signedURL, with: url)
            for secret in secrets where !secret.isEmpty { text = text.replacingOccurrences(of: secret, with: "***") }
            return text
        }
        switch self {
        case .invalidURL(let shown): return .invalidURL(clean(shown))
        case .cannotConnect(let shown, let reason): return .cannotConnect(url: clean(shown), reason: clean(reason))
        case .timedOut(let shown, let seconds): return .timedOut(url: clean(shown), seconds: seconds)
        case .connectionReset(let shown, let reason): return .connectionReset(url: clean(shown), reason: clean(reason))
        case .truncatedBody(let shown, let reason): return .truncatedBody(url: clean(shown), reason: clean(reason))
        case .bodyTooLarge(let shown, let limit): return .bodyTooLarge(url: clean(shown), limit: limit)
        case .transport(let shown, let reason): return .transport(url: clean(shown), reason: clean(reason))
        }
    }
}
