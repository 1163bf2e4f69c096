import ETLCore

/// AIC's answers that end a crawl: a JSON error (`{"status", "error",
/// "detail"}`) that retrying cannot help.
package enum AICError: Error, Equatable, Sendable, CustomStringConvertible {
    case apiError(status: Int, error: String, detail: String)

    package var description: String {
        switch self {
        case .apiError(let status, let error, let detail):
            return "the Art Institute of Chicago's API answered HTTP \(status): \(TerminalText.escaped(error))"
                + (detail.isEmpty ? "" : " (\(TerminalText.escaped(detail)))")
        }
    }
}
