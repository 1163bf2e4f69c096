/// Whether a text shows anything: the one test behind every rule's
/// "non-empty" (every source's required text fields, a CSV plan's fields).
///
/// A text of only whitespace, control characters or invisible format
/// characters (U+200B zero width space, U+2060 word joiner, a BOM, NUL,
/// the Hangul filler) would be an empty caption in an app, so it counts as
/// missing.
package enum VisibleText {
    package static func isVisible(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains(where: isVisible)
    }

    /// `text` when it is one line that shows something, as an option's
    /// value must be; throws ``InvalidValue`` otherwise.
    @Sendable package static func line(_ text: String) throws -> String {
        guard isVisible(text), !text.contains(where: \.isNewline) else {
            throw InvalidValue(expected: "a non-empty single line")
        }
        return text
    }

    package static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII first: nearly every text is decided by its first character.
        if scalar.isASCII { return scalar.value > 0x20 && scalar.value != 0x7F }
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return false }
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .unassigned, .surrogate:
            return false
        default:
            // Blank-looking letters the categories call visible.
            return scalar.value != 0x2800 && scalar.value != 0x3164 && scalar.value != 0xFFA0 && scalar.value != 0x115F
                && scalar.value != 0x1160
        }
    }
}
