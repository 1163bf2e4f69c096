/// The one percent-encoder (RFC 3986 §2.1): every UTF-8 byte of a text
/// outside a set of kept ASCII characters becomes `%XX`, uppercase hex.
/// Non-ASCII is always encoded, as UTF-8. The sets are named for where the
/// text goes, since each place keeps a different set:
///
///     PercentEncoding.encoded("a b,c", keeping: .queryValue)   // "a%20b,c"
public enum PercentEncoding {
    /// ASCII characters a place keeps as they are.
    public struct Kept: Sendable {
        /// One bit per ASCII byte: 0–63 in `low`, 64–127 in `high`.
        private let low: UInt64
        private let high: UInt64

        public init(_ characters: String) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for byte in characters.utf8 {
                precondition(byte < 0x80, "only ASCII characters can be kept")
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
            self.low = low
            self.high = high
        }

        public func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }

        /// RFC 3986's unreserved characters: letters, digits, `-._~`.
        public static let unreservedCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

        /// A query parameter's value (or name): unreserved characters and
        /// the comma that lists use (`fields=id,title`); `&`, `=`, `+` and
        /// everything else encoded, so the value cannot end or split the parameter.
        public static let queryValue = Kept(unreservedCharacters + ",")

        /// One segment of a URL's path (a picture's ID on an image server):
        /// `/`, `?`, `#`, `%` and `;` encoded, so it stays one segment and
        /// means what it says; the other sub-delimiters, `:` and `@` kept.
        public static let pathSegment = Kept(unreservedCharacters + "!$&'()*+,=:@")

        /// A file path as a URL's path (a gallery's `img src`, SQLite's
        /// `file:` URI): unreserved characters and `/`, so any folder name works.
        public static let filePath = Kept(unreservedCharacters + "/")

        /// A whole URL as a record writes it: every character a URL may
        /// hold kept, `%` too so existing escapes stay; spaces, non-ASCII
        /// and the like encoded (`…/sfrl26.145.260a, b_251176.jpg`).
        public static let url = Kept(unreservedCharacters + ":/?#[]@!$&'()*+,;=%")
    }

    /// `text` with each UTF-8 byte that `kept` lacks written as `%XX`.
    public static func encoded(_ text: String, keeping kept: Kept) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if kept.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
