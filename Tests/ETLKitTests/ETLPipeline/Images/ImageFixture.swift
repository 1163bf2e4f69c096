import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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
import Store
import FetchEngine

/// A crawled catalog and an image folder against a mock started with
/// `--images`, plus helpers to run `etl images` and read what it left.
final class ImageFixture {
    let crawl: CrawlFixture
    let mock: MockServer

    /// Starts a mock with `--images` and `options` on `data` and crawls it
    /// (the sample by default) with `layout`.
    init(data: String = TestPaths.sample("objects.jsonl"), mockOptions: [String] = [], layout: PageLayout = PageLayout()) async throws {
        crawl = try CrawlFixture()
        mock = try MockServer(data: data, options: ["--images"] + mockOptions)
        var options = crawl.options(api: mock.api)
        options.paging.layout = layout
        _ = try await crawl.crawl(options)
    }

    /// The first `lines` records of the sample, in a folder that lives as
    /// long as the returned value.
    static func sampleSubset(lines: Int) throws -> (folder: TemporaryDirectory, path: String) {
        let folder = TemporaryDirectory()
        let path = folder.path("subset.jsonl")
        let records = try String(contentsOfFile: TestPaths.sample("objects.jsonl"), encoding: .utf8).split(separator: "\n").prefix(lines)
        try (records.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (folder, path)
    }

    var catalogPath: String { crawl.catalogPath }
    var imagesPath: String { crawl.path("images") }
    var directory: ImageDirectory { ImageDirectory(path: imagesPath) }

    func catalog() throws -> Catalog { try Catalog.open(path: catalogPath, create: false) }

    /// Options for a fast `etl images` run into this fixture.
    func options(_ configure: (inout ImageOptions) -> Void = { _ in }) -> ImageOptions {
        var options = ImageOptions()
        options.catalogPath = catalogPath
        options.directory = imagesPath
        options.pacing.rate = .unlimited
        options.pacing.concurrency = 8
        options.pacing.cooldown = 0.05
        options.pacing.timeout = 5
        // The mock serves pictures from itself, not from images.metmuseum.org.
        options.imageHosts.widen(with: ["127.0.0.1"])
        configure(&options)
        return options
    }

    func images(_ options: ImageOptions, stop: StopSignal = StopSignal()) async throws -> ImageSummary {
        try await ImageDownloader(options: options, client: ImageDownloader.makeClient(for: options), stop: stop).run()
    }

    func images(_ configure: (inout ImageOptions) -> Void = { _ in }) async throws -> ImageSummary {
        try await images(options(configure))
    }

    /// `etl images` arguments for the real executable.
    func arguments(_ extra: [String] = []) -> [String] {
        ["images", "--catalog", catalogPath, "--dir", imagesPath, "--rate", "unlimited", "--cooldown", "0.05", "--image-hosts", "127.0.0.1"] + extra
    }

    /// The `images` rows, by object ID.
    func rows() throws -> [Int: Row] {
        var rows: [Int: Row] = [:]
        for row in try catalog().database.fetchAll(sql: "SELECT * FROM images") {
            if let id = row.int("object_id") { rows[id] = row }
        }
        return rows
    }

    /// Object IDs of failed rows, by failure kind.
    func failures() throws -> [String: Set<Int>] {
        var failures: [String: Set<Int>] = [:]
        for (id, row) in try rows() where row.string("state") == "failed" {
            failures[row.string("failure") ?? "?", default: []].insert(id)
        }
        return failures
    }

    /// The folder's entries, sorted.
    func files() throws -> [String] {
        // The manifest of what etl wrote is etl's bookkeeping, not a picture.
        try FileManager.default.contentsOfDirectory(atPath: imagesPath)
            .filter { $0 != WrittenFiles.fileName && $0 != PictureFacts.thumbFolder }.sorted()
    }

    /// The thumbnail folder's entries but its manifest, sorted.
    func thumbFiles() throws -> [String] {
        let path = directory.filePath(PictureFacts.thumbFolder)
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: path).filter { $0 != WrittenFiles.fileName }.sorted()
    }

    /// The works on the page files.
    func pagedIDs(folder: String? = nil, count: Int = 30) throws -> [Int] {
        try crawl.pagedIDs(in: folder, count: count)
    }

    /// Image requests the mock has answered since its last reset.
    func imageRequests() async throws -> Int {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "\(mock.api)/__stats")!)
        let stats = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return stats?["image_requests"] as? Int ?? -1
    }

    /// Every `ok` row's file exists with its recorded size and SHA-256, and
    /// its thumbnail with the recorded size; every picture and thumbnail in
    /// the folders has its `ok` row; returns the rows checked.
    @discardableResult
    func verifyFolderMatchesRows() throws -> Int {
        let good = try rows().values.filter { $0.string("state") == "ok" }
        var names: Set<String> = []
        var thumbs: Set<String> = []
        for row in good {
            let name = try requireString(row, "file")
            names.insert(name)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: directory.filePath(name))))
            guard bytes.count == row.int("bytes"), SHA256.hex(of: bytes) == row.string("sha256") else {
                throw FixtureError.mismatch("\(name): size or sha256 differs from its row")
            }
            guard ImageKind(sniffing: bytes) != nil else { throw FixtureError.mismatch("\(name) is not an image") }
            let thumbFile = try requireString(row, "thumb_file")
            thumbs.insert(String(thumbFile.dropFirst(PictureFacts.thumbFolder.count + 1)))
            let thumb = Array(try Data(contentsOf: URL(fileURLWithPath: directory.filePath(thumbFile))))
            guard let kind = ImageKind(sniffing: thumb), let size = kind.dimensions(of: thumb),
                  size.width == row.int("thumb_width"), size.height == row.int("thumb_height") else {
                throw FixtureError.mismatch("\(thumbFile): not a thumbnail of the recorded size")
            }
        }
        let thumbFiles = try thumbFiles().filter { !$0.hasPrefix(".") }
        guard Set(thumbFiles) == thumbs else {
            throw FixtureError.mismatch("thumbnails without a row: \(Set(thumbFiles).subtracting(thumbs)); rows without a thumbnail: \(thumbs.subtracting(thumbFiles))")
        }
        let pictures = try files().filter { !$0.hasPrefix(".") }
        guard Set(pictures) == names else {
            throw FixtureError.mismatch("files without a row: \(Set(pictures).subtracting(names)); rows without a file: \(names.subtracting(pictures))")
        }
        return good.count
    }

    private func requireString(_ row: Row, _ column: String) throws -> String {
        guard let value = row.string(column) else { throw FixtureError.mismatch("no \(column) in \(row.values)") }
        return value
    }

    enum FixtureError: Error {
        case mismatch(String)
    }
}
