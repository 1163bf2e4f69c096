import ETLCore

/// The largest picture `etl images` decodes. Anything larger is `too_large`
/// from its header alone, before a pixel is decoded, so a 100000×100000
/// header over a few bytes (a decompression bomb) costs nothing.
///
/// The Met's originals reach ~12000 px on a side; its web-large pictures,
/// which etl fetches, are ~800 px. Most pictures decode as a stream
/// (shrink-on-load, one picture per thread), so memory does not grow with
/// the pixel limits. Those that cannot (an interlaced PNG, a progressive
/// JPEG, a lossless WebP, a GIF: see ``PictureHeader/held(kind:bytes:)``)
/// hold their pixels while decoding: each may hold at most
/// ``maxHeldBytes``, and all pictures in flight together
/// ``maxHeldBytesInFlight`` (a picture waits for its share, see
/// ``PictureMemory``), so a run's memory stays bounded whatever the pictures.
package struct PictureLimits: Sendable, Equatable {
    package var maxWidth = 20_000
    package var maxHeight = 20_000
    /// Width × height: 200 megapixels.
    package var maxPixels = 200_000_000
    /// Width × height of a GIF: 16 megapixels. Its decoder holds the whole
    /// frame in memory (4 bytes a pixel), where JPEG, PNG and WebP stream or
    /// shrink while decoding.
    package var maxGIFPixels = 16_000_000
    /// Bytes of the body (the download's `maxBodyBytes` refuses larger ones unread).
    package var maxBytes = 64 * 1024 * 1024
    /// Bytes one picture's decoder may hold at once: 256 MiB, a
    /// progressive 4:2:0 JPEG of ~89 megapixels, an interlaced 8-bit RGB
    /// PNG of ~89 megapixels. Larger ones are `too_large` from the header.
    package var maxHeldBytes = 256 << 20
    /// Bytes all pictures in flight may hold at once: 256 MiB, so such
    /// pictures decode one at a time while streamed ones go on beside them.
    package var maxHeldBytesInFlight = 256 << 20

    package init() {}

    /// Why a picture of this kind and size is refused, or nil when it is within the limits.
    package func problem(kind: ImageKind, width: Int, height: Int, bytes: Int) -> String? {
        if bytes > maxBytes { return "\(bytes) bytes, above the limit of \(maxBytes)" }
        let pixels = kind == .gif ? min(maxPixels, maxGIFPixels) : maxPixels
        if width > maxWidth || height > maxHeight || width * height > pixels {
            return "\(width)×\(height) pixels, above the limits of \(maxWidth)×\(maxHeight) and \(pixels) pixels"
        }
        return nil
    }

    /// Why a picture whose decoder holds `held` is refused, or nil.
    package func problem(held: (bytes: Int, what: String)) -> String? {
        guard held.bytes > maxHeldBytes else { return nil }
        func mebibytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
        let shown = held.bytes == Int.max ? "more than \(mebibytes(maxHeldBytes))" : "\(mebibytes(held.bytes))"
        return "\(held.what): decoding it holds \(shown) MiB at once, above the limit of \(mebibytes(maxHeldBytes)) MiB a picture"
    }
}
