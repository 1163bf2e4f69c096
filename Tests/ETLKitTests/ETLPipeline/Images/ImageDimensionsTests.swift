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

/// Width and height from real files written by libjpeg, zlib, libwebp and
/// Pillow's GIF encoder (Tests/Fixtures/images, made by
/// scripts/fixtures/make_image_fixtures.py).
@Suite("Image dimensions from headers")
struct ImageDimensionsTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let path = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/images/\(name)").path
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test(arguments: [
        ("baseline.jpg", ImageKind.jpeg, 37, 23), ("progressive-exif.jpg", .jpeg, 37, 23), ("grey.jpg", .jpeg, 37, 23),
        ("cmyk.jpg", .jpeg, 37, 23), ("rgb.png", .png, 37, 23), ("rgba.png", .png, 37, 23),
        ("wide-5000x3.png", .png, 5000, 3), ("palette.gif", .gif, 37, 23), ("lossy.webp", .webp, 37, 23),
        ("lossless.webp", .webp, 37, 23), ("alpha.webp", .webp, 37, 23),
    ])
    func realFiles(name: String, kind: ImageKind, width: Int, height: Int) throws {
        let bytes = try Self.fixture(name)
        #expect(ImageKind(sniffing: bytes) == kind)
        let size = try #require(kind.dimensions(of: bytes))
        #expect(size.width == width && size.height == height)
    }

    /// A header cut before the size, or with a zero size, gives nil, never a guess.
    @Test(arguments: ["baseline.jpg", "progressive-exif.jpg", "rgb.png", "palette.gif", "lossy.webp", "lossless.webp", "alpha.webp"])
    func truncatedHeadersGiveNil(name: String) throws {
        let bytes = try Self.fixture(name)
        let kind = try #require(ImageKind(sniffing: bytes))
        // GIF's size sits in bytes 6–9; the others' after byte 16.
        #expect(kind.dimensions(of: Array(bytes.prefix(kind == .gif ? 9 : 12))) == nil)
        if kind == .jpeg {
            // Everything up to the frame header's size fields.
            let sof = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
            #expect(kind.dimensions(of: Array(bytes.prefix(sof + 6))) == nil)
        }
    }

    @Test func zeroSizeGivesNil() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0, 0, 0, 0, 0, 5]
        #expect(ImageKind.png.dimensions(of: png) == nil)
    }
}
