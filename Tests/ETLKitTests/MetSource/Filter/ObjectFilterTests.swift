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

/// The five string fields an app needs, with the reason each one gives.
enum RequiredField: String, CaseIterable, Sendable {
    case primaryImage, artistDisplayName, title, classification, objectDate

    var reason: RejectionReason {
        switch self {
        case .primaryImage: return .missingPrimaryImage
        case .artistDisplayName: return .missingArtistDisplayName
        case .title: return .missingTitle
        case .classification: return .missingClassification
        case .objectDate: return .missingObjectDate
        }
    }
}

@Suite("ObjectFilter rules")
struct ObjectFilterRuleTests {
    @Test func completeObjectPasses() throws {
        let object = try #require(FilterFixture.object())
        #expect(ObjectFilter.rejectionReasons(for: object) == [])
        #expect(ObjectFilter.isComplete(object))
    }

    /// Values that do not count as text: absent, wrong JSON type, or only
    /// Unicode White_Space (which includes U+00A0, U+2028 and U+3000).
    static let absentValues: [JSONField] = [
        .missing, .null, .number("42"), .bool(true), .raw("[\"x\"]"), .raw("{}"), .string(""),
        .string(" "), .string("   "), .string("\t"), .string("\n"), .string("\r\n"), .string(" \t\n "),
        .string("\u{00A0}"), .string("\u{3000}"), .string("\u{2028}"), .string("\u{0085}"),
        .string(" \u{00A0}\t"),
    ]

    @Test(arguments: RequiredField.allCases, absentValues)
    func absentRequiredFieldGivesExactlyItsReason(field: RequiredField, value: JSONField) throws {
        let object = try #require(FilterFixture.object([field.rawValue: value]))
        #expect(ObjectFilter.rejectionReasons(for: object) == [field.reason])
        #expect(!ObjectFilter.isComplete(object))
    }

    /// Text with whitespace around it, or a lone visible character, is present.
    @Test(arguments: RequiredField.allCases, ["x", " x ", "\tUntitled\n", "\u{00A0}1889", "—", "?"])
    func requiredFieldWithAnyVisibleCharacterPasses(field: RequiredField, text: String) throws {
        let object = try #require(FilterFixture.object([field.rawValue: .string(text)]))
        #expect(ObjectFilter.rejectionReasons(for: object) == [])
    }

    @Test(arguments: [
        JSONField.bool(false), .string("true"), .string("True"), .number("1"), .number("0"), .null, .missing,
    ])
    func isPublicDomainMustBeJSONTrue(value: JSONField) throws {
        let object = try #require(FilterFixture.object(["isPublicDomain": value]))
        #expect(ObjectFilter.rejectionReasons(for: object) == [.notPublicDomain])
    }

    @Test(arguments: [
        JSONField.number("0"), .number("-5"), .number("-0"), .string("123"), .number("12.5"), .bool(true),
        .null, .missing,
    ])
    func invalidObjectIDs(value: JSONField) throws {
        let object = try #require(FilterFixture.object(["objectID": value]))
        #expect(ObjectFilter.rejectionReasons(for: object) == [MetReason.invalidObjectID.reason])
    }

    @Test(arguments: [("1", 1), ("436535", 436_535), ("12.0", 12), ("1e3", 1000)])
    func integralObjectIDsAreValid(json: String, expected: Int) throws {
        let object = try #require(FilterFixture.object(["objectID": .number(json)]))
        #expect(object.objectID == expected)
        #expect(ObjectFilter.rejectionReasons(for: object) == [])
    }

    @Test func reasonsComeInRuleOrderWhenEverythingIsMissing() {
        #expect(ObjectFilter.rejectionReasons(for: MetObject()) == [
            MetReason.invalidObjectID.reason, .notPublicDomain, .missingPrimaryImage, .missingArtistDisplayName,
            .missingTitle, .missingClassification, .missingObjectDate,
        ])
    }

    @Test func optionalFieldsDoNotMatter() throws {
        let object = try #require(FilterFixture.object([
            "primaryImageSmall": .missing, "medium": .null, "department": .string(""),
            "objectURL": .number("3"), "metadataDate": .missing,
        ]))
        #expect(ObjectFilter.isComplete(object))
    }

    @Test func aBodyForAnotherIDIsInvalid() throws {
        let object = try #require(FilterFixture.object())
        #expect(ObjectFilter.rejectionReasons(for: object, requestedID: 436_535) == [])
        #expect(ObjectFilter.rejectionReasons(for: object, requestedID: 7) == [MetReason.invalidObjectID.reason])
    }

    /// The shared reasons and the registered sources' own, in the order
    /// the catalog has ranked them since version 6 (whose frozen view lists them).
    @Test func reasonRawValuesAreStableIdentifiers() {
        #expect(SourceRegistry.reasons.reasons.map(\.rawValue) == [
            "withdrawn", "gone", "bad_id", "invalid_objectID", "not_public_domain", "missing_primaryImage",
            "missing_artistDisplayName", "missing_title", "missing_classification", "missing_objectDate",
            "csv_not_public_domain", "csv_missing_artistDisplayName", "csv_missing_title",
            "csv_missing_classification", "csv_missing_objectDate",
            "invalid_id", "missing_farm", "missing_server", "missing_secret", "not_public",
            "missing_overview", "missing_poster_path", "missing_release_date", "missing_vote_average",
            "duplicate", "duplicate_image", "near_duplicate_image",
        ])
    }
}

