import ETLCore

/// How a picture's pixels are laid out in its file, read from the headers
/// (never the pixel data): what the decoder will hold while decoding it.
extension ImageKind {
    /// The bytes of libjpeg's whole-image coefficient buffer for the JPEG
    /// in `bytes` (what a multi-scan JPEG holds while decoding): for each
    /// component of the frame header, its 8×8 blocks at its sampling
    /// factors, rounded up to whole MCUs, 64 coefficients of 2 bytes each.
    /// Nil when the frame header is cut short or malformed.
    static func jpegCoefficientBytes(_ bytes: [UInt8]) -> Int? {
        guard let index = jpegFrameIndex(bytes), index + 10 <= bytes.count else { return nil }
        let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
        let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
        let count = Int(bytes[index + 9])
        guard width > 0, height > 0, (1...4).contains(count), index + 10 + 3 * count <= bytes.count else { return nil }
        let factors = (0..<count).map { n -> (h: Int, v: Int) in
            let sampling = bytes[index + 10 + 3 * n + 1]
            return (Int(sampling >> 4), Int(sampling & 0x0F))
        }
        guard factors.allSatisfy({ (1...4).contains($0.h) && (1...4).contains($0.v) }) else { return nil }
        let hMax = factors.map(\.h).max() ?? 1
        let vMax = factors.map(\.v).max() ?? 1
        func divideRoundingUp(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }
        func roundUp(_ a: Int, _ b: Int) -> Int { divideRoundingUp(a, b) * b }
        return factors.reduce(0) { total, factor in
            let columns = roundUp(divideRoundingUp(width * factor.h, hMax * 8), factor.h)
            let rows = roundUp(divideRoundingUp(height * factor.v, vMax * 8), factor.v)
            return total + columns * rows * 64 * 2
        }
    }

    /// What the chunks of the WebP in `bytes` say: a lossless (VP8L)
    /// bitstream, an animation (ANIM/ANMF, or VP8X's flag), an alpha
    /// channel (ALPH, or VP8X's flag). Walks at most the chunks present.
    static func webpLayout(_ bytes: [UInt8]) -> (isLossless: Bool, isAnimated: Bool, hasAlpha: Bool) {
        var layout = (isLossless: false, isAnimated: false, hasAlpha: false)
        var index = 12
        while index + 8 <= bytes.count {
            let tag = String(decoding: bytes[index..<(index + 4)], as: UTF8.self)
            let size = Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]) << 16 | Int(bytes[index + 7]) << 24
            switch tag {
            case "VP8L": layout.isLossless = true
            case "ANIM", "ANMF": layout.isAnimated = true
            case "ALPH": layout.hasAlpha = true
            case "VP8X" where index + 9 <= bytes.count:
                let flags = bytes[index + 8]
                if flags & 0x02 != 0 { layout.isAnimated = true }
                if flags & 0x10 != 0 { layout.hasAlpha = true }
            default: break
            }
            index += 8 + size + (size & 1)
        }
        return layout
    }
}
