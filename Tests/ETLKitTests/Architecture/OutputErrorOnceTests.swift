import Foundation
import Testing

/// An output a command cannot write is one mechanism,
/// `Sources/ETLCore/Files/OutputError.swift`: the pair of cases for it
/// (cannot be created, exit 73; writing failed, exit 74) was once written
/// five times, in ExportError, ReportError, PagesError, ImageError and
/// MetadataError, each with its own copy of the rule between them.
@Suite("The output error is written once")
struct OutputErrorOnceTests {
    static let home = "ETLCore/Files/OutputError.swift"

    static func copies() throws -> [(what: String, pattern: Regex<AnyRegexOutput>)] { [
        ("a cannotWrite case with a reason", try Regex(#"case\s+cannotWrite\s*\(\s*path:\s*String,\s*reason:"#)),
        ("a writeFailed case", try Regex(#"case\s+writeFailed\s*\("#)),
        ("the write-failure rule copied", try Regex(#"isWriteFailure\s*\?\s*\."#)),
    ] }

    @Test("no Swift file but OutputError declares the output-error pair")
    func writtenOnce() throws {
        let files = try SourcePluginTests.sourceFiles()
        #expect(files.contains { $0.path == Self.home }, "the error lives in \(Self.home)")
        for (what, pattern) in try Self.copies() {
            let copies = files.filter { $0.path != Self.home && $0.text.contains(pattern) }.map(\.path)
            #expect(copies == [], "\(what) in \(copies)")
        }
    }

    @Test("the check finds the copies it replaced")
    func checkFindsACopy() throws {
        let replaced = [
            "    case cannotWrite(path: String, reason: String)",
            "    case writeFailed(path: String, reason: String)",
            "        self = error.isWriteFailure ? .writeFailed(path: path, reason: error.reason) : .cannotWrite(path: path, reason: error.reason)",
        ]
        for (line, (what, pattern)) in zip(replaced, try Self.copies()) {
            #expect(line.contains(pattern), "\(what) not found in its own example")
        }
    }
}
