extension HTTPError {
    /// The same error with `signedURL` shown as `url` and any secret masked
    /// (in any spelling: see ``SecretMask``).
    public func hiding(_ signedURL: String, as url: String, secrets: [String]) -> HTTPError {
        let mask = SecretMask(secrets)
        func clean(_ text: String) -> String {
            mask.masked(text.replacingOccurrences(of: signedURL, with: url))
        }
        switch self {
        case .invalidURL(let shown): return .invalidURL(clean(shown))
        case .cannotConnect(let shown, let reason): return .cannotConnect(url: clean(shown), reason: clean(reason))
        case .timedOut(let shown, let seconds): return .timedOut(url: clean(shown), seconds: seconds)
        case .connectionReset(let shown, let reason): return .connectionReset(url: clean(shown), reason: clean(reason))
        case .truncatedBody(let shown, let reason): return .truncatedBody(url: clean(shown), reason: clean(reason))
        case .bodyTooLarge(let shown, let limit): return .bodyTooLarge(url: clean(shown), limit: limit)
        case .transport(let shown, let reason): return .transport(url: clean(shown), reason: clean(reason))
        case .cannotStart(let reason): return .cannotStart(reason: clean(reason))
        }
    }
}
