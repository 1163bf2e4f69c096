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
import Store

/// A file of the user's where a picture would go costs that work its
/// picture, never the run, and is never replaced.
@Suite("etl images: a user's file in the way")
struct ImageOccupiedTests {
    @Test("a user's file or link at a picture's name: that work fails as occupied, the file stays, the run goes on")
    func userFilesInTheWay() async throws {
        let fixture = try await ImageFixture()
        try ImageDirectory(path: fixture.imagesPath).create()
        let paged = try fixture.pagedIDs()
        let (mine, linked) = (paged[0], paged[1])
        let minePath = fixture.directory.filePath("\(mine).jpg")
        let linkPath = fixture.directory.filePath("\(linked).jpg")
        try Data("my holiday".utf8).write(to: URL(fileURLWithPath: minePath))
        try FileManager.default.createSymbolicLink(atPath: linkPath, withDestinationPath: fixture.imagesPath + "/../nowhere")

        let run = try ETLRun.run(fixture.arguments(["--quiet", "--json"]))
        #expect(run.exitCode == 0, "\(run.standardError)")
        let failures = try fixture.failures()
        #expect(failures["occupied"] == [mine, linked])
        let rows = try fixture.rows()
        #expect(rows[mine]?.string("error") == "a file etl did not write is at '\(minePath)'; move it away and run 'etl images --retry-failed'")
        #expect(FileManager.default.contents(atPath: minePath) == Data("my holiday".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: linkPath) == fixture.imagesPath + "/../nowhere")
        // Every other paged work got its picture.
        let ok = rows.values.filter { $0.string("state") == "ok" }.count
        #expect(ok == rows.count - 2 - (failures.filter { $0.key != "occupied" }.values.reduce(0) { $0 + $1.count }))
        #expect(ok > 0)

        // Moved away, the next --retry-failed run fetches both.
        try FileManager.default.removeItem(atPath: minePath)
        try FileManager.default.removeItem(atPath: linkPath)
        let retried = try ETLRun.run(fixture.arguments(["--quiet", "--retry-failed"]))
        #expect(retried.exitCode == 0, "\(retried.standardError)")
        #expect(try fixture.failures()["occupied"] == nil)
    }
}
