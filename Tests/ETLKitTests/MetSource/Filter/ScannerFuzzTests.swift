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
import Store

/// A few thousand mutated real records through the scanner and the filter:
/// each must get a verdict (unreadable, rejected with reasons, or kept),
/// and none may crash or hang.
@Suite("Scanner and filter fuzzing")
struct ScannerFuzzTests {
    enum Verdict: Hashable {
        case unreadable
        case rejected
        case kept
    }

    static func verdict(_ body: [UInt8]) -> Verdict {
        guard let object = MetObject.decode(body: body) else { return .unreadable }
        let reasons = ObjectFilter.rejectionReasons(for: object)
        if reasons.isEmpty {
            _ = ObjectFilter.duplicateKey(for: object)
            return .kept
        }
        return .rejected
    }

    /// The repository's sample, plus the shared real records when present.
    static func records() throws -> [[UInt8]] {
        var lines = try String(contentsOfFile: TestPaths.sample("objects.jsonl"), encoding: .utf8).split(separator: "\n")
        let real = TestPaths.packageRoot.appendingPathComponent("../shared/met-real/objects.jsonl").standardizedFileURL.path
        if let text = try? String(contentsOfFile: real, encoding: .utf8) {
            // Every eighth record: ~700 of the 5,697, all shapes, bounded time.
            lines += text.split(separator: "\n").enumerated().filter { $0.offset % 8 == 0 }.map(\.element)
        }
        return lines.map { Array($0.utf8) }
    }

    static let fields = ["objectID", "isPublicDomain", "primaryImage", "primaryImageSmall", "artistDisplayName", "title",
                         "classification", "objectDate", "department", "metadataDate", "constituents", "tags", "measurements"]
    static var retypes: [Any] { [NSNull(), 42, -1, 1e300, true, false, "", " ", "\u{0}", [1, 2], ["k": "v"], "\u{FEFF}x", 9_223_372_036_854_775_807] }

    /// One mutation of `record`, chosen by `kind`.
    static func mutate(_ record: [UInt8], kind: Int, using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = record
        switch kind {
        case 0:  // truncated anywhere
            return Array(bytes.prefix(Int.random(in: 0..<max(1, bytes.count), using: &generator)))
        case 1:  // bytes flipped, including into invalid UTF-8 and structural characters
            for _ in 0..<Int.random(in: 1...6, using: &generator) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = [UInt8.random(in: 0...255, using: &generator), 0x22, 0x5C, 0x7B, 0x5D, 0x00][Int.random(in: 0..<6, using: &generator)]
            }
            return bytes
        case 2:  // a field retyped (string → number, array, object, null, NUL…)
            guard var object = (try? JSONSerialization.jsonObject(with: Data(record))) as? [String: Any] else { return bytes }
            let field = fields.randomElement(using: &generator) ?? "title"
            object[field] = retypes.randomElement(using: &generator)
            return (try? Array(JSONSerialization.data(withJSONObject: object))) ?? bytes
        case 3:  // deep nesting in front of the fields
            let depth = [10, 511, 513, 5_000, 100_000].randomElement(using: &generator) ?? 10
            let nest = Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
            return Array("{\"deep\":".utf8) + nest + [UInt8(ascii: ",")] + bytes.dropFirst()
        default:  // a huge string, plain or all escapes
            let huge = Int.random(in: 0...1, using: &generator) == 0
                ? String(repeating: "a", count: 1 << 20)
                : String(repeating: "\\u0000\\ud800\\\"", count: 1 << 15)
            return Array("{\"title\":\"\(huge)\",".utf8) + bytes.dropFirst()
        }
    }

    @Test("every mutated record gets a verdict, and no mutation crashes the scanner or the filter")
    func mutatedRecords() throws {
        let records = try Self.records()
        #expect(records.count >= 300)
        let start = Date()
        var generator = SeededGenerator(seed: 11)
        var tally: [Verdict: Int] = [:]
        var inputs = 0
        for record in records {
            #expect(Self.verdict(record) != .unreadable, "an unmutated record reads")
            // Four cheap mutations each; the costly ones (nesting, huge strings) on every tenth record.
            var kinds = [0, 1, 2, 2]
            if inputs % 40 == 0 { kinds += [3, 4] }
            for kind in kinds {
                let mutated = Self.mutate(record, kind: kind, using: &generator)
                tally[Self.verdict(mutated), default: 0] += 1
                inputs += 1
            }
        }
        let elapsed = Date().timeIntervalSince(start)
        print("fuzz: \(inputs) mutated records in \(String(format: "%.1f", elapsed)) s: \(tally)")
        #expect(tally.values.reduce(0, +) == inputs)
        #expect(inputs >= 1_200)
        // The mutations bite: each verdict occurs.
        #expect(tally[.unreadable, default: 0] > 0)
        #expect(tally[.rejected, default: 0] > 0)
        #expect(tally[.kept, default: 0] > 0)
    }

    @Test("nesting beyond the scanner's limit is unreadable, not a stack overflow")
    func deepNesting() {
        for (depth, isReadable) in [(10, true), (100_000, false), (1_000_000, false)] {
            let body = Array("{\"deep\":".utf8) + Array(repeating: UInt8(ascii: "["), count: depth)
                + Array(repeating: UInt8(ascii: "]"), count: depth) + Array(",\"objectID\":1}".utf8)
            let object = MetObject.decode(body: body)
            #expect((object != nil) == isReadable, "depth \(depth)")
        }
    }
}
