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

/// TMDB's posters go through the same decoding as the Met's pictures and
/// Flickr's photos (SourceCommandTests checks Flickr's).
@Suite("Pictures of every source")
struct PictureSourcesTests {
    @Test func tmdbPostersAreDecoded() async throws {
        let fixture = try SourceFixture(.tmdb, mockOptions: ["--movies", "60"])
        let summary = try await fixture.run(fixture.options())
        #expect(summary.kept > 0)
        let images = fixture.crawl.path("images")
        let run = try ETLRun.run([
            "images", "--source", "tmdb", "--catalog", fixture.catalogPath, "--dir", images, "--rate", "unlimited",
            "--image-hosts", "127.0.0.1", "--all", "--thumb-format", "jpeg", "--thumb-size", "64",
        ])
        #expect(run.exitCode == 0, "\(run.standardError)")
        let catalog = try Catalog.open(path: fixture.catalogPath, create: false)
        let ok = try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM images WHERE state = 'ok'")?.int("n") ?? 0
        #expect(ok == summary.kept)
        let derived = try catalog.database.fetchOne(sql: """
            SELECT count(*) AS n FROM images WHERE state = 'ok' AND thumb_file = 'thumbs/' || object_id || '.jpg'
               AND max(thumb_width, thumb_height) <= 64 AND placeholder IS NOT NULL AND color LIKE '#%' AND length(phash) = 16
            """)?.int("n")
        #expect(derived == ok)
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: images + "/thumbs").filter { $0.hasSuffix(".jpg") }
        #expect(thumbs.count == ok)
    }
}
