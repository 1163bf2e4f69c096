import ETLCore

/// TMDB's answers that end a crawl: `{"success": false, "status_code": N, "status_message": …}`.
package enum TMDBError: Error, Equatable, Sendable, CustomStringConvertible {
    /// HTTP 401, code 7 (or 3): the key or token is wrong.
    case invalidCredential(message: String)
    /// Any other answer that retrying cannot help (404 code 34, 400 code 22 …).
    case apiError(status: Int, code: Int, message: String)

    package var description: String {
        switch self {
        case .invalidCredential(let message):
            return "TMDB refused the credential (\(TerminalText.escaped(message))); check TMDB_READ_TOKEN or TMDB_API_KEY"
        case .apiError(let status, let code, let message):
            return "TMDB answered HTTP \(status), error \(code): \(TerminalText.escaped(message))"
        }
    }
}