@Suite("ObjectFilter normalization and duplicate keys")
struct ObjectFilterNormalizationTests {
    @Test(arguments: [
        ("Café", "cafe\u{301}"),
        ("Cafe\u{301}", "café"),
        ("ÉCOLE", "école"),
        ("E\u{301}COLE DE PARIS", "école de paris"),
        ("  Vincent   van\tGogh\n", "vincent van gogh"),
        ("Vincent\u{00A0}van\u{2003}Gogh", "vincent van gogh"),
        ("a\r\n\r\nb", "a b"),
        ("Ångström", "a\u{30A}ngstro\u{308}m"),
        ("ΣΟΦΙΑ", "σοφια"),
    ])
    func equivalentTextNormalizesEqually(left: String, right: String) {
        #expect(ObjectFilter.normalize(left) == ObjectFilter.normalize(right))
    }

    @Test(arguments: [
        ("  Vincent   van\tGogh\n", "vincent van gogh"),
        ("Cafe\u{301}", "caf\u{E9}"),
        ("\t\n ", ""),
        ("", ""),
        ("A\u{1F}B", "a b"),
        ("ÉCOLE", "\u{E9}cole"),
    ])
    func normalizedForm(input: String, expected: String) {
        let normalized = ObjectFilter.normalize(input)
        #expect(normalized == expected)
        // Compare scalars too: String equality is canonical, the key must be NFC bytes.
        #expect(Array(normalized.unicodeScalars) == Array(expected.unicodeScalars))
    }

    static func key(_ artist: String, _ title: String) -> String {
        ObjectFilter.duplicateKey(for: MetObject(artistDisplayName: artist, title: title))
    }

    @Test(arguments: [
        (("Vincent van Gogh", "Wheat Field"), ("  VINCENT van\tgogh ", "wheat\n field")),
        (("Paul Cézanne", "Still Life"), ("Paul Ce\u{301}zanne", "STILL LIFE")),
        (("Édouard Manet", "Le Déjeuner"), ("E\u{301}DOUARD MANET", "le de\u{301}jeuner")),
    ])
    func equivalentPairsShareAKey(left: (String, String), right: (String, String)) {
        #expect(Self.key(left.0, left.1) == Self.key(right.0, right.1))
        // Byte equality, as SQLite compares dedup_key as text.
        #expect(Array(Self.key(left.0, left.1).utf8) == Array(Self.key(right.0, right.1).utf8))
    }

    @Test(arguments: [
        (("Rembrandt", "Self-Portrait"), ("Vincent van Gogh", "Self-Portrait")),
        (("Vincent van Gogh", "Irises"), ("Vincent van Gogh", "Roses")),
        (("A B", "C"), ("A", "B C")),
        (("A\u{1F}B", "C"), ("A", "B\u{1F}C")),
        (("Café", "X"), ("Cafe", "X")),
    ])
    func differentWorksHaveDifferentKeys(left: (String, String), right: (String, String)) {
        #expect(Self.key(left.0, left.1) != Self.key(right.0, right.1))
    }
}

@Suite("ObjectFilter on the recorded API sample")
struct ObjectFilterRealSampleTests {
    /// `../shared/met-real/objects.jsonl` beside the package root.
    static let samplePath: String? = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                let sample = url.deletingLastPathComponent().appendingPathComponent("shared/met-real/objects.jsonl").path
                return FileManager.default.fileExists(atPath: sample) ? sample : nil
            }
            url = url.deletingLastPathComponent()
        }
        return nil
    }()

    @Test(.enabled(if: samplePath != nil, "../shared/met-real/objects.jsonl is not present"))
    func completeAndDistinctCounts() throws {
        let path = try #require(Self.samplePath)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        // The counts of make_sample.py's rule (Python, written apart from this one).
        let reference = try CrawlFixture().summarize(path)
        #expect(lines.count == reference.lines)
        var decoded = 0
        var complete = 0
        var keys: Set<String> = []
        for line in lines {
            guard let object = MetObject.decode(body: Array(line)) else { continue }
            decoded += 1
            if ObjectFilter.isComplete(object) {
                complete += 1
                keys.insert(ObjectFilter.duplicateKey(for: object))
            }
        }
        print("met-real sample: \(lines.count) lines, \(decoded) objects, \(complete) complete, \(keys.count) distinct keys")
        #expect(decoded == reference.valid)
        #expect(complete == reference.complete)
        #expect(keys.count == reference.kept)
    }
}
