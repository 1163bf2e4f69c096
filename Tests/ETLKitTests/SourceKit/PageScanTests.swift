import Testing
@testable import ETLCore
@testable import SourceKit

/// Issue 47, items 2 and 9: a page is read to the count asked, and a record
/// whose text is not valid Unicode is read alone without that text.
@Suite("Page scan")
struct PageScanTests {
    static func body(_ records: [String], total: Int = 3, after: String = "") -> [UInt8] {
        Array(#"{"info": {"total": \#(total)}, "data": ["#.utf8) + Array(records.joined(separator: ", ").utf8) + Array("]\(after)}".utf8)
    }

    static func read(_ body: [UInt8], limit: Int = 10) throws -> PageScan {
        try PageScan.read(body, records: ["data"], limit: limit).get()
    }

    @Test("a page holding more than asked is cut to the count asked; the rest is skipped, counted")
    func cut() throws {
        let records = (1...50).map { #"{"id": \#($0), "tags": [1, {"a": "]"}]}"# }
        let scan = try Self.read(Self.body(records, after: #", "more": {"data": [9]}"#), limit: 20)
        #expect(scan.json["data"]?.array?.compactMap { $0["id"]?.integer } == Array(1...20).map(Int64.init))
        #expect(scan.notes == PageScan.Notes(dropped: 30))
        #expect(scan.json["info"]?["total"] == .integer(3) && scan.json["more"]?["data"] == .array([.integer(9)]))
    }

    @Test("bytes that are not UTF-8 or a lone surrogate in one record: that string is absent, the record and the others stand")
    func flawedRecord() throws {
        let bad = Array(#"{"id": 2, "title": "x"#.utf8) + [0xFF, 0xFE, 0xC0, 0xAF] + Array(#"", "type": "Print"}"#.utf8)
        let first: [UInt8] = Self.body([#"{"id": 1, "title": "fine"}"#])
        let third: [UInt8] = Array(#", {"id": 3, "title": "a \ud800 b", "type": "\ud83d\ude00"}]}"#.utf8)
        let body: [UInt8] = Array(first[..<(first.count - 2)]) + Array(", ".utf8) + bad + third
        let scan = try Self.read(body)
        let records = try #require(scan.json["data"]?.array)
        #expect(records.count == 3)
        #expect(records[0]["title"] == .string("fine"))
        #expect(records[1] == .object(["id": .integer(2), "title": .null, "type": .string("Print")]))
        #expect(records[2] == .object(["id": .integer(3), "title": .null, "type": .string("😀")]))
        let bytes = Array(body)
        let notUTF8 = try #require(bytes.firstIndex(of: 0xFF))
        let lone = try #require((0..<bytes.count).first { bytes[$0...].starts(with: Array(#"\ud800"#.utf8)) })
        #expect(scan.notes.flaws == [1: "byte \(notUTF8) is not UTF-8", 2: "a lone surrogate \\ud800 in a string at byte \(lone)"])
    }

    @Test("a body that is no page says why: the byte that is not UTF-8, where the syntax breaks, an empty body")
    func whyNoPage() {
        var outside = Self.body([#"{"id": 1}"#])
        outside.insert(contentsOf: [0xC3, 0x28], at: 3)
        #expect(PageScan.read(outside, records: ["data"], limit: 5) == .failure(PageBodyError("byte 3 is not UTF-8")))
        let html = Array("<html>Service unavailable</html>".utf8)
        #expect(PageScan.read(html, records: ["data"], limit: 5) == .failure(PageBodyError("it is not JSON from byte 0", offset: 0)))
        let cut = Array(Self.body([#"{"id": 1}"#]).dropLast(3))
        #expect(PageScan.read(cut, records: ["data"], limit: 5) == .failure(PageBodyError("it is not JSON from byte \(cut.count)", offset: cut.count)))
        #expect(PageScan.read([], records: ["data"], limit: 5) == .failure(PageBodyError("it is not JSON from byte 0", offset: 0)))
        let deep = Array(String(repeating: "[", count: 10_000).utf8)
        #expect(PageScan.read(deep, records: ["data"], limit: 5) == .failure(PageBodyError("it is not JSON from byte \(PageScan.maxDepth)", offset: PageScan.maxDepth)))
    }

    @Test("a body without the records array is decoded whole, as the API's errors are")
    func noRecords() throws {
        let scan = try Self.read(Array(#"{"stat": "fail", "code": 100}"#.utf8))
        #expect(scan.json == .object(["stat": .string("fail"), "code": .integer(100)]) && scan.notes == PageScan.Notes())
    }
}
