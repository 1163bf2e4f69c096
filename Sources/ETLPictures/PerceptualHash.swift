import ETLCore

/// The difference hash (dHash) of a picture: 9×8 grey pixels, one bit per
/// pair of horizontal neighbours (is the left one brighter?), 64 bits in all.
/// Resizing, re-encoding and mild colour changes keep most bits; different
/// pictures differ in about half of them.
package enum PerceptualHash {
    /// The hash of 72 grey values, row by row, as 16 lowercase hex digits.
    package static func hex(grey: [UInt8]) -> String? {
        guard grey.count == 72 else { return nil }
        var bits: UInt64 = 0
        for y in 0..<8 {
            for x in 0..<8 {
                bits <<= 1
                if grey[y * 9 + x] > grey[y * 9 + x + 1] { bits |= 1 }
            }
        }
        let digits = String(bits, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Differing bits between two hashes of ``hex(grey:)``, or nil when one is malformed.
    package static func distance(_ a: String, _ b: String) -> Int? {
        guard a.count == 16, b.count == 16, let x = UInt64(a, radix: 16), let y = UInt64(b, radix: 16) else { return nil }
        return (x ^ y).nonzeroBitCount
    }
}

extension PerceptualHash {
    /// Hashes this many bits apart or fewer are the same picture
    /// (`near_duplicate_image`). Measured by `scripts/benchmarks/bench-pictures` on 2,000
    /// distinct photo-like pictures and 200 copies resized to 70% and
    /// re-encoded at quality 60: copies were 0–4 bits from their original,
    /// the closest two distinct pictures 11 apart (README, Near copies).
    /// At most 7, so that two hashes within it have a 16-bit quarter equal
    /// or one bit apart (``Catalog/nearDuplicateImageIDsSQL``).
    package static let nearCopyDistance = RejectionReason.nearCopyBits

    /// Set bits a hash needs to take part in near-copy matching.
    package static let informativeBits = 8...56
}
