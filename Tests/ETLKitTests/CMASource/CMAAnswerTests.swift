import FetchEngine
import Foundation
import Testing
@testable import CMASource
@testable import ETLCore
@testable import SourceKit

extension SourceName {
    static let cma = CMASource.name
}

/// How the Cleveland Museum of Art's answers read, and the rule on records
/// shaped like the museum's (`/api/artworks/?skip=…&limit=…`).
@Suite("CMA answers and rule")
struct CMAAnswerTests {
    /// A complete artwork as the API answers it (fields as documented), with `changes` applied (nil removes a field).
    static func artwork(_ changes: [String: JSONValue?] = [:]) -> JSONValue {
        let picture: (String, JSONValue, JSONValue) -> JSONValue = { name, width, height in
            .object(["url": .string("https://openaccess-cdn.clevelandart.org/1962.37/1962.37_\(name).jpg"), "width": width,
                     "height": height, "filesize": .string("466400"), "filename": .string("1962.37_\(name).jpg")])
        }
        var fields: [String: JSONValue] = [
            "id": .integer(135382), "accession_number": .string("1962.37"), "share_license_status": .string("CC0"),
            "title": .string("Cupid and Psyche"), "creation_date": .string("1817"), "creation_date_earliest": .integer(1817),
            "creation_date_latest": .integer(1817),
            "creators": .array([.object(["id": .integer(6385), "description": .string("Jacques-Louis David (French, 1748–1825)"),
                                         "role": .string("artist")])]),
            "culture": .array([.string("France, 19th century")]), "technique": .string("oil on canvas"),
            "department": .string("European Painting and Sculpture"), "collection": .string("P - French before 1800"),
            "type": .string("Painting"), "measurements": .string("Framed: 241.5 x 276 x 16 cm"),
            "creditline": .string("Leonard C. Hanna Jr. Fund"), "url": .string("https://clevelandart.org/art/1962.37"),
            "updated_at": .string("2026-11-30 19:03:46.393000"),
            // Sizes come as numbers or as strings.
            "images": .object(["web": picture("web", .string("893"), .integer(658)), "print": picture("print", .integer(3400), .string("2503"))]),
        ]
        for (key, value) in changes { fields[key] = value ?? nil }
        return .object(fields)
    }

    static func item(_ changes: [String: JSONValue?] = [:], picture: String = "web") -> ListedItem? {
        CMAArtwork.item(from: artwork(changes), picture: picture)
    }

    @Test("a complete artwork: the shared work fields, the picture and its size from strings, the link back, the duplicate key")
    func complete() throws {
        let item = try #require(Self.item())
        #expect(item.isComplete && item.id == 135382)
        #expect(item.title == "Cupid and Psyche" && item.creator == "Jacques-Louis David (French, 1748–1825)" && item.date == "1817")
        #expect(item.year == 1817 && item.endYear == 1817)
        #expect(item.department == "European Painting and Sculpture" && item.classification == "Painting" && item.medium == "oil on canvas")
        #expect(item.culture == "France, 19th century" && item.creditLine == "Leonard C. Hanna Jr. Fund" && item.accessionNumber == "1962.37")
        #expect(item.imageURL == "https://openaccess-cdn.clevelandart.org/1962.37/1962.37_web.jpg")
        #expect(item.pageURL == "https://clevelandart.org/art/1962.37")
        #expect(item.details["image_width"] == .int(893) && item.details["image_height"] == .int(658))
        #expect(item.details["share_license_status"] == .text("CC0") && item.details["creator_role"] == .text("artist"))
        #expect(Set(item.details.keys) == Set(CMAArtwork.table.columns.map(\.name)))
        #expect(item.duplicateKey == DuplicateKey.of(artist: "Jacques-Louis David (French, 1748–1825)", title: "Cupid and Psyche"))
        let print = try #require(Self.item(picture: "print"))
        #expect(print.imageURL == "https://openaccess-cdn.clevelandart.org/1962.37/1962.37_print.jpg")
        #expect(print.details["image_width"] == .int(3400) && print.details["image_height"] == .int(2503))
        // Other spacing and case: the same work.
        let copy = try #require(Self.item(["id": .integer(7), "title": .string("  CUPID and   psyche ")]))
        #expect(copy.duplicateKey == item.duplicateKey)
    }

