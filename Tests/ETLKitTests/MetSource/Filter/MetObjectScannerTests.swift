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

/// The hand-written scanner must read every body exactly as JSONDecoder does.
@Suite("MetObjectScanner agrees with JSONDecoder")
struct MetObjectScannerTests {
    private func viaDecoder(_ body: [UInt8]) -> MetObject? {
        try? JSONDecoder().decode(MetObject.self, from: Data(body))
    }

    /// Where the two may differ: JSONDecoder parses lazily and lets a broken
    /// value it never reads pass (a trailing comma, `01`, a bad escape,
    /// invalid UTF-8); the scanner refuses any malformed document, which the
    /// crawl then treats like any other non-JSON answer.
    @Test("malformed documents are refused", arguments: [
        #"{"objectID": 1,}"#, #"{"objectID": 01}"#, #"{"title": "bad \x escape"}"#,
    ])
    func malformed(_ text: String) {
        #expect(MetObjectScanner.decode(Array(text.utf8)) == nil)
    }

    @Test("edge cases", arguments: [
        #"{"objectID": 12, "title": "A"}"#,
        #"{"objectID": 12.0, "isPublicDomain": true}"#,
        #"{"objectID": 12.5, "isPublicDomain": 1}"#,
        #"{"objectID": 1e2, "isPublicDomain": "true"}"#,
        #"{"objectID": -3, "title": null, "artistDisplayName": 7}"#,
        #"{"objectID": "12", "title": ["x"], "classification": {"a": [1, {"b": null}]}}"#,
        #"{"title": "Caf\u00e9 \"Noir\" \\ \/ \n\t", "artistDisplayName": "\ud83d\ude00 smile"}"#,
        #"{"title": "Café", "objectDate": "1830–70", "medium": ""}"#,
        #"  {"objectID": 1}  "#,
        #"{"objectID": 1, "title": "a", "title": "b"}"#,
        #"{}"#,
        #"[1, 2]"#,
        #"{"objectID": 1"#,
        #"{"title": "unterminated}"#,
        #"{"objectID": 1} trailing"#,
        #"<html><body>Request unsuccessful</body></html>"#,
        "",
        #"{"objectID": 9223372036854775808}"#,
        #"{"objectID": true, "isPublicDomain": false, "primaryImage": "https://x/y.jpg"}"#,
    ])
    func edgeCase(_ text: String) {
        let body = Array(text.utf8)
        #expect(MetObjectScanner.decode(body) == viaDecoder(body))
    }

    @Test("invalid UTF-8 is refused")
    func invalidUTF8() {
        let body: [UInt8] = Array(#"{"title": ""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(MetObjectScanner.decode(body) == nil)
    }

    @Test("every sample record")
    func sampleRecords() throws {
        let lines = try String(contentsOfFile: TestPaths.sample("objects.jsonl"), encoding: .utf8).split(separator: "\n")
        for line in lines {
            let body = Array(line.utf8)
            #expect(MetObjectScanner.decode(body) == viaDecoder(body))
        }
        #expect(lines.count == SampleSummary.committedSample.listed)
    }

    @Test("every real record", .enabled(if: TestPaths.realData("objects.jsonl") != nil, "../shared/met-real/objects.jsonl is not present"))
    func realRecords() throws {
        let path = try #require(TestPaths.realData("objects.jsonl"))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        var differences = 0
        for line in lines where MetObjectScanner.decode(Array(line.utf8)) != viaDecoder(Array(line.utf8)) {
            differences += 1
        }
        #expect(lines.count == (try CrawlFixture().summarize(path)).lines)
        #expect(differences == 0)
    }
}
