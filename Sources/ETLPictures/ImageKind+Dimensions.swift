import ETLCore

/// Pixel sizes read from file headers, so an app can lay out a placeholder
/// before the picture loads.
extension ImageKind {
    /// `(width, height)` in pixels from the header of a file of this kind,
    /// or nil when the header is cut short or malformed.
    package func dimensions(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        func be16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        func le16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : nil }
        func le24(_ at: Int) -> Int? {
            at + 3 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 : nil
        }
        func be32(_ at: Int) -> Int? {
            guard let high = be16(at), let low = be16(at + 2) else { return nil }
            return high << 16 | low
        }
        func tag(_ at: Int, _ text: String) -> Bool {
            let expected = Array(text.utf8)
            return at + expected.count <= bytes.count && Array(bytes[at..<(at + expected.count)]) == expected
        }
        let size: (Int, Int)?
        switch self {
        case .png:
            // The IHDR chunk comes first: width and height, big-endian.
            guard tag(12, "IHDR"), let width = be32(16), let height = be32(20) else { return nil }
            size = (width, height)
        case .gif:
            guard let width = le16(6), let height = le16(8) else { return nil }
            size = (width, height)
        case .webp:
            if tag(12, "VP8 ") {
                // Key frame: start code 9d 01 2a, then 14-bit sizes.
                guard bytes.count >= 30, bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A,
                      let width = le16(26), let height = le16(28) else { return nil }
                size = (width & 0x3FFF, height & 0x3FFF)
            } else if tag(12, "VP8L") {
                guard bytes.count >= 25, bytes[20] == 0x2F else { return nil }
                let bits = Int(bytes[21]) | Int(bytes[22]) << 8 | Int(bytes[23]) << 16 | Int(bytes[24]) << 24
                size = ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            } else if tag(12, "VP8X") {
                guard let width = le24(24), let height = le24(27) else { return nil }
                size = (width + 1, height + 1)
            } else {
                return nil
            }
        case .jpeg:
            size = jpegFrameSize(bytes)
        }
        guard let size, size.0 > 0, size.1 > 0 else { return nil }
        return size
    }

    /// The size in the first start-of-frame segment.
    private func jpegFrameSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard let index = Self.jpegFrameIndex(bytes), index + 9 <= bytes.count else { return nil }
        let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
        let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
        return (width, height)
    }

    /// Where the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and
    /// DAC) starts, found by walking the segments from SOI.
    static func jpegFrameIndex(_ bytes: [UInt8]) -> Int? {
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            if marker == 0xD9 || marker == 0xDA { return nil }  // end of image, or a scan before any frame
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC { return index }
            index += 2 + length
        }
        return nil
    }
}
