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

/// The pure check of a listing's body, case by case.
@Suite("ObjectListingBody")
struct ObjectListingBodyTests {
    static let url = "http://127.0.0.1:9/objects"

    static func decode(_ text: String, changed: Bool = false) throws -> ObjectListingBody? {
        try ObjectListingBody.decode(Array(text.utf8), url: url, isChangedListing: changed)
    }

    @Test func consistentListingKeepsOrderAndDropsWhatCannotBeAnObject() throws {
        let body = try #require(try Self.decode("{\"total\":8,\"objectIDs\":[5,3,5,0,-1,-9223372036854775808,9223372036854775807,3]}"))
        #expect(body.ids == [5, 3, 9_223_372_036_854_775_807])
        #expect(body.invalidIDs == 3)
        #expect(body.duplicateIDs == 2)
    }

    @Test("not JSON at all is left to the caller (a block page)", arguments: ["<html>blocked</html>", "", "  ", "[1,2]"])
    func notAListing(text: String) throws {
        #expect(try Self.decode(text) == nil)
    }

    @Test("inconsistent listings are errors naming what is wrong", arguments: [
        ("{\"total\":3,\"objectIDs\":null}", "\"objectIDs\" is null (\"total\" is 3)"),
        ("{\"total\":0,\"objectIDs\":null}", "\"objectIDs\" is null (\"total\" is 0)"),
        ("{\"total\":2,\"objectIDs\":[1]}", "\"total\" is 2 but \"objectIDs\" holds 1 IDs"),
        ("{\"objectIDs\":[1]}", "\"total\" is missing"),
        ("{\"total\":1,\"objectIDs\":[1e30]}", "the body is not {\"total\": N, \"objectIDs\": [positive integers]}"),
        ("{\"total\":1,\"objectIDs\":[1.5]}", "the body is not {\"total\": N, \"objectIDs\": [positive integers]}"),
        ("{\"total\":1,\"objectIDs\":[1]", "the body is not {\"total\": N, \"objectIDs\": [positive integers]}"),
    ])
    func inconsistent(text: String, reason: String) {
        #expect(throws: CrawlError.invalidListing(url: Self.url, reason: reason)) { try Self.decode(text) }
    }

    @Test func noChangeIsNullOnlyInAChangedListing() throws {
        #expect(try Self.decode("{\"total\":0,\"objectIDs\":null}", changed: true)?.ids == [])
        #expect(throws: CrawlError.self) { try Self.decode("{\"total\":4,\"objectIDs\":null}", changed: true) }
    }
}
