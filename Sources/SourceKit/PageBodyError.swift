import ETLCore
import FetchEngine

/// Why a listing page's body is no page: said in the reason a page that
/// failed gives, so a server's mistake can be found in its answer.
package struct PageBodyError: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String
    /// The byte where JSON's syntax breaks, when that is why.
    var offset: Int?

    init(_ description: String, offset: Int? = nil) {
        self.description = description
        self.offset = offset
    }

    /// Text that is not UTF-8 from byte `offset` on.
    static func notUTF8(at offset: Int) -> PageBodyError { PageBodyError("byte \(offset) is not UTF-8") }

    /// An escaped UTF-16 surrogate (`code`, four hex digits) that is not half of a pair.
    static func loneSurrogate(_ code: String, at offset: Int) -> PageBodyError {
        PageBodyError("a lone surrogate \\u\(code) in a string at byte \(offset)")
    }

    /// Why `body` does not decode: its first byte that is not UTF-8, else
    /// its first lone surrogate escape, else the first byte that breaks
    /// JSON's syntax. `skip`: a records array already read apart, whose
    /// flaws are its records' own.
    static func of(_ body: [UInt8], outside skip: Range<Int> = 0..<0) -> PageBodyError {
        let parts = [body[..<skip.lowerBound], body[skip.upperBound...]]
        if let bad = parts.lazy.compactMap({ UTF8Validator.firstInvalidIndex(in: $0) }).first {
            return .notUTF8(at: bad)
        }
        for part in parts {
            var copy = Array(part)
            if let lone = SurrogateEscapes.mend(&copy) {
                return .loneSurrogate(lone.code, at: part.startIndex + lone.offset)
            }
        }
        if body.isEmpty { return PageBodyError("it is empty") }
        let broken = body.withUnsafeBufferPointer { buffer -> PageBodyError? in
            var scanner = PageScanner(bytes: buffer, path: [], limit: 0)
            if case .failure(let error) = scanner.scan() { return error }
            return nil
        }
        return broken ?? PageBodyError("it is not JSON")
    }
}
