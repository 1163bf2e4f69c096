import Testing
@testable import ETLCore
@testable import ETLPictures

/// A thumbnail is etl's own output: it carries none of the source file's
/// metadata (a camera's make, the GPS position where the photo was taken).
@Suite("Thumbnail metadata")
struct ThumbnailMetadataTests {
    static let camera = Array("etl fixture camera".utf8)
    /// EXIF's pointer to the GPS directory, and the camera's make.
    static let gpsTag: UInt16 = 0x8825
    static let makeTag: UInt16 = 0x010F

    @Test func theFixtureCarriesACameraAndAPosition() throws {
        let bytes = try PictureDecoderTests.fixture("exif-gps-640x480.jpg")
        let namesCamera = Self.contains(bytes, Self.camera)
        #expect(namesCamera)
        let tags = try #require(Self.ifd0Tags(tiff: Self.jpegEXIF(bytes)))
        #expect(tags.contains(Self.gpsTag) && tags.contains(Self.makeTag))
    }

    @Test func aWebPThumbnailHasNoCameraAndNoPosition() throws {
        let picture = try PictureDecoderTests.decoded("exif-gps-640x480.jpg")
        #expect(ImageKind(sniffing: picture.thumb) == .webp)
        let namesCamera = Self.contains(picture.thumb, Self.camera)
        #expect(!namesCamera, "the thumbnail names the camera")
        // libvips writes a small EXIF of its own (resolution); never the source's.
        if let exif = Self.webPEXIF(picture.thumb) {
            let tags = try #require(Self.ifd0Tags(tiff: exif))
            #expect(!tags.contains(Self.gpsTag) && !tags.contains(Self.makeTag), "IFD0 tags \(tags)")
        }
    }

    @Test func aJPEGThumbnailHasNoCameraAndNoPosition() throws {
        var settings = PictureDecoder.Settings()
        settings.thumbFormat = .jpeg
        let picture = try PictureDecoderTests.decoded("exif-gps-640x480.jpg", settings: settings)
        let namesCamera = Self.contains(picture.thumb, Self.camera)
        #expect(!namesCamera, "the thumbnail names the camera")
        #expect(Self.jpegEXIF(picture.thumb) == nil)
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= bytes.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The TIFF data of a WebP's `EXIF` chunk, nil when it has none.
    static func webPEXIF(_ bytes: [UInt8]) -> [UInt8]? {
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(littleEndian: bytes, at: offset + 4, count: 4)
            let end = min(bytes.count, offset + 8 + size)
            if bytes[offset..<(offset + 4)].elementsEqual(Array("EXIF".utf8)) { return Array(bytes[(offset + 8)..<end]) }
            offset += 8 + size + (size & 1)
        }
        return nil
    }

    /// The TIFF data of a JPEG's APP1 `Exif` segment, nil when it has none.
    static func jpegEXIF(_ bytes: [UInt8]) -> [UInt8]? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            let size = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let body = Array(bytes[(offset + 4)..<min(bytes.count, offset + 2 + size)])
            if bytes[offset + 1] == 0xE1, body.starts(with: Array("Exif\0\0".utf8)) { return Array(body.dropFirst(6)) }
            offset += 2 + size
        }
        return nil
    }

    /// The tags of a TIFF's first directory; nil when the data is too short.
    static func ifd0Tags(tiff: [UInt8]?) -> [UInt16]? {
        guard var tiff, tiff.count >= 8 else { return nil }
        if tiff.starts(with: Array("Exif\0\0".utf8)) { tiff.removeFirst(6) }
        let little = tiff.starts(with: [0x49, 0x49])
        func number(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= tiff.count else { return nil }
            let bytes = tiff[at..<(at + count)]
            return (little ? Array(bytes.reversed()) : Array(bytes)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let directory = number(4, 4), let count = number(directory, 2) else { return nil }
        return (0..<count).compactMap { number(directory + 2 + 12 * $0, 2).map(UInt16.init) }
    }
}

private extension Int {
    init(littleEndian bytes: [UInt8], at offset: Int, count: Int) {
        self = bytes[offset..<(offset + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
