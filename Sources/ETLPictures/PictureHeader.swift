import ETLCore

/// What libvips reads of a picture's header before any pixel is decoded:
/// its size as shown and how its pixels come out of the decoder.
package struct PictureHeader: Sendable, Equatable {
    /// As shown: EXIF orientation applied (for an animation, its first frame).
    package var width: Int
    package var height: Int
    /// Bands of the decoded pixels (3 for RGB, 4 for RGBA or CMYK).
    package var bands: Int
    /// Bytes per band: 1, or 2 for 16-bit.
    package var sampleBytes: Int
    /// A PNG stored Adam7-interlaced: its rows come in seven passes over
    /// the whole picture, so the decoder holds every pixel at once.
    package var isInterlaced: Bool
    /// A JPEG stored in several scans (progressive, or sequential with one
    /// scan per component): libjpeg holds the whole picture's DCT
    /// coefficients at once, whatever the scale it decodes at.
    package var isMultiscan: Bool

    package init(width: Int, height: Int, bands: Int = 3, sampleBytes: Int = 1, isInterlaced: Bool = false, isMultiscan: Bool = false) {
        self.width = width
        self.height = height
        self.bands = bands
        self.sampleBytes = sampleBytes
        self.isInterlaced = isInterlaced
        self.isMultiscan = isMultiscan
    }
}
