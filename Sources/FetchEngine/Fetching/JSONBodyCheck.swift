/// Says what is wrong with a body that should be JSON, in words an operator
/// can act on: empty, not UTF-8, nesting too deep, or where the syntax
/// breaks. Strict RFC 8259 (no raw control characters in strings, escaped
/// surrogates must pair), with a depth limit so hostile input cannot
/// exhaust the stack.
public enum JSONBodyCheck {
    public static let maxDepth = 512

    /// nil when `body` is well-formed JSON.
    public static func problem(in body: [UInt8]) -> String? {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return body.isEmpty ? "empty body" : "body is only white space"
        }
        if let offset = invalidUTF8Offset(body) { return "body is not UTF-8 (bad byte at offset \(offset))" }
        var parser = Parser(bytes: body)
        do {
            parser.skipSpace()
            try parser.value(depth: 0)
            parser.skipSpace()
            if parser.index < body.count { throw Parser.Failure.syntax(parser.index, "data after the JSON value") }
            return nil
        } catch Parser.Failure.tooDeep {
            return "body is nested more than \(maxDepth) levels deep"
        } catch Parser.Failure.syntax(let offset, let what) {
            return "body is not JSON (\(what) at offset \(offset))"
        } catch {
            return "body is not JSON"
        }
    }

    static func invalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer(UTF8Validator.firstInvalidOffset)
    }

    private struct Parser {
        enum Failure: Error {
            case syntax(Int, String)
            case tooDeep
        }

        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws {
            guard index < bytes.count else { throw Failure.syntax(index, "unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try container(close: UInt8(ascii: "}"), isObject: true, depth: depth + 1)
            case UInt8(ascii: "["): try container(close: UInt8(ascii: "]"), isObject: false, depth: depth + 1)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: try number()
            }
        }

        mutating func container(close: UInt8, isObject: Bool, depth: Int) throws {
            guard depth <= JSONBodyCheck.maxDepth else { throw Failure.tooDeep }
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == close {
                index += 1
                return
            }
            while true {
                skipSpace()
                if isObject {
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Failure.syntax(index, "expected a key") }
                    try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw Failure.syntax(index, "expected ':'") }
                    index += 1
                    skipSpace()
                }
                try value(depth: depth)
                skipSpace()
                guard index < bytes.count else { throw Failure.syntax(index, "unexpected end") }
                if bytes[index] == close {
                    index += 1
                    return
                }
                guard bytes[index] == UInt8(ascii: ",") else { throw Failure.syntax(index, "expected ',' or a closing bracket") }
                index += 1
            }
        }

        mutating func string() throws {
            index += 1
            var pendingHighSurrogate = false
            while index < bytes.count {
                let byte = bytes[index]
                if pendingHighSurrogate && byte != UInt8(ascii: "\\") { throw Failure.syntax(index, "unpaired surrogate escape") }
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return
                case 0x00..<0x20:
                    throw Failure.syntax(index, "raw control character U+\(String(byte, radix: 16, uppercase: true)) in a string")
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { break }
                    let escape = bytes[index]
                    if escape == UInt8(ascii: "u") {
                        let code = try hex4()
                        let isHigh = (0xD800...0xDBFF).contains(code)
                        let isLow = (0xDC00...0xDFFF).contains(code)
                        if pendingHighSurrogate != isLow { throw Failure.syntax(index, "unpaired surrogate escape") }
                        pendingHighSurrogate = isHigh
                        continue
                    }
                    if pendingHighSurrogate { throw Failure.syntax(index, "unpaired surrogate escape") }
                    guard "\"\\/bfnrt".utf8.contains(escape) else { throw Failure.syntax(index, "bad escape") }
                    index += 1
                default:
                    index += 1
                }
            }
            throw Failure.syntax(index, "unterminated string")
        }

        /// Reads the four hex digits after `\u` and moves past them.
        mutating func hex4() throws -> Int {
            guard index + 4 < bytes.count else { throw Failure.syntax(index, "short \\u escape") }
            var value = 0
            for byte in bytes[(index + 1)...(index + 4)] {
                guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { throw Failure.syntax(index, "bad \\u escape") }
                value = value * 16 + digit
            }
            index += 5
            return value
        }

        mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<(index + expected.count)]) == expected else {
                throw Failure.syntax(index, "unexpected character")
            }
            index += expected.count
        }

        mutating func number() throws {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digitsStart = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > digitsStart else { throw Failure.syntax(start, "unexpected character") }
            if bytes[digitsStart] == 0x30 && index - digitsStart > 1 { throw Failure.syntax(start, "leading zero") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let fraction = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                guard index > fraction else { throw Failure.syntax(index, "bad number") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                let exponent = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                guard index > exponent else { throw Failure.syntax(index, "bad number") }
            }
        }
    }
}
