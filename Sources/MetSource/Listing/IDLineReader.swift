import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// Parses an `--ids` file chunk by chunk: one positive decimal ID a line.
///
/// Memory is bounded by the IDs kept, never by the file: a line is held
/// only up to ``maxLineBytes`` before it is rejected.
package struct IDLineReader {
    /// Longer than any ID with surrounding blanks: `9223372036854775807` is 19 digits.
    package static let maxLineBytes = 64
    /// Lines read at most: four times the Met's collection. An endless input
    /// (a pipe that never closes) ends here instead of filling memory.
    package static let maxLines = 2_000_000

    package let path: String
    package private(set) var result = ObjectListingBody(ids: [])
    private var seen = Set<Int>()
    private var line: [UInt8] = []
    private var lineNumber = 1
    private var isLineTooLong = false
    private var isAtStart = true

    package init(path: String) {
        self.path = path
        line.reserveCapacity(Self.maxLineBytes)
    }

    package mutating func consume(_ bytes: ArraySlice<UInt8>) throws {
        for byte in bytes {
            if byte == 0x0A {
                try finishLine()
                continue
            }
            guard line.count < Self.maxLineBytes else {
                isLineTooLong = true
                try finishLine()
                continue
            }
            line.append(byte)
        }
    }

    package mutating func finish() throws -> ObjectListingBody {
        try finishLine(atEnd: true)
        return result
    }

    /// `atEnd`: the text after the last newline, empty when the file ends
    /// with one (so a file of exactly ``maxLines`` lines is whole).
    private mutating func finishLine(atEnd: Bool = false) throws {
        defer {
            line.removeAll(keepingCapacity: true)
            lineNumber += 1
        }
        guard lineNumber <= Self.maxLines || (atEnd && line.isEmpty) else {
            throw CrawlError.cannotReadIDs(path: path, reason: "more than \(Self.maxLines) lines; expected at most that many IDs, one a line")
        }
        var text = line[...]
        if isAtStart {
            isAtStart = false
            // A BOM (Windows editors add one) is invisible in an error message.
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        }
        if isLineTooLong { throw invalid(text, suffix: "…") }
        while let first = text.first, first == 0x20 || first == 0x09 || first == 0x0D { text = text.dropFirst() }
        while let last = text.last, last == 0x20 || last == 0x09 || last == 0x0D { text = text.dropLast() }
        guard !text.isEmpty else { return }
        var value = 0
        for byte in text {
            guard byte >= 0x30, byte <= 0x39, value < Int.max / 10 - 9 else { throw invalid(text) }
            value = value * 10 + Int(byte - 0x30)
        }
        guard value > 0 else { throw invalid(text) }
        if seen.insert(value).inserted {
            result.ids.append(value)
        } else {
            result.duplicateIDs += 1
        }
    }

    private func invalid(_ text: ArraySlice<UInt8>, suffix: String = "") -> CrawlError {
        let shown = String(decoding: text.prefix(40), as: UTF8.self)
        return CrawlError.invalidID(path: path, line: lineNumber, text: TerminalText.escaped(shown) + suffix)
    }
}
