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
    /// The first two works of the sample (both kept and paged), their
    /// pictures at `picture(1)` and `picture(2)` of `host`.
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

        init(first: (bytes: [UInt8], ext: String, type: String), second: (bytes: [UInt8], ext: String, type: String)) throws {
            var routes: [String: FixedServer.Route] = [:]
            for (n, picture) in [(1, first), (2, second)] {
                let file = folder.path("body-\(n)")
                try Data(picture.bytes).write(to: URL(fileURLWithPath: file))
                routes[Self.path(n, picture.ext)] = FixedServer.Route(body_file: file, content_type: picture.type)
            }
            host = try FixedServer(routes: routes)
            // The first two records the Met rules keep, their pictures moved to the host.
            let kept = try String(contentsOfFile: TestPaths.sample("objects.jsonl"), encoding: .utf8).split(separator: "\n")
                .filter { MetObject.decode(body: Array($0.utf8)).map(ObjectFilter.isComplete) == true }.prefix(2)
            var records: [String] = []
            var ids: [Int] = []
            for (line, (n, ext)) in zip(kept, [(1, first.ext), (2, second.ext)]) {
                guard var record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      let id = record["objectID"] as? Int else { throw MockServerError.didNotStart }
                let url = host.api + Self.path(n, ext)
                record["primaryImage"] = url
                record["primaryImageSmall"] = url
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
        // (10 GB); the bound for any picture is 200 MB.
        let megabytes = measured.peakResidentBytes / 1_000_000
        #expect(measured.peakResidentBytes > 0)
        print("hostile pictures: etl images peaked at \(megabytes) MB")
        #expect(megabytes < 200, "peak resident set \(megabytes) MB")
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
