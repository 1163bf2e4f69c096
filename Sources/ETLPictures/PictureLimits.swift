import ETLCore

/// The largest picture `etl images` decodes. Anything larger is `too_large`
/// from its header alone, before a pixel is decoded, so a 100000×100000
/// header over a few bytes (a decompression bomb) costs nothing.
///
/// The Met's originals reach ~12000 px on a side; its web-large pictures,
/// which etl fetches, are ~800 px. Decoding streams (shrink-on-load, one
/// picture per thread), so memory does not grow with these limits.
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
}
