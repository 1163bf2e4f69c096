import FetchEngine
import Store

/// Text without the HTML markup some records carry in their titles
/// (`Sword (<i>Wakizashi</i>)`), for display, sorting and search.
package enum PlainText {
    /// `text` with tags removed, the five XML entities and `&nbsp;` decoded,
    /// and whitespace runs collapsed; nil for nil.
    package static func from(markup text: String?) -> String? {
        guard let text else { return nil }
        // Bytes, not `contains("<")`: that spelling resolves to Foundation's
        // NSString search, about 1% of a crawl's CPU samples on its own.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) else { return collapsed(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "<", let end = tagEnd(in: text, from: index) {
                index = end
                continue
            }
            if character == "&", let (decoded, end) = entity(in: text, from: index) {
                result.append(decoded)
                index = end
                continue
            }
            result.append(character)
            index = text.index(after: index)
        }
        return collapsed(result)
    }

    private static func collapsed(_ text: String) -> String {
        if isCollapsedASCII(text) { return text }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether `text` is ASCII with single spaces between words and none at
    /// either end (most titles): collapsing would return it unchanged.
    private static func isCollapsedASCII(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            if byte >= 0x80 || (0x09...0x0D).contains(byte) || (byte == 0x20 && previous == 0x20) { return false }
            previous = byte
        }
        return previous != 0x20
    }

    /// The index after the `>` closing a tag that starts at `start`: `<` then
    /// a letter, `/` or `!`, so "a < b" and "<3" stay text.
    private static func tagEnd(in text: String, from start: String.Index) -> String.Index? {
        let next = text.index(after: start)
        guard next < text.endIndex else { return nil }
        let first = text[next]
        guard first.isLetter || first == "/" || first == "!" else { return nil }
        guard let close = text[next...].firstIndex(of: ">") else { return nil }
        return text.index(after: close)
    }

    private static let entities: [Substring: Character] = [
        "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&apos;": "'", "&#39;": "'", "&nbsp;": " ",
    ]

    private static func entity(in text: String, from start: String.Index) -> (Character, String.Index)? {
        guard let semicolon = text[start...].prefix(7).firstIndex(of: ";") else { return nil }
        let end = text.index(after: semicolon)
        guard let character = entities[text[start..<end]] else { return nil }
        return (character, end)
    }
}
