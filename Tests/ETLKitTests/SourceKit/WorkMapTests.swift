import Testing
@testable import ETLCatalog
@testable import ETLCore
@testable import SourceKit

/// The kit's declarative mapping of a record onto the shared work fields:
/// one list gives both the documentation texts and the values stored.
@Suite("Work map")
struct WorkMapTests {
    static let map = WorkMap<String>([
        .copy(.title, "title"), .shown(.objectDate, "date"), .copy(.department, "dept", "name"),
        .copy(.objectBeginDate, "begin"), .yearOfDate(.objectEndDate, "released"),
        .text(.primaryImage, "built from `image`") { record in record.json["image"]?.string.map { "\(record.context)/\($0)/\(record.id)" } },
        .number(.primaryImageWidth, "`w`, doubled") { $0.json["w"]?.integer.map { Int($0) * 2 } },
        .rights(.cc0, when: "`open` is true") { $0.json["open"] == .bool(true) },
    ])

    static let record = JSONValue.object([
        "id": .integer(7), "title": .string("  "), "date": .string(" \u{200B} "), "dept": .object(["name": .string("Prints")]),
        "begin": .integer(-500), "released": .string("2024-05-01"), "image": .string("a.jpg"), "w": .integer(40), "open": .bool(true),
    ])

    @Test("the documentation: each entry's words, paths joined by dots, `id` for the ID, the end year as the begin year's when none is given")
    func fields() {
        let fields = Self.map.fields
        #expect(fields[.objectID] == "`id`")
        #expect(fields[.title] == "`title`" && fields[.department] == "`dept.name`")
        #expect(fields[.objectEndDate] == "the year of `released`")
        #expect(fields[.primaryImage] == "built from `image`" && fields[.primaryImageWidth] == "`w`, doubled")
        #expect(fields[.rights] == "CC0 1.0 when `open` is true" && fields[.rightsURL] == "CC0 1.0's text, with rights")
        let mapped: Set<SharedColumn> = [
            .objectID, .title, .objectDate, .department, .objectBeginDate, .objectEndDate, .primaryImage, .primaryImageWidth, .rights, .rightsURL,
        ]
        #expect(Set(fields.keys) == mapped)
        let beginOnly = WorkMap<Void>([.yearOfDate(.objectBeginDate, "taken")]).fields
        #expect(beginOnly[.objectBeginDate] == "the year of `taken`" && beginOnly[.objectEndDate] == "the year of `taken`")
    }

    @Test("the values: a copy as written (blank kept), shown only when visible, integers only from JSON integers, computed with the ID and context")
    func fill() throws {
        var check = try #require(RecordCheck(Self.record))
        check.text("title", else: .missingTitle)
        let item = check.item(Self.map, "https://img") { item in ["page": .text(item.imageURL)] }
        #expect(item.id == 7 && item.reasons == [.missingTitle])
        #expect(item.title == "  " && item.date == nil && item.department == "Prints")
        #expect(item.year == -500 && item.endYear == 2024)
        #expect(item.imageURL == "https://img/a.jpg/7" && item.imageWidth == 80 && item.imageHeight == nil)
        #expect(item.rights == Rights.cc0.name && item.rightsURL == Rights.cc0.url)
        #expect(item.details == ["page": .text("https://img/a.jpg/7")])

        let other = JSONValue.object(["id": .integer(8), "begin": .string("1900"), "open": .string("true"), "date": .string("c. 1900")])
        let bare = try #require(RecordCheck(other)).item(Self.map, "x") { _ in [:] }
        #expect(bare.year == nil && bare.rights == nil && bare.rightsURL == nil && bare.title == nil && bare.date == "c. 1900")
    }

    @Test("duplicates: a complete item keyed by its normalized creator and title; an incomplete one, or a map without the rule, has no key")
    func duplicates() throws {
        let map = WorkMap<Void>(duplicates: .creatorAndTitle, [.copy(.title, "title"), .copy(.artistDisplayName, "who")])
        let record = JSONValue.object(["id": .integer(3), "title": .string(" The  Cat "), "who": .string("Ann")])
        let item = try #require(RecordCheck(record)).item(map, ()) { _ in [:] }
        #expect(item.duplicateKey == DuplicateKey.of(artist: "ann", title: "the cat"))
        var incomplete = try #require(RecordCheck(record))
        incomplete.expect(false, else: .missingObjectDate)
        #expect(incomplete.item(map, ()) { _ in [:] }.duplicateKey == nil)
        let plain = WorkMap<Void>([.copy(.title, "title")])
        #expect(try #require(RecordCheck(record)).item(plain, ()) { _ in [:] }.duplicateKey == nil)
    }

    @Test("every shared column an item carries has one place in it, text or integer, and setting it sets that field alone")
    func itemPlaces() {
        var places: [PartialKeyPath<ListedItem>] = []
        for column in SharedColumn.allCases {
            let text = ListedItem.text(column)
            let number = ListedItem.number(column)
            #expect(text == nil || number == nil, "\(column)")
            if let text {
                var item = ListedItem(id: 1, rawJSON: "{}", reasons: [], details: [:])
                item[keyPath: text] = column.rawValue
                #expect(item[keyPath: text] == column.rawValue)
                places.append(text)
            }
            if let number { places.append(number) }
        }
        #expect(Set(places).count == places.count)
    }

    @Test("a source's default facets are the department and classification it fills, none it leaves NULL")
    func defaultFacets() {
        #expect(Stub(fields: [.department: "`d`", .classification: "`c`"]).facets == [.department, .classification])
        #expect(Stub(fields: [.classification: "`c`"]).facets == [.classification])
        #expect(Stub(fields: [.title: "`t`"]).facets.isEmpty)
    }

    struct Stub: Source {
        static let name = SourceName("stub")
        var fields: [SharedColumn: String]
        var title: String { "A stub" }
        var defaults: SourceDefaults { SourceDefaults(name: name, api: "http://127.0.0.1:9", imageHost: "127.0.0.1") }
        var crawl: CrawlStyle { .listing(PagedLister<SourceKitHelperTests.Listing>()) }
        var attribution: SourceAttribution {
            SourceAttribution(
                title: "t", description: "d", license: "l", licenseURL: "u", source: "s", sourceURL: "u", worksDescription: "w",
                fields: fields)
        }
    }
}
