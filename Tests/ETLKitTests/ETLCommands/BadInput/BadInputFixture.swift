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
import FetchEngine
import Store

/// A catalog with a completed crawl of the sample (and its 30 page files),
/// and what it held, to prove a bad input changed nothing.
final class BadInputFixture {
    let folder = TemporaryDirectory()
    let mock: MockServer

    var catalogPath: String { folder.path("catalog.sqlite") }
    var pagesPath: String { folder.path("pages") }

    init() throws {
        mock = try MockServer(data: TestPaths.sample("objects.jsonl"))
        let run = try ETLRun.run(crawlArguments(api: mock.api))
        guard run.exitCode == 0 else { throw MockServerError.didNotStart }
    }

    func crawlArguments(api: String, _ extra: [String] = []) -> [String] {
        ["crawl", "--api", api, "--catalog", catalogPath, "--out", pagesPath, "--rate", "unlimited", "--quiet",
         "--max-attempts", "1", "--cooldown", "0.05"] + extra
    }

    /// What must not change: counts, listed objects, integrity, page bytes.
    struct Snapshot: Equatable {
        var objects: Int
        var listed: Int
        var works: Int
        var integrity: String
        var pages: [Data]
    }

    func snapshot() throws -> Snapshot {
        let database = try Database(path: catalogPath, create: false, readOnly: true)
        func count(_ sql: String) throws -> Int { try database.fetchOne(sql: sql)?.int("n") ?? -1 }
        return Snapshot(
            objects: try count("SELECT count(*) AS n FROM objects"),
            listed: try count("SELECT count(*) AS n FROM objects WHERE is_listed = 1"),
            works: try count("SELECT count(*) AS n FROM works"),
            integrity: try database.fetchOne(sql: "PRAGMA integrity_check")?.string("integrity_check") ?? "",
            pages: try (1...30).map { try Data(contentsOf: URL(fileURLWithPath: "\(pagesPath)/\($0).txt")) })
    }

    func runStatuses() throws -> [String] {
        try Database(path: catalogPath, create: false, readOnly: true)
            .fetchAll(sql: "SELECT status FROM runs ORDER BY id").compactMap { $0.string("status") }
    }

    func setUserVersion(_ version: Int) throws {
        try Database(path: catalogPath, create: false).execute(sql: "PRAGMA user_version = \(version)")
    }
}

extension ETLRun {
    /// The first line of stderr.
    var firstErrorLine: String {
        String(standardError.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }

    /// The lines of stderr that start with `prefix`.
    func errorLines(starting prefix: String) -> [String] {
        standardError.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    /// stderr holds no control character but line ends: nothing from the
    /// network reached the terminal raw.
    var hasCleanStandardError: Bool {
        !standardError.unicodeScalars.contains { $0 != "\n" && TerminalText.isUnsafe($0) }
    }
}
