import Foundation
import Testing

/// `sqlite3 data/catalog.sqlite "…"` on a missing catalog leaves an empty
/// file; the commands that only read a catalog say there is none, and
/// leave the file as it was.
@Suite("An empty file where the catalog should be")
struct EmptyCatalogFileTests {
    @Test("status, report, export, pages and gallery: exit 1, one line naming the file, the file still empty")
    func readersRefuseIt() throws {
        let folder = TemporaryDirectory()
        let catalog = folder.path("catalog.sqlite")
        #expect(FileManager.default.createFile(atPath: catalog, contents: Data()))
        let expected = "Error: no catalog at '\(catalog)': the file is empty (sqlite3 leaves one when asked about a missing database); "
            + "remove it and run 'etl crawl' first, or pass --catalog PATH"
        for arguments in [
            ["status"], ["report", "--out", folder.path("r.html")], ["export", "--out", folder.path("w.jsonl")],
            ["pages", "--out", folder.path("pages")], ["gallery", "--out", folder.path("gallery")],
        ] {
            let run = try ETLRun.run(arguments + ["--catalog", catalog])
            #expect(run.exitCode == 1, "\(arguments)")
            #expect(run.standardError.split(separator: "\n").first.map(String.init) == expected, "\(arguments): \(run.standardError)")
            let size = try FileManager.default.attributesOfItem(atPath: catalog)[.size] as? Int
            #expect(size == 0, "\(arguments)")
        }
    }
}
