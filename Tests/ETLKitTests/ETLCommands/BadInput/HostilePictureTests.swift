import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import MetSource
import Store

/// Hostile pictures through the real binary: a crawl of the mock API whose
/// paged works point at pictures a loopback host answers byte for byte,
/// then `etl images` on them.
@Suite("Bad input: hostile pictures through etl", .serialized)
struct HostilePictureTests {
    /// The first works of the sample (kept and paged), one per picture,
    /// their pictures at `path(1, ext)`, `path(2, ext)`, … of `host`.
    final class Setup {
        let folder = TemporaryDirectory()
        let host: FixedServer
        let mock: MockServer
        let ids: [Int]
        /// The works on page 1 after the crawl.
        let paged: [Int]

        var catalogPath: String { folder.path("catalog.sqlite") }
        var imagesPath: String { folder.path("images") }

        static func path(_ n: Int, _ ext: String) -> String { "/pictures/\(n).\(ext)" }

        typealias Picture = (bytes: [UInt8], ext: String, type: String)

        convenience init(first: Picture, second: Picture) throws {
            try self.init([first, second])
        }

        /// One kept work per picture, in order; `urls[n]` (1-based, as in
        /// ``path(_:_:)``) replaces that work's picture URL (`{host}` stands
        /// for the loopback host's `http://127.0.0.1:<port>`, `{HOST}` for
        /// the same in capitals).
        init(_ pictures: [Picture], urls: [Int: String] = [:]) throws {
            var routes: [String: FixedServer.Route] = [:]
            for (n, picture) in zip(1..., pictures) {
                let file = folder.path("body-\(n)")
                try Data(picture.bytes).write(to: URL(fileURLWithPath: file))
                routes[Self.path(n, picture.ext)] = FixedServer.Route(body_file: file, content_type: picture.type)
            }
            host = try FixedServer(routes: routes)
            // The first records the Met rules keep, their pictures moved to the host.
            let kept = try String(contentsOfFile: TestPaths.sample("objects.jsonl"), encoding: .utf8).split(separator: "\n")
                .filter { MetObject.decode(body: Array($0.utf8)).map(ObjectFilter.isComplete) == true }.prefix(pictures.count)
            guard kept.count == pictures.count else { throw MockServerError.didNotStart }
            var records: [String] = []
            var ids: [Int] = []
            for (line, (n, picture)) in zip(kept, zip(1..., pictures)) {
                guard var record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let id = record["objectID"] as? Int else { throw MockServerError.didNotStart }
                let api = host.api
                let url = urls[n].map {
                    $0.replacingOccurrences(of: "{host}", with: api).replacingOccurrences(of: "{HOST}", with: api.uppercased())
                } ?? api + Self.path(n, picture.ext)
                record["primaryImage"] = url
                record["primaryImageSmall"] = url
                // Distinct works: the sample repeats some (kept once, as duplicates).
                record["title"] = "Study \(n)"
                record["artistDisplayName"] = "Painter \(n)"
                ids.append(id)
                records.append(String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self))
            }
            self.ids = ids
            let data = folder.path("objects.jsonl")
            try (records.joined(separator: "\n") + "\n").write(toFile: data, atomically: true, encoding: .utf8)
            mock = try MockServer(data: data)
            let crawl = try ETLRun.run([
                "crawl", "--api", mock.api, "--catalog", folder.path("catalog.sqlite"), "--out", folder.path("pages"), "--rate", "unlimited", "--quiet",
            ])
            guard crawl.exitCode == 0 else { throw MockServerError.didNotStart }
            let page = try String(contentsOfFile: folder.path("pages/1.txt"), encoding: .utf8)
            paged = page.split(separator: "\n").compactMap { Int($0) }
        }

        func imagesArguments() -> [String] {
            ["images", "--catalog", catalogPath, "--dir", imagesPath, "--rate", "unlimited", "--cooldown", "0.05",
             "--image-hosts", "127.0.0.1", "--json"]
        }

        func rows() throws -> [Int: Row] {
            let database = try Database(path: catalogPath, create: false, readOnly: true)
            var rows: [Int: Row] = [:]
            for row in try database.fetchAll(sql: "SELECT * FROM images") { rows[row.int("object_id") ?? 0] = row }
            return rows
        }

