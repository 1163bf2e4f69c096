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

    /// Whether `bytes` (which start with this kind's signature) also end the
    /// way a whole file does, so a body cut short without a Content-Length to
    /// betray it is not kept: JPEG's end-of-image marker, PNG's IEND chunk,
    /// GIF's trailer, WebP's RIFF length. Zero bytes after the end (some
    /// encoders and servers pad files; browsers show them) are allowed; the
    /// decoder then checks the picture itself.
    package func isComplete(_ bytes: [UInt8]) -> Bool {
        var end = bytes.endIndex
        if self != .webp {
            while end > bytes.startIndex, bytes[end - 1] == 0 { end -= 1 }
        }
        let body = bytes[..<end]
        switch self {
        case .jpeg:
            // Some encoders pad after EOI with other bytes; look at the last bytes only.
            let tail = body.suffix(64)
            var index = tail.startIndex
            while index < tail.endIndex - 1 {
                if tail[index] == 0xFF && tail[index + 1] == 0xD9 { return body.count > 4 }
                index += 1
            }
            return false
        case .png:
            let iend: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
            // The IEND chunk's CRC ends in 0x82, so padding never eats into it.
            return body.count >= 8 + iend.count && Array(body.suffix(iend.count)) == iend
        case .gif:
            return body.count > 13 && body.last == 0x3B
        case .webp:
            guard bytes.count >= 12 else { return false }
            let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            return size + 8 <= bytes.count
        }
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
