import ETLCore

extension PictureHeader {
    /// What the decoder holds at once for this picture, whatever the
    /// thumbnail size, and a phrase naming why; nil when it decodes row by
    /// row or at a reduced scale (a baseline JPEG, a PNG that is not
    /// interlaced, a lossy WebP), so memory does not grow with its size.
    ///
    /// - an Adam7 PNG: every pixel, bands × bytes per band (libspng);
    /// - a multi-scan JPEG: the DCT coefficients of every component, 2
    ///   bytes each, 64 per 8×8 block (libjpeg's whole-image coefficient
    ///   buffer; a 4:2:0 photo 3 bytes a pixel, CMYK 8), read from the
    ///   frame header's sampling factors (else every component at full size);
    /// - a lossless or animated WebP: 4 bytes a pixel (libwebp's ARGB
    ///   picture, libvips's canvas); a lossy one with alpha, its alpha plane;
    /// - a GIF: 8 bytes a pixel (the decoder's frame and libvips's copy).
    package func held(kind: ImageKind, bytes: [UInt8]) -> (bytes: Int, what: String)? {
        let pixels = width.multipliedReportingOverflow(by: height)
        guard !pixels.overflow else { return (Int.max, "a \(width)×\(height) picture") }
        let size = "\(width)×\(height)"
        switch kind {
        case .png:
            guard isInterlaced else { return nil }
            return (pixels.partialValue * bands * sampleBytes,
                    "an interlaced (Adam7) PNG of \(size) pixels and \(bands) bands of \(sampleBytes * 8) bits")
        case .jpeg:
            guard isMultiscan else { return nil }
            let coefficients = ImageKind.jpegCoefficientBytes(bytes) ?? pixels.partialValue * bands * 2
            return (coefficients, "a progressive (multi-scan) JPEG of \(size) pixels and \(bands) components")
        case .webp:
            let layout = ImageKind.webpLayout(bytes)
            if layout.isLossless || layout.isAnimated {
                return (pixels.partialValue * 4, "\(layout.isAnimated ? "an animated" : "a lossless") WebP of \(size) pixels")
            }
            guard layout.hasAlpha else { return nil }
            return (pixels.partialValue, "a WebP of \(size) pixels with an alpha channel")
        case .gif:
            return (pixels.partialValue * 8, "a GIF of \(size) pixels")
        }
    }
}
