import ETLCore

/// Flickr's answers that end a crawl: `{"stat":"fail","code":N,"message":…}`.
package enum FlickrError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Code 100: the key is wrong; retrying cannot help.
    case invalidKey(message: String)
    /// Photos outside the upload-date window asked for: the API (`--api`)
    /// ignores `min_upload_date`, so no window can split a large result.
    case ignoresUploadDates(api: String)
    /// Any other code that retrying cannot help (3: no search terms, 112: unknown method …).
    case apiError(code: Int, message: String)

    package var description: String {
        switch self {
        case .invalidKey(let message):
            return "Flickr refused the API key (error 100: \(TerminalText.escaped(message))); check FLICKR_API_KEY"
        case .ignoresUploadDates(let api):
            return "\(api) answered photos outside the upload dates asked for; it ignores min_upload_date, "
                + "so more than 4,000 results cannot be listed; nothing was withdrawn"
        case .apiError(let code, let message):
            return "Flickr answered error \(code): \(TerminalText.escaped(message))"
        }
    }
}