        /// The entries of the images folder (or a folder in it), etl's manifest aside.
        func entries(_ sub: String = "") -> [String] {
            let path = sub.isEmpty ? imagesPath : imagesPath + "/" + sub
            return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
                .filter { $0 != WrittenFiles.fileName }.sorted()
        }
    }

    static func fixture(_ name: String) throws -> [UInt8] { try ImageDimensionsTests.fixture(name) }

    /// Issue 19's item 6: a PNG whose header says 100000×100000 fails as
    /// `too_large` from its header, nothing decoded or kept, and the run's
    /// peak memory stays far below what decoding it would take (10^10
    /// pixels); item 17: a JPEG followed by 1 MiB of zeros is `ok`, kept
    /// byte for byte with its thumbnail.
    @Test func bombAndPaddedJPEG() throws {
        let bomb = try Self.fixture("bomb-100000x100000.png")
        let photo = try Self.fixture("photo-1200x800.jpg")
        let padded = photo + [UInt8](repeating: 0, count: 1 << 20)
        let setup = try Setup(first: (bomb, "png", "image/png"), second: (padded, "jpg", "image/jpeg"))
        let (bombID, paddedID) = (setup.ids[0], setup.ids[1])
        #expect(Set(setup.paged) == [bombID, paddedID])

        let measured = try ETLRun.runMeasuringMemory(setup.imagesArguments())
        let run = measured.run
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.hasCleanStandardError)
        let summary = try JSONDecoder().decode(ImageSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.mode == "paged")
        #expect(summary.downloaded == 1 && summary.failed == 1)
        #expect(summary.failures == ["too_large": 1])
        #expect(try setup.host.requests().sorted() == [Setup.path(1, "png"), Setup.path(2, "jpg")], "each asked for once: too_large is final")

        let rows = try setup.rows()
        let bombRow = try #require(rows[bombID])
        #expect(bombRow.string("state") == "failed")
        #expect(bombRow.string("failure") == "too_large")
        #expect(bombRow.string("error") == "the header says 100000×100000 pixels, above the limits of 20000×20000 and 200000000 pixels")
        #expect(bombRow.string("file") == nil && bombRow.string("thumb_file") == nil)

        let good = try #require(rows[paddedID])
        #expect(good.string("state") == "ok")
        #expect(good.int("width") == 1200 && good.int("height") == 800)
        #expect(good.int("bytes") == padded.count && good.string("sha256") == SHA256.hex(of: padded))
        #expect(good.string("thumb_file") == "thumbs/\(paddedID).webp")
        #expect(good.int("thumb_width") == 400 && good.int("thumb_height") == 267)

        // On disk: the padded picture as served and its thumbnail; nothing of the bomb.
        #expect(setup.entries() == ["\(paddedID).jpg", "thumbs"])
        #expect(setup.entries("thumbs") == ["\(paddedID).webp"])
        let kept = try Data(contentsOf: URL(fileURLWithPath: setup.imagesPath + "/\(paddedID).jpg"))
        #expect(Array(kept) == padded)

        // Decoding the bomb would take at least a byte per claimed pixel
        // (10 GB); the issue's bound for any picture is 200 MB.
        let megabytes = measured.peakResidentBytes / 1_000_000
        #expect(measured.peakResidentBytes > 0)
        print("hostile pictures: etl images peaked at \(megabytes) MB")
        #expect(megabytes < 200, "peak resident set \(megabytes) MB")
    }

    /// Issue 29's item 1: JPEG slivers (1000×1, 10000×1, 1×10000) made
    /// libvips abort the process (exit 134) when the scaled load gave a side
    /// of 0; each now gets its thumbnail, a side of 1 kept.
    @Test func thinJPEGsGetTheirThumbnails() throws {
        let names = ["thin-1000x1.jpg", "thin-10000x1.jpg", "thin-1x10000.jpg"]
        let sizes = [(1000, 1), (10000, 1), (1, 10000)]
        let setup = try Setup(try names.map { (try Self.fixture($0), "jpg", "image/jpeg") })
        let run = try ETLRun.run(setup.imagesArguments() + ["--quiet"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError == "")
        let summary = try JSONDecoder().decode(ImageSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.downloaded == names.count && summary.failed == 0)
        let rows = try setup.rows()
        for (id, (width, height)) in zip(setup.ids, sizes) {
            let row = try #require(rows[id])
            #expect(row.string("state") == "ok", "\(row.string("error") ?? "")")
            #expect(row.int("width") == width && row.int("height") == height)
            // Longest side 400, the other never below 1.
            #expect(row.int("thumb_width") == (width > 1 ? 400 : 1) && row.int("thumb_height") == (height > 1 ? 400 : 1))
        }
        #expect(setup.entries("thumbs") == setup.ids.map { "\($0).webp" }.sorted())
    }

    /// The CRC-32 of PNG chunks (ISO 3309), for pictures made here.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// An Adam7-interlaced 16-bit RGBA PNG whose header says `size`×`size`
    /// over one short row of data: what decoding it would hold is in its
    /// header (a real one of 14000² is 1.5 MB, and held 1.8 GB).
    static func interlacedPNG(size: UInt32) -> [UInt8] {
        let side = (0..<4).map { UInt8(truncatingIfNeeded: size >> (24 - 8 * $0)) }
        // Stored (uncompressed) deflate block of one filter byte and one pixel.
        let raw: [UInt8] = [0] + [UInt8](repeating: 0x80, count: 8)
        let length = UInt16(raw.count)
        var zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + raw
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += [UInt8(b >> 8), UInt8(b & 0xFF), UInt8(a >> 8), UInt8(a & 0xFF)]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", side + side + [16, 6, 0, 0, 1]) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// `jpeg` with its frame header's size replaced (the scans left as they are).
    static func resized(_ jpeg: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let frame = try #require(ImageKind.jpegFrameIndex(jpeg))
        var bytes = jpeg
        bytes[frame + 5] = UInt8(height >> 8)
        bytes[frame + 6] = UInt8(height & 0xFF)
        bytes[frame + 7] = UInt8(width >> 8)
        bytes[frame + 8] = UInt8(width & 0xFF)
        return bytes
    }

    /// Issue 29's item 6: pictures within the pixel limits that cannot be
    /// decoded row by row (an Adam7 PNG, a progressive JPEG) held their
    /// whole picture while decoding: 1.8 GB and 1.6 GB of etl's memory for
    /// these sizes. What they would hold is read from the header and they
    /// are `too_large` before a pixel is decoded; etl's peak stays low.
    @Test func picturesThatCannotStreamAreBoundedByTheirHeldBytes() throws {
        let png = Self.interlacedPNG(size: 14000)
        let jpeg = try Self.resized(try Self.fixture("photo-progressive-600x900.jpg"), width: 14000, height: 14000)
        let setup = try Setup([(png, "png", "image/png"), (jpeg, "jpg", "image/jpeg")])
        let measured = try ETLRun.runMeasuringMemory(setup.imagesArguments() + ["--quiet"])
        let run = measured.run
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError == "")
        let summary = try JSONDecoder().decode(ImageSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.failures == ["too_large": 2])
        let rows = try setup.rows()
        #expect(rows[setup.ids[0]]?.string("error") == "the header says an interlaced (Adam7) PNG of 14000×14000 pixels and 4 bands of 16 bits: decoding it holds 1496 MiB at once, above the limit of 256 MiB a picture")
        // 4:2:0: luma 1750×1750 blocks, each chroma 875×875, 128 bytes a block.
        let coefficients = (1750 * 1750 + 2 * 875 * 875) * 128
        #expect(ImageKind.jpegCoefficientBytes(jpeg) == coefficients)
        #expect(rows[setup.ids[1]]?.string("error") == "the header says a progressive (multi-scan) JPEG of 14000×14000 pixels and 3 components: decoding it holds \((coefficients + (1 << 20) - 1) >> 20) MiB at once, above the limit of 256 MiB a picture")
        #expect(setup.entries().filter { $0 != "thumbs" }.isEmpty)
        let megabytes = measured.peakResidentBytes / 1_000_000
        print("interlaced and progressive pictures: etl images peaked at \(megabytes) MB")
        #expect(measured.peakResidentBytes > 0)
        #expect(megabytes < 200, "peak resident set \(megabytes) MB")
    }

    /// Issue 29's item 8: a picture on a closed port (`127.0.0.1:1`, and
    /// `127.0.0.1.:1`, a name) stopped every run with exit 1 and no row.
    /// Now each is recorded `unreachable`, the picture on the live host is
    /// kept, the run exits 0; the next run tries the two again.
    @Test func unreachableHostsCostTheirOwnPicturesOnly() throws {
        let photo = try Self.fixture("photo-1200x800.jpg")
        let picture: Setup.Picture = (photo, "jpg", "image/jpeg")
        let setup = try Setup([picture, picture, picture], urls: [1: "http://127.0.0.1:1/x.jpg", 2: "http://127.0.0.1.:1/y.jpg"])
        let arguments = setup.imagesArguments() + ["--max-attempts", "2", "--quiet"]
        let run = try ETLRun.run(arguments)
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError == "")
        let summary = try JSONDecoder().decode(ImageSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.downloaded == 1 && summary.failures == ["unreachable": 2])
        #expect(try setup.host.requests() == [Setup.path(3, "jpg")])
        let rows = try setup.rows()
        for (id, url) in zip(setup.ids, ["http://127.0.0.1:1/x.jpg", "http://127.0.0.1.:1/y.jpg"]) {
            let error = rows[id]?.string("error") ?? ""
            #expect(rows[id]?.string("failure") == "unreachable")
            #expect(error.hasPrefix("cannot connect to \(url): ") && error.hasSuffix(" (after 2 attempts)"), "\(error)")
        }
        #expect(rows[setup.ids[2]]?.string("state") == "ok")

        // Nothing to reach but those two: no news (the host that served the
        // picture on disk was not asked), so the run does not fail.
        let again = try ETLRun.run(arguments)
        #expect(again.exitCode == 0, "\(again.standardError)")
        #expect(again.standardError == "")
        let second = try JSONDecoder().decode(ImageSummary.self, from: Data(again.standardOutput.utf8))
        #expect(second.cached == 1 && second.failures == ["unreachable": 2], "tried again without --retry-failed")
    }

    /// Issue 29's items 19 and 20: a JPEG and a PNG followed by 1 MiB of
    /// random bytes are `ok` (bytes after EOI and IEND are ignored, as
    /// browsers do) and kept byte for byte; a URL spelt `HTTP://` (schemes
    /// are case-insensitive) is fetched like any other.
    @Test func bytesAfterTheEndAndCapitalSchemes() throws {
        var generator = SystemRandomNumberGenerator()
        let tail = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let jpeg = try Self.fixture("photo-1200x800.jpg") + tail
        let png = try Self.fixture("halves-300x200.png") + tail
        let setup = try Setup([(jpeg, "jpg", "image/jpeg"), (png, "png", "image/png")], urls: [2: "{HOST}/pictures/2.png"])
        let run = try ETLRun.run(setup.imagesArguments() + ["--quiet"])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(run.standardError == "")
        let summary = try JSONDecoder().decode(ImageSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.downloaded == 2 && summary.failed == 0, "\(summary.failures)")
        let rows = try setup.rows()
        for (id, (bytes, ext)) in zip(setup.ids, [(jpeg, "jpg"), (png, "png")]) {
            #expect(rows[id]?.string("state") == "ok", "\(rows[id]?.string("error") ?? "")")
            #expect(rows[id]?.int("bytes") == bytes.count)
            let kept = try Data(contentsOf: URL(fileURLWithPath: setup.imagesPath + "/\(id).\(ext)"))
            #expect(Array(kept) == bytes)
        }
        #expect(rows[setup.ids[1]]?.string("url")?.hasPrefix("HTTP://127.0.0.1:") == true)
    }

    /// Two JPEGs broken in their own ways (stray bytes before a marker, 7
    /// and 8 of them): each row keeps its own decoder's reason, and nothing
    /// of libvips's own logging reaches stderr.
    @Test func brokenJPEGsKeepTheirOwnReasons() throws {
        let photo = try Self.fixture("photo-1200x800.jpg")
        let first = try PictureFailureReasonTests.strayBytes(7, in: photo)
        let second = try PictureFailureReasonTests.strayBytes(8, in: photo)
        let setup = try Setup(first: (first, "jpg", "image/jpeg"), second: (second, "jpg", "image/jpeg"))

        let run = try ETLRun.run(setup.imagesArguments() + ["--quiet"])
        #expect(run.exitCode == 0)
        #expect(run.standardError == "")
        let summary = try JSONDecoder().decode(ImageSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.failures == ["undecodable": 2])
        let rows = try setup.rows()
        for (id, count) in zip(setup.ids, [7, 8]) {
            #expect(rows[id]?.string("state") == "failed")
            #expect(rows[id]?.string("error") == "the decoder says: VipsJpeg: Corrupt JPEG data: \(count) extraneous bytes before marker 0xc4")
        }
        #expect(setup.entries().filter { $0 != "thumbs" }.isEmpty && setup.entries("thumbs").isEmpty)
    }
}
