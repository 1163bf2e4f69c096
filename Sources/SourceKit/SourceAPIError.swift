import ETLCore

/// An API's own answer that ends a crawl, written the same way for every
/// source: a refused credential (`X refused the API key (error 100: …);
/// check X_API_KEY`) or an error retrying cannot help (`X answered HTTP
/// 404, error 34: …`). The API's words are escaped when shown; the source
/// names itself, its credential and its variables.
package struct SourceAPIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Who answered, as the message names it ("the museum's API").
    package var api: String
    /// The credential the API refused, and what to check; nil for any other error.
    package var refused: Credential?
    /// The HTTP status and the API's own code, where they tell something.
    package var status: Int?
    package var code: Int?
    package var message: String
    /// More of the API's words, shown in parentheses when there are any.
    package var detail: String

    /// A credential as the message names it ("the API key") and the variables that hold it.
    package struct Credential: Equatable, Sendable {
        package var name: String
        package var variables: String

        package init(_ name: String, check variables: String) {
            self.name = name
            self.variables = variables
        }
    }

    package init(api: String, refused: Credential? = nil, status: Int? = nil, code: Int? = nil, message: String, detail: String = "") {
        self.api = api
        self.refused = refused
        self.status = status
        self.code = code
        self.message = message
        self.detail = detail
    }

    package var description: String {
        let numbers = [status.map { "HTTP \($0)" }, code.map { "error \($0)" }].compactMap { $0 }.joined(separator: ", ")
        let said = (numbers.isEmpty ? "" : numbers + ": ") + TerminalText.escaped(message)
            + (detail.isEmpty ? "" : " (\(TerminalText.escaped(detail)))")
        guard let refused else { return "\(api) answered \(said)" }
        return "\(api) refused \(refused.name) (\(said)); check \(refused.variables)"
    }
}
