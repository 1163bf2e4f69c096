/// Flickr's answers that end a crawl: `{"stat":"fail","code":N,"message":…}`.
public enum FlickrError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Code 100: the key is wrong; retrying cannot help.
    case invalidKey(message: String)
    /// Any other code that retrying cannot help (3: no search terms, 112: unknown method …).
    case apiError(code: Int, message: String)

    public var description: String {
        switch self {
        case .invalidKey(let message):
            return "Flickr refused the API key (error 100: \(TerminalText.escaped(message))); check FLICKR_API_KEY"
        case .apiError(let code, let message):
            return "Flickr answered error \(code): \(TerminalText.escaped(message))"
        }
    }
}
