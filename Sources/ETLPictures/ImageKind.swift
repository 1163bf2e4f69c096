import ETLCore

/// The image formats kept, recognised by their first bytes, never by the
/// URL or the `Content-Type` alone.
package enum ImageKind: String, Sendable, CaseIterable, Codable {
    case jpeg
    case png
    case webp
    case gif

    /// The file extension written.
    package var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .png: return "png"
        case .webp: return "webp"
        case .gif: return "gif"
        }
    }

    /// The kind whose signature `bytes` start with, or nil.
    package init?(sniffing bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// Whether `bytes` (which start with this kind's signature) hold a
    /// whole picture, so a body cut short without a Content-Length to
    /// betray it is not kept: the segments of a JPEG up to its end-of-image
    /// marker, the chunks of a PNG up to IEND, the blocks of a GIF up to its
    /// trailer, a WebP's RIFF length. Bytes after that end are ignored, as
    /// browsers do (encoders and servers pad files with zeros or leave
    /// other bytes there); the decoder then checks the picture itself.
    package func isComplete(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .jpeg: return Self.jpegEnd(bytes) != nil
        case .png: return Self.pngEnd(bytes) != nil
        case .gif: return Self.gifEnd(bytes) != nil
        case .webp:
            guard bytes.count >= 12 else { return false }
            let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            return size + 8 <= bytes.count
        }
    }

    /// Where a JPEG ends: just after the EOI marker that closes its last
    /// scan, found by walking the segments (an EXIF thumbnail's own EOI
    /// sits inside a segment and is stepped over) and, within a scan's
    /// entropy-coded data, taking the first marker that is neither a
    /// stuffed 0xFF00, a restart marker nor fill; nil when it never comes.
    static func jpegEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 2 <= bytes.count {
            // Stray bytes before a marker: libjpeg skips them (and warns, which fails the decode).
            guard bytes[index] == 0xFF else { index += 1; continue }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            if marker == 0xD9 { return index + 2 }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            guard index + 4 <= bytes.count else { return nil }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return nil }
            index += 2 + length
            guard marker == 0xDA else { continue }
            // Entropy-coded data up to the next marker.
            while index + 1 < bytes.count {
                if bytes[index] == 0xFF {
                    let next = bytes[index + 1]
                    if next == 0x00 || (0xD0...0xD7).contains(next) { index += 2; continue }
                    if next == 0xFF { index += 1; continue }
                    break
                }
                index += 1
            }
        }
        return nil
    }

    /// Where a PNG ends: just after its IEND chunk (empty, so its CRC is
    /// always AE 42 60 82), found by walking the chunks from the signature;
    /// nil when it never comes.
    static func pngEnd(_ bytes: [UInt8]) -> Int? {
        var index = 8
        while index + 12 <= bytes.count {
            let length = Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let end = index + 12 + length
            guard length <= Int(Int32.max), end <= bytes.count else { return nil }
            if bytes[index + 4] == 0x49, bytes[index + 5] == 0x45, bytes[index + 6] == 0x4E, bytes[index + 7] == 0x44 {
                return length == 0 && Array(bytes[(end - 4)..<end]) == [0xAE, 0x42, 0x60, 0x82] ? end : nil
            }
            index = end
        }
        return nil
    }

    /// Where a GIF ends: just after its trailer (0x3B), found by walking
    /// the blocks (colour tables, extensions and images, each a chain of
    /// sub-blocks); nil when it never comes.
    static func gifEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 13 else { return nil }
        /// The index after the chain of sub-blocks starting at `start`, or nil.
        func afterSubBlocks(_ start: Int) -> Int? {
            var index = start
            while index < bytes.count {
                let size = Int(bytes[index])
                index += 1 + size
                if size == 0 { return index }
            }
            return nil
        }
        func tableSize(_ flags: UInt8) -> Int { flags & 0x80 != 0 ? 3 << (Int(flags & 0x07) + 1) : 0 }
        var index = 13 + tableSize(bytes[10])
        while index < bytes.count {
            switch bytes[index] {
            case 0x3B:
                return index + 1
            case 0x21:  // extension: label, then sub-blocks
                guard let next = afterSubBlocks(index + 2) else { return nil }
                index = next
            case 0x2C:  // image: descriptor, local table, LZW code size, sub-blocks
                guard index + 10 <= bytes.count else { return nil }
                guard let next = afterSubBlocks(index + 10 + tableSize(bytes[index + 9]) + 1) else { return nil }
                index = next
            default:
                return nil
            }
        }
        return nil
    }

    /// Whether `bytes` look like an HTML page (a CDN's block or error page):
    /// after optional whitespace and a BOM, `<!doctype`, `<html`, `<head`,
    /// `<body`, `<iframe`, `<script`, `<meta`, `<title` or `<!--`.
    package static func looksLikeHTML(_ bytes: [UInt8]) -> Bool {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return false }
        let head = String(decoding: bytes[start..<min(bytes.count, start + 16)], as: UTF8.self).lowercased()
        return ["<!doctype", "<html", "<head", "<body", "<iframe", "<script", "<meta", "<title", "<!--"]
            .contains { head.hasPrefix($0) }
    }
}
