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

@Suite("MetObject decoding")
struct MetObjectDecodingTests {
    @Test func completeBodyDecodesEveryField() throws {
        let object = try #require(FilterFixture.object())
        #expect(object == MetObject(
            objectID: 436_535, isPublicDomain: true,
            primaryImage: "https://images.metmuseum.org/CRDImages/ep/original/DT1567.jpg",
            primaryImageSmall: "https://images.metmuseum.org/CRDImages/ep/web-large/DT1567.jpg",
            artistDisplayName: "Vincent van Gogh", title: "Wheat Field with Cypresses",
            classification: "Paintings", objectDate: "1889", medium: "Oil on canvas",
            objectURL: "https://www.metmuseum.org/art/collection/search/436535",
            department: "European Paintings", metadataDate: "2023-02-07T04:46:51.34Z", isHighlight: true))
    }

    @Test(arguments: [
        "", " ", "[]", "[{\"objectID\": 1}]", "null", "42", "\"text\"", "true",
        "<!DOCTYPE html><html><head><title>Request Rejected</title></head><body>Request unsuccessful. Incapsula incident ID: 1</body></html>",
        "{\"objectID\": 1", "{objectID: 1}",
    ])
    func nonObjectBodiesDecodeAsNil(body: String) {
        #expect(MetObject.decode(body: Array(body.utf8)) == nil)
    }

    @Test func invalidUTF8DecodesAsNil() {
        #expect(MetObject.decode(body: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]) == nil)
    }

    @Test func emptyObjectDecodesWithEveryFieldNil() throws {
        let object = try #require(MetObject.decode(body: Array("{}".utf8)))
        #expect(object == MetObject())
    }

    @Test func errorBodyIsAnObjectWithNothingUseful() throws {
        let object = try #require(MetObject.decode(body: Array("{\"message\":\"Not a valid object\"}".utf8)))
        #expect(object == MetObject())
        #expect(!ObjectFilter.isComplete(object))
    }

    /// A field of the wrong JSON type becomes nil without failing the others.
    @Test(arguments: [
        ("title", JSONField.number("5")), ("title", .bool(false)), ("title", .raw("[\"a\"]")),
        ("title", .raw("{\"a\": 1}")), ("medium", .null), ("department", .number("3.5")),
        ("objectDate", .number("1889")), ("metadataDate", .bool(true)),
    ])
    func wrongTypeBecomesNilAlone(key: String, value: JSONField) throws {
        let object = try #require(FilterFixture.object([key: value]))
        let fields: [String: String?] = [
            "title": object.title, "medium": object.medium, "department": object.department,
            "objectDate": object.objectDate, "metadataDate": object.metadataDate,
        ]
        #expect(fields[key] == .some(nil))
        #expect(object.objectID == 436_535)
        #expect(object.artistDisplayName == "Vincent van Gogh")
        #expect(object.primaryImage?.hasPrefix("https://") == true)
    }

    @Test(arguments: [
        (JSONField.bool(true), Bool?.some(true)), (.bool(false), false), (.string("true"), nil),
        (.number("1"), nil), (.number("0"), nil), (.null, nil), (.missing, nil),
    ])
    func isPublicDomainIsOnlyAJSONBoolean(value: JSONField, expected: Bool?) throws {
        let object = try #require(FilterFixture.object(["isPublicDomain": value]))
        #expect(object.isPublicDomain == expected)
    }

    @Test(arguments: [
        (JSONField.number("12"), Int?.some(12)), (.number("12.0"), 12), (.number("12.5"), nil),
        (.string("12"), nil), (.bool(true), nil), (.null, nil), (.missing, nil), (.number("-5"), -5),
        (.number("99999999999999999999999"), nil),
    ])
    func objectIDIsAStrictInteger(value: JSONField, expected: Int?) throws {
        let object = try #require(FilterFixture.object(["objectID": value]))
        #expect(object.objectID == expected)
    }

    @Test func stringsKeepEscapesAndUnicodeExactly() throws {
        let title = "Caf\u{E9} \"Le Chat\"\tno.\u{A0}2 \u{1F3A8} \\ end"
        let object = try #require(FilterFixture.object(["title": .string(title)]))
        #expect(object.title == title)
        let escaped = try #require(MetObject.decode(body: Array(#"{"title": "Caf\u00e9 \ud83c\udfa8"}"#.utf8)))
        #expect(escaped.title == "Caf\u{E9} \u{1F3A8}")
    }

    @Test func duplicateKeysAndUnknownFieldsDoNotFailDecoding() throws {
        let body = #"{"objectID": 7, "constituents": [{"name": "x"}], "measurements": null, "extra": {"a": [1, 2]}}"#
        let object = try #require(MetObject.decode(body: Array(body.utf8)))
        #expect(object.objectID == 7)
    }
}
