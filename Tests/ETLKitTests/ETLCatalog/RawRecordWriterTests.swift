import Testing
@testable import ETLCatalog
@testable import ETLCore
import Store

/// The one writer of `objects_raw` and `object_reasons`, used by the Met's
/// results, the listing sources' items and the CSV plan: an answer and its
/// reasons replace the last ones whole; a plan's reasons add to them.
@Suite("Raw answers and reasons")
struct RawRecordWriterTests {
    func reasons(_ database: Database) throws -> [String] {
        try database.fetchAll(sql: "SELECT reason FROM object_reasons WHERE object_id = 7 ORDER BY reason").compactMap { try $0.text(named: "reason") }
    }

    func raw(_ database: Database) throws -> [String] {
        try database.fetchAll(sql: "SELECT CAST(raw_json AS TEXT) AS raw FROM objects_raw WHERE object_id = 7").compactMap { try $0.text(named: "raw") }
    }

    @Test func anAnswerReplacesTheLastOneAndItsReasonsWhole() throws {
        let directory = TemporaryDirectory()
        let catalog = try CatalogFixture.open(directory)
        _ = try catalog.registerListing(ids: [7], at: CatalogFixture.date)
        let database = catalog.database
        let writer = try RawRecordWriter(database: database)
        try writer.write(id: 7, raw: .utf8(Array(#"{"a":1}"#.utf8)), reasons: [.missingTitle, .notPublicDomain, .missingTitle])
        #expect(try raw(database) == [#"{"a":1}"#])
        #expect(try reasons(database) == [RejectionReason.missingTitle.rawValue, RejectionReason.notPublicDomain.rawValue].sorted())
        try writer.write(id: 7, raw: .text(#"{"a":2}"#), reasons: [.missingObjectDate])
        #expect(try raw(database) == [#"{"a":2}"#])
        #expect(try reasons(database) == [RejectionReason.missingObjectDate.rawValue])
        try writer.add([.notPublicDomain], to: 7)
        #expect(try reasons(database) == [RejectionReason.missingObjectDate.rawValue, RejectionReason.notPublicDomain.rawValue].sorted())
        try writer.replaceReasons(of: 7, with: [])
        #expect(try reasons(database) == [])
        #expect(try raw(database) == [#"{"a":2}"#])
    }
}
