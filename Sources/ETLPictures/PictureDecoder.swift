import CVipsShim
import ETLCore

/// Decodes a downloaded picture with libvips and derives everything the
/// catalog keeps of it, in one pass: the thumbnail, the ThumbHash, the
/// average colour and the difference hash.
///
/// A picture is accepted only when every pixel decodes: the sizes in its
/// header are a claim, checked against ``PictureLimits`` before any pixel
/// is decoded, and a body that ends early or holds corrupt data fails with
/// the decoder's reason. For JPEG, libjpeg's warnings count as failures:
/// it reports scan data cut short by an early end marker, or corrupt, only
/// as warnings and draws the rest grey. PNG, WebP and GIF fail on errors
/// only (libpng warns about harmless things such as a known-bad sRGB
/// profile). Bytes after a complete picture are ignored, as browsers do.
package enum PictureDecoder {
    package enum Outcome: Sendable, Equatable {
        case decoded(PictureDerivatives)
        case failed(ImageFailure, reason: String)
    }

    /// What to make of each picture.
    package struct Settings: Sendable, Equatable {
        package var limits = PictureLimits()
        /// The thumbnail's longest side; smaller pictures keep their size.
        package var thumbSize = 400
        package var thumbFormat = ThumbFormat.webp

        package init() {}
    }

    /// What ``inspect(_:kind:settings:)`` makes of a picture's header.
    package enum Inspection: Sendable, Equatable {
        /// Within the limits: decode it, holding `heldBytes` of
        /// ``PictureMemory`` meanwhile (0 for a picture that streams).
        case ready(PictureHeader, heldBytes: Int)
        case failed(ImageFailure, reason: String)
    }

    /// Reads the header only and checks it against the limits: the sizes,
    /// and what the decoder would hold at once (``PictureHeader/held(kind:bytes:)``).
    package static func inspect(_ bytes: [UInt8], kind: ImageKind, settings: Settings) -> Inspection {
        let limits = settings.limits
        if let size = kind.dimensions(of: bytes), let problem = limits.problem(kind: kind, width: size.width, height: size.height, bytes: bytes.count) {
            return .failed(.tooLarge, reason: "the header says \(problem)")
        }
        guard etl_vips_start() == 0 else { return .failed(.resources, reason: "libvips cannot start") }
        var error = [CChar](repeating: 0, count: 512)
        var info = etl_vips_header_info()
        let status = bytes.withUnsafeBytes { etl_vips_header($0.baseAddress, $0.count, &info, &error, error.count) }
        guard status == 0 else {
            let (failure, reason) = failure(error)
            return .failed(failure, reason: reason)
        }
        let header = PictureHeader(
            width: Int(info.width), height: Int(info.height), bands: Int(info.bands), sampleBytes: Int(info.sample_bytes),
            isInterlaced: info.interlaced != 0, isMultiscan: info.multiscan != 0)
        if let problem = limits.problem(kind: kind, width: header.width, height: header.height, bytes: bytes.count) {
            return .failed(.tooLarge, reason: "the header says \(problem)")
        }
        let held = header.held(kind: kind, bytes: bytes)
        if let held, let problem = limits.problem(held: held) {
            return .failed(.tooLarge, reason: "the header says \(problem)")
        }
        return .ready(header, heldBytes: held?.bytes ?? 0)
    }

    /// Inspects and decodes at once, outside any ``PictureMemory`` (one
    /// picture at a time: tests, tools).
    package static func decode(_ bytes: [UInt8], kind: ImageKind, settings: Settings) -> Outcome {
        switch inspect(bytes, kind: kind, settings: settings) {
        case .failed(let failure, let reason): return .failed(failure, reason: reason)
        case .ready(let header, _): return decode(bytes, kind: kind, header: header, settings: settings)
        }
    }

    /// Inspects, then decodes holding the picture's share of `memory`
    /// (waiting for it while other pictures hold too much); nil when the
    /// task was cancelled while it waited, so nothing was decoded.
    package static func decode(_ bytes: [UInt8], kind: ImageKind, settings: Settings, memory: PictureMemory) async -> Outcome? {
        switch inspect(bytes, kind: kind, settings: settings) {
        case .failed(let failure, let reason):
            return .failed(failure, reason: reason)
        case .ready(let header, let heldBytes):
            guard let share = await memory.acquire(heldBytes) else { return nil }
            let outcome = decode(bytes, kind: kind, header: header, settings: settings)
            await memory.release(share)
            return outcome
        }
    }

    /// Decodes every pixel of a picture ``inspect(_:kind:settings:)`` found ready.
    package static func decode(_ bytes: [UInt8], kind: ImageKind, header: PictureHeader, settings: Settings) -> Outcome {
        var error = [CChar](repeating: 0, count: 512)
        var picture = etl_vips_picture()
        let format = settings.thumbFormat == .jpeg ? ETL_THUMB_JPEG : ETL_THUMB_WEBP
        let made = bytes.withUnsafeBytes {
            etl_vips_picture_make(
                $0.baseAddress, $0.count, Int32(header.width), Int32(header.height), kind == .jpeg ? 1 : 0,
                Int32(settings.thumbSize), format, Int32(settings.thumbFormat.quality), &picture, &error, error.count)
        }
        guard made == 0 else {
            let (failure, reason) = failure(error)
            return .failed(failure, reason: reason)
        }
        defer { etl_vips_picture_free(&picture) }
        let thumb = Array(UnsafeBufferPointer(start: picture.thumb, count: picture.thumb_length))
        let smallWidth = Int(picture.rgba_width)
        let smallHeight = Int(picture.rgba_height)
        let rgba = Array(UnsafeBufferPointer(start: picture.rgba, count: smallWidth * smallHeight * 4))
        let grey = withUnsafeBytes(of: picture.grey) { Array($0) }
        guard let placeholder = ThumbHash.base64(width: smallWidth, height: smallHeight, rgba: rgba),
              let phash = PerceptualHash.hex(grey: grey) else {
            return .failed(.undecodable, reason: "libvips returned a \(smallWidth)×\(smallHeight) preview")
        }
        return .decoded(PictureDerivatives(
            width: header.width, height: header.height, thumb: thumb,
            thumbWidth: Int(picture.thumb_width), thumbHeight: Int(picture.thumb_height),
            placeholder: placeholder, color: averageColor(rgba: rgba), phash: phash))
    }

    /// The alpha-weighted mean of the sRGB values, `#rrggbb`; a fully
    /// transparent picture is white, the colour an app draws it on.
    package static func averageColor(rgba: [UInt8]) -> String {
        var sums = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        var index = 0
        while index + 3 < rgba.count {
            let alpha = Double(rgba[index + 3])
            sums.r += Double(rgba[index]) * alpha
            sums.g += Double(rgba[index + 1]) * alpha
            sums.b += Double(rgba[index + 2]) * alpha
            sums.a += alpha
            index += 4
        }
        guard sums.a > 0 else { return "#ffffff" }
        func hex(_ sum: Double) -> String {
            let value = min(255, max(0, Int((sum / sums.a).rounded())))
            return (value < 16 ? "0" : "") + String(value, radix: 16)
        }
        return "#" + hex(sums.r) + hex(sums.g) + hex(sums.b)
    }

    /// The decoder's message on one line, control characters escaped; an
    /// early end of the data is `truncated`, memory or a thread the machine
    /// would not give `resources` (libvips says "Insufficient memory",
    /// "Error creating thread" under `ulimit -v`), anything else `undecodable`.
    private static func failure(_ error: [CChar]) -> (ImageFailure, reason: String) {
        failure(message: error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    static func failure(message: String) -> (ImageFailure, reason: String) {
        // libvips reads a JPEG's header more than once and logs its warning each time.
        var seen: Set<Substring> = []
        let lines = message.split(whereSeparator: \.isNewline).filter { seen.insert($0).inserted }
        let text = lines.joined(separator: "; ")
        let reason = TerminalText.escaped(text.isEmpty ? "the picture cannot be decoded" : text)
        let lowered = reason.lowercased()
        let isTruncated = ["premature end", "truncated", "unexpected end", "end of file", "out of data", "short read"]
            .contains { lowered.contains($0) }
        let isShort = ["insufficient memory", "out of memory", "cannot allocate", "unable to allocate", "failed to allocate",
                       "error creating thread", "unable to create thread", "resource temporarily unavailable"]
            .contains { lowered.contains($0) }
        let kind: ImageFailure = isShort ? .resources : isTruncated ? .truncated : .undecodable
        return (kind, reason: "the decoder says: " + reason)
    }
}
