import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource
import CVipsShim
import FetchEngine

/// Real pictures (Tests/Fixtures/images, made by scripts/fixtures/make_image_fixtures.py
/// with Pillow's encoders) decoded by libvips.
@Suite("Picture decoding")
struct PictureDecoderTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        try ImageDimensionsTests.fixture(name)
    }

    static func decode(_ bytes: [UInt8], settings: PictureDecoder.Settings = .init()) throws -> PictureDecoder.Outcome {
        let kind = try #require(ImageKind(sniffing: bytes))
        return PictureDecoder.decode(bytes, kind: kind, settings: settings)
    }

    static func decoded(_ name: String, settings: PictureDecoder.Settings = .init()) throws -> PictureDerivatives {
        let outcome = try decode(try fixture(name), settings: settings)
        guard case .decoded(let picture) = outcome else {
            Issue.record("\(name): \(outcome)")
            throw CancellationError()
        }
        return picture
    }

    /// The shown size (EXIF orientation applied) and the thumbnail's: the
    /// longest side 400 (never upscaled), the other in proportion.
    @Test(arguments: [
        ("photo-1200x800.jpg", 1200, 800, 400, 267), ("photo-progressive-600x900.jpg", 600, 900, 267, 400),
        ("photo-cmyk-640x480.jpg", 640, 480, 400, 300), ("exif-rotated-600x400.jpg", 400, 600, 267, 400),
        ("photo-palette-500x300.png", 500, 300, 400, 240), ("photo-grey16-300x500.png", 300, 500, 240, 400),
        ("photo-alpha-450x450.png", 450, 450, 400, 400), ("photo-800x500.webp", 800, 500, 400, 250),
        ("photo-animated-320x200.gif", 320, 200, 320, 200), ("baseline.jpg", 37, 23, 37, 23),
        ("cmyk.jpg", 37, 23, 37, 23), ("lossless.webp", 37, 23, 37, 23), ("palette.gif", 37, 23, 37, 23),
        ("wide-5000x3.png", 5000, 3, 400, 1),
    ])
    func sizes(name: String, width: Int, height: Int, thumbWidth: Int, thumbHeight: Int) throws {
        let picture = try Self.decoded(name)
        #expect(picture.width == width && picture.height == height, "\(name): \(picture.width)×\(picture.height)")
        #expect(picture.thumbWidth == thumbWidth && picture.thumbHeight == thumbHeight, "\(name): thumb \(picture.thumbWidth)×\(picture.thumbHeight)")
        // The thumbnail is a WebP of that size, as libvips reads it back.
        #expect(ImageKind(sniffing: picture.thumb) == .webp)
        let thumb = try #require(ImageKind.webp.dimensions(of: picture.thumb))
        #expect(thumb.width == thumbWidth && thumb.height == thumbHeight)
        #expect((Data(base64Encoded: picture.placeholder)?.count ?? 0) >= 5)
        #expect(picture.phash.count == 16 && UInt64(picture.phash, radix: 16) != nil)
    }

    @Test func jpegThumbnailsAndOtherSizes() throws {
        var settings = PictureDecoder.Settings()
        settings.thumbSize = 100
        settings.thumbFormat = .jpeg
        let picture = try Self.decoded("photo-alpha-450x450.png", settings: settings)
        #expect(ImageKind(sniffing: picture.thumb) == .jpeg)
        let size = try #require(ImageKind.jpeg.dimensions(of: picture.thumb))
        #expect(size.width == 100 && size.height == 100 && picture.thumbWidth == 100)
    }

    /// Two flat halves, (200, 40, 40) and (40, 40, 200): the mean is (120, 40, 120).
    @Test func averageColour() throws {
        let picture = try Self.decoded("halves-300x200.png")
        let channels = try Self.channels(picture.color)
        for (channel, expected) in zip(channels, [120, 40, 120]) {
            #expect(abs(channel - expected) <= 2, "\(picture.color)")
        }
    }

    /// The GIF's second frame is pure blue; only the first is decoded.
    @Test func animatedGIFShowsItsFirstFrame() throws {
        let picture = try Self.decoded("photo-animated-320x200.gif")
        let channels = try Self.channels(picture.color)
        #expect(!(channels[0] < 10 && channels[1] < 10 && channels[2] > 245), "\(picture.color)")
    }

    /// Debian 12's liborc 0.4.33 sets the process-wide umask while it makes
    /// each resize's code, racing the files other threads create: libvips
    /// runs without Orc once started.
    @Test("libvips runs its plain C paths, not Orc's generated code")
    func noOrc() throws {
        _ = try Self.decoded("photo-1200x800.jpg")
        #expect(etl_vips_start() == 0)
        #expect(etl_vips_uses_orc() == 0)
    }

    @Test func sameBytesGiveTheSameResults() throws {
        for name in ["photo-1200x800.jpg", "photo-alpha-450x450.png", "photo-800x500.webp"] {
            #expect(try Self.decoded(name) == Self.decoded(name))
        }
    }

    /// The planted copy (70%, quality 60) is within the near-copy distance;
    /// another photo made the same way is not.
    @Test func nearCopies() throws {
        let original = try Self.decoded("near-original-1000x700.jpg").phash
        let copy = try Self.decoded("near-copy-700x490.jpg").phash
        let other = try Self.decoded("near-other-1000x700.jpg").phash
        let near = try #require(PerceptualHash.distance(original, copy))
        let far = try #require(PerceptualHash.distance(original, other))
        #expect(near <= PerceptualHash.nearCopyDistance, "copy \(near) bits apart")
        #expect(far > 2 * PerceptualHash.nearCopyDistance, "other \(far) bits apart")
    }

    /// A PNG whose header claims 100000×100000 over one short row: refused
    /// from the header, nothing decoded.
    @Test func headerBeyondTheLimitsIsTooLarge() throws {
        let outcome = try Self.decode(try Self.fixture("bomb-100000x100000.png"))
        #expect(outcome == .failed(.tooLarge, reason: "the header says 100000×100000 pixels, above the limits of 20000×20000 and 200000000 pixels"))
    }

    @Test func limitsAreTheSettings() throws {
        var settings = PictureDecoder.Settings()
        settings.limits.maxPixels = 900_000
        let outcome = try Self.decode(try Self.fixture("photo-1200x800.jpg"), settings: settings)
        #expect(outcome == .failed(.tooLarge, reason: "the header says 1200×800 pixels, above the limits of 20000×20000 and 900000 pixels"))
        settings = PictureDecoder.Settings()
        settings.limits.maxBytes = 1000
        let bytes = try Self.fixture("photo-1200x800.jpg")
        #expect(try Self.decode(bytes, settings: settings) == .failed(.tooLarge, reason: "the header says \(bytes.count) bytes, above the limit of 1000"))
    }

    /// A GIF's decoder holds the whole frame: its pixel limit is lower.
    @Test func gifsHaveTheirOwnPixelLimit() throws {
        var settings = PictureDecoder.Settings()
        settings.limits.maxGIFPixels = 60_000
        let gif = try Self.fixture("photo-animated-320x200.gif")
        #expect(try Self.decode(gif, settings: settings) == .failed(.tooLarge, reason: "the header says 320×200 pixels, above the limits of 20000×20000 and 60000 pixels"))
        settings.limits.maxPixels = 50_000
        #expect(try Self.decode(Self.fixture("photo-800x500.webp"), settings: settings) == .failed(.tooLarge, reason: "the header says 800×500 pixels, above the limits of 20000×20000 and 50000 pixels"))
    }

    /// Cut anywhere in the scan data, a JPEG never decodes.
    @Test(arguments: [0.3, 0.6, 0.9])
    func truncatedJPEGIsNeverOK(fraction: Double) throws {
        let bytes = try Self.fixture("photo-1200x800.jpg")
        let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
        let outcome = try Self.decode(cut)
        guard case .failed(let failure, let reason) = outcome else {
            Issue.record("a JPEG cut at \(fraction) decoded")
            return
        }
        #expect(failure == .truncated || failure == .undecodable)
        #expect(reason.hasPrefix("the decoder says: ") && !reason.contains("\n"))
    }

    @Test func truncatedPNGIsNeverOK() throws {
        let bytes = try Self.fixture("photo-alpha-450x450.png")
        let outcome = try Self.decode(Array(bytes.prefix(bytes.count / 2)))
        guard case .failed = outcome else {
            Issue.record("half a PNG decoded")
            return
        }
    }

    /// 1 MB of zeros after the end of the picture, as some servers send: accepted.
    @Test func zeroPaddingAfterTheEndIsAccepted() throws {
        let bytes = try Self.fixture("photo-1200x800.jpg")
        let padded = bytes + [UInt8](repeating: 0, count: 1 << 20)
        #expect(ImageKind.jpeg.isComplete(padded))
        #expect(ImageClassifier.body(of: HTTPResponse(status: 200, contentType: "image/jpeg", body: padded)) == .image(.jpeg))
        let outcome = try Self.decode(padded)
        guard case .decoded(let picture) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(try picture == Self.decoded("photo-1200x800.jpg"))
    }

    /// Issue 29's item 19: random bytes after the end of a picture (after
    /// JPEG's EOI, PNG's IEND, GIF's trailer) are ignored as browsers do:
    /// complete, and the same picture as without them. An EXIF thumbnail's
    /// own EOI inside the file does not end it early.
    @Test(arguments: ["photo-1200x800.jpg", "photo-progressive-600x900.jpg", "exif-gps-640x480.jpg", "halves-300x200.png", "photo-animated-320x200.gif"])
    func randomBytesAfterTheEndAreIgnored(name: String) throws {
        let bytes = try Self.fixture(name)
        let kind = try #require(ImageKind(sniffing: bytes))
        var generator = SystemRandomNumberGenerator()
        let tail = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(kind.isComplete(bytes + tail))
        #expect(ImageClassifier.body(of: HTTPResponse(status: 200, contentType: "image/\(kind.rawValue)", body: bytes + tail)) == .image(kind))
        #expect(!kind.isComplete(Array(bytes.dropLast(2)) + [1, 2, 3]), "cut short, then bytes that end nothing")
        let outcome = PictureDecoder.decode(bytes + tail, kind: kind, settings: .init())
        guard case .decoded(let picture) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(try picture == Self.decoded(name))
    }

    /// The end of a JPEG is found by walking its segments: an end marker
    /// inside a segment (an EXIF thumbnail's) does not make a picture cut
    /// short whole, and one with such a segment still ends at its own.
    @Test func anEndMarkerInsideASegmentIsNotTheEnd() throws {
        let photo = try Self.fixture("photo-1200x800.jpg")
        let thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        let segment: [UInt8] = [0xFF, 0xE1, 0x00, UInt8(2 + thumbnail.count)] + thumbnail
        let withThumbnail = Array(photo.prefix(2)) + segment + Array(photo.dropFirst(2))
        #expect(ImageKind.jpegEnd(withThumbnail) == withThumbnail.count)
        #expect(ImageKind.jpeg.isComplete(withThumbnail))
        #expect(!ImageKind.jpeg.isComplete(Array(withThumbnail.prefix(withThumbnail.count / 2))))
    }

    static func channels(_ color: String) throws -> [Int] {
        #expect(color.count == 7 && color.hasPrefix("#"))
        let value = try #require(Int(color.dropFirst(), radix: 16))
        return [value >> 16, (value >> 8) & 255, value & 255]
    }
}
