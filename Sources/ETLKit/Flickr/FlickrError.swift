/// Flickr's answers that end a crawl: `{"stat":"fail","code":N,"message":…}`.
public enum FlickrError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Code 100: the key is wrong; retrying cannot help.
    case invalidKey(message: String)
    /// More than 4,000 photos match within one second of upload: no
    /// window can list them (or the API ignores `min_upload_date`).
    case unsplittable(second: Int, total: Int)
    /// Any other code that retrying cannot help (3: no search terms, 112: unknown method …).
    case apiError(code: Int, message: String)

    public var description: String {
        switch self {
        case .invalidKey(let message):
            return "Flickr refused the API key (error 100: \(TerminalText.escaped(message))); check FLICKR_API_KEY"
        case .unsplittable(let second, let total):
            return "\(total) photos match within one second of upload (\(second)); Flickr serves 4,000 of a query at most, "
                + "so they cannot all be listed (an --api that ignores min_upload_date looks the same); nothing was withdrawn"
        case .apiError(let code, let message):
            return "Flickr answered error \(code): \(TerminalText.escaped(message))"
        }
    }
}
