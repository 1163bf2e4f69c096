import ETLCore
import FetchEngine

/// A listing page's body read with its records apart. The records array
/// at a known path is cut to the count asked: a page holding far more
/// (a server's mistake) has its extra records checked for syntax and
/// skipped, never built. Each record is decoded on its own, so one whose
/// text is not valid Unicode (bytes that are not UTF-8, an escaped lone
/// surrogate) is read without that text (its rule then rejects it if it
/// needed it) and noted, and the others on the page are read as sent.
package struct PageScan: Sendable, Equatable {
    /// The body with the records array as cut.
    package var json: JSONValue
    package var notes: Notes

    /// What reading the records found.
    package struct Notes: Sendable, Equatable {
        /// Why each record that could only be read in part was, by its place on the page.
        package var flaws: [Int: String] = [:]
        /// Records past the count asked, skipped.
        package var dropped = 0

        package init(flaws: [Int: String] = [:], dropped: Int = 0) {
            self.flaws = flaws
            self.dropped = dropped
        }
    }

    /// Nesting a page may have: deeper is no page (and no stack is spent on it).
    package static let maxDepth = 256

    /// Reads `body`, its records the array under the keys `path` cut to
    /// `limit`; a body without that array is decoded whole, as any JSON.
    /// Fails with why the body is no JSON.
    package static func read(_ body: [UInt8], records path: [String], limit: Int) -> Result<PageScan, PageBodyError> {
        let found = body.withUnsafeBufferPointer { buffer -> Result<PageScanner.Found?, PageBodyError> in
            var scanner = PageScanner(bytes: buffer, path: path.map { Array($0.utf8) }, limit: max(0, limit))
            return scanner.scan()
        }
        let records: PageScanner.Found
        switch found {
        case .failure(let error): return .failure(error)
        case .success(nil):
            guard let json = JSONValue.decode(body) else { return .failure(PageBodyError.of(body)) }
            return .success(PageScan(json: json, notes: Notes()))
        case .success(let located?): records = located
        }
        // The body around the records, their array emptied: what holds the total.
        let envelope = Array(body[..<(records.open + 1)]) + body[records.close...]
        guard let outer = JSONValue.decode(envelope) else { return .failure(PageBodyError.of(body, outside: records.open..<records.close)) }
        var notes = Notes(dropped: records.count - records.elements.count)
        var values: [JSONValue] = []
        values.reserveCapacity(records.elements.count)
        for (offset, range) in records.elements.enumerated() {
            let bytes = body[range]
            if let value = JSONValue.decode(bytes) {
                values.append(value)
                continue
            }
            let (value, flaw) = Self.lenient(bytes)
            values.append(value ?? .null)
            notes.flaws[offset] = flaw
        }
        return .success(PageScan(json: outer.setting(.array(values), at: path[...]), notes: notes))
    }

    /// A record JSON would not decode, each of its strings that is not
    /// valid Unicode read as absent (`null`; a key, with U+FFFD in place of
    /// its flaws), so the source's rule judges the record without it; and
    /// why, the first flaw. Nil when even so it is no JSON.
    static func lenient(_ bytes: ArraySlice<UInt8>) -> (JSONValue?, String) {
        var mended: [UInt8] = []
        mended.reserveCapacity(bytes.count)
        var reason: String?
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "\"") else {
                mended.append(bytes[index])
                index += 1
                continue
            }
            // The string with its quotes (to the end of the record when it is not closed).
            var end = index + 1
            while end < bytes.endIndex, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
            let string = bytes[index...min(end, bytes.endIndex - 1)]
            index = string.endIndex
            var copy = Array(string)
            let flaw = UTF8Validator.firstInvalidIndex(in: string).map { PageBodyError.notUTF8(at: $0).description }
                ?? SurrogateEscapes.mend(&copy).map { PageBodyError.loneSurrogate($0.code, at: string.startIndex + $0.offset).description }
            guard let flaw else {
                mended += string
                continue
            }
            reason = reason ?? flaw
            if bytes[index...].first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: ":") {
                var key = Array(String(decoding: string, as: UTF8.self).utf8)
                _ = SurrogateEscapes.mend(&key)
                mended += key
            } else {
                mended += Array("null".utf8)
            }
        }
        guard let reason else { return (nil, "not JSON") }
        return (JSONValue.decode(mended), reason)
    }
}
