import FetchEngine
import Store

/// Makes text from the network or from files safe to print on one line.
///
/// A server's `message`, an image URL or a line of an `--ids` file could
/// hold escape sequences (recolour, move the cursor, retitle the window),
/// CR/LF (forge a log line) or invisible characters (a BOM that makes
/// `'21830'` look valid). Every such character is shown as an escape
/// instead; all other text, accents included, passes unchanged.
package enum TerminalText {
    package static func escaped(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// `text` with each line escaped and the line breaks kept: for a summary
    /// of several lines whose values came from a catalog or the arguments (a
    /// folder, a failure name, a host), whichever field holds them.
    /// A line's own CRLF ending (a CSV record's) stays one.
    package static func escapedLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let endsLine = scalar == "\n" || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n")
            if endsLine || !isUnsafe(scalar) {
                result.append(scalar)
            } else {
                result.append(contentsOf: escaped(String(scalar)).unicodeScalars)
            }
        }
        return String(result)
    }

    /// C0 and C1 controls, DEL, and format characters that are invisible or
    /// reorder text (BOM, zero-width, bidirectional overrides).
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: return true
        default: return false
        }
    }
}