    @Test("the rule: each field's absence is its shared reason; \"Copyrighted\", a string ID, invisible text, no images")
    func rule() throws {
        let noCreators: [String: JSONValue?] = ["creators": .array([])]
        let cases: [([String: JSONValue?], [RejectionReason])] = [
            (["share_license_status": .string("Copyrighted")], [.notPublicDomain]),
            (["share_license_status": .string("cc0")], [.notPublicDomain]),
            (["share_license_status": nil], [.notPublicDomain]),
            (["images": .null], [.missingPrimaryImage]),
            (["images": .object(["web": .object(["url": .string("")])])], [.missingPrimaryImage]),
            (["title": .string("\u{2060} ")], [.missingTitle]),
            (["title": nil], [.missingTitle]),
            (noCreators, [.missingArtistDisplayName]),
            (["creators": .array([.object(["description": .string("\u{200B}")])])], [.missingArtistDisplayName]),
            (["creation_date": .null], [.missingObjectDate]),
            (["type": .string("")], [.missingClassification]),
            (["id": .string("135382")], [.invalidID]),
        ]
        for (changes, reasons) in cases {
            let item = try #require(Self.item(changes))
            #expect(item.reasons == reasons, "\(changes)")
            #expect(item.duplicateKey == nil)
        }
        for id: JSONValue? in [.integer(0), .integer(-3), .string("x1"), .number(1.5), nil] {
            #expect(Self.item(["id": id]) == nil, "\(String(describing: id))")
        }
        // A work with a print picture but no web one: incomplete by default, complete with --picture print.
        let printOnly: [String: JSONValue?] = ["images": .object(["print": .object(["url": .string("https://x/p.jpg"), "width": .string("3400")])])]
        #expect(Self.item(printOnly)?.reasons == [.missingPrimaryImage])
        #expect(Self.item(printOnly, picture: "print")?.isComplete == true)
    }

    @Test("a page: info.total and data; a skip past the end is an empty page; other shapes are not pages")
    func pages() throws {
        let page = try #require(cmaPageRequest.decode(.object(["info": .object(["total": .integer(64_012), "parameters": .object(["skip": .string("0")])]),
                                                 "data": .array([Self.artwork()])])))
        #expect(page.total == 64_012 && page.itemCount == 1)
        #expect(cmaPageRequest.decode(.object(["info": .object(["total": .integer(3)]), "data": .array([])]))?.itemCount == 0)
        #expect(cmaPageRequest.decode(.object(["data": .array([])])) == nil)
        #expect(cmaPageRequest.decode(.object(["info": .object(["total": .string("3")]), "data": .array([])])) == nil)
        #expect(CMAListing.url(api: "http://127.0.0.1:9/api", skip: 999, limit: 1_000)
            == "http://127.0.0.1:9/api/artworks/?skip=999&limit=1000&fields=" + CMAArtwork.fields.joined(separator: ","))
    }

    @Test("a link-back an app may not follow is not kept, in works nor in cma_artworks")
    func linkBackIsAWebLink() throws {
        let item = try #require(Self.item(["url": .string("javascript:alert(1)")]))
        #expect(item.isComplete && item.pageURL == nil)
        #expect(item.details["artwork_url"] == .text(nil))
    }

    @Test("--picture takes web or print, nothing else")
    func pictureOption() throws {
        let option = try #require(CMASource().options.first { $0.name == "picture" })
        #expect(try option.parse("print") == "print")
        #expect(throws: InvalidValue(expected: "web or print")) { try option.parse("full") }
    }
}
