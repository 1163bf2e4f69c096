import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCore
@testable import FetchEngine
@testable import SourceKit

/// Issue 29 (hostile input, round 4), items 2 and 9 for Flickr and TMDB,
/// through the real binary against fixed answers: numbers that overflow,
/// and a server that echoes the credential in other encodings.
@Suite("Hostile Flickr and TMDB answers through the executable", .serialized)
struct HostileSourceTests {
    @Test("Flickr's total and perpage of 2^63−1 in every window: no trap; --max-requests ends the run cleanly")
    func flickrHugeNumbers() throws {
        let largest = Int64.max
        let photo = #"{"id":"5","owner":"o","secret":"abc","server":"65535","farm":66,"title":"t","ispublic":1,"license":"4"}"#
        let body = #"{"photos":{"page":1,"pages":1,"perpage":\#(largest),"total":"\#(largest)","photo":[\#(photo)]},"stat":"ok"}"#
        let server = try FixedServer(routes: ["*": .init(body: body)])
        let crawl = try CrawlFixture()
        let run = try ETLRun.run(
            ["crawl", "--source", "flickr", "--text", "harbor", "--api", server.api, "--catalog", crawl.catalogPath,
             "--out", crawl.pagesPath, "--rate", "unlimited", "--max-requests", "60", "--json"],
            environment: ["FLICKR_API_KEY": SourceFixture.flickrKey])
        #expect(run.exitCode == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("Fatal error"))
        // Every one-second window holds 2^63−1 − 4,000 past the depth: the pager's count saturates.
        let summary = try JSONDecoder().decode(CrawlSummary.self, from: Data(run.standardOutput.utf8))
        #expect(summary.figures["unreachable"] == .count(.max))
        let catalog = try Catalog.open(path: crawl.catalogPath, create: false)
        let row = try #require(try catalog.database.fetchOne(sql: "SELECT status, withdrawn FROM runs ORDER BY id DESC LIMIT 1"))
        #expect(row.string("status") == "budget_reached" && row.int("withdrawn") == 0)
    }

    /// A token made here, and the spellings issue 29 found unmasked.
    static func echoes(of token: String) -> [String] {
        let bytes = Array(token.utf8)
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        let percent = bytes.map { String(format: "%%%02X", $0) }.joined()
        // The token two bytes into what was encoded: base64's third phase.
        let shifted = Data(Array("k=".utf8) + bytes).base64EncodedString()
        return [hex, hex.uppercased(), percent, shifted, shifted.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")]
    }

    @Test("a TMDB server echoing the token as hex, %XX or shifted base64: exit 1, and no spelling on stderr or in runs.error",
          arguments: 0..<5)
    func tmdbEchoesMasked(spelling: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let token = String((0..<64).map { _ in alphabet.randomElement(using: &generator)! })
        let echo = Self.echoes(of: token)[spelling]
        let body = #"{"success":false,"status_code":7,"status_message":"Invalid API key: \#(echo) was refused."}"#
        let server = try FixedServer(routes: ["*": .init(status: 401, body: body)])
        let crawl = try CrawlFixture()
        let run = try ETLRun.run(
            ["crawl", "--source", "tmdb", "--api", "\(server.api)/3", "--catalog", crawl.catalogPath, "--out", crawl.pagesPath],
            environment: ["TMDB_READ_TOKEN": token])
        #expect(run.exitCode == 1)
        // The message as TMDB said it (cut where it is long), the echo masked.
        #expect(run.standardError.hasPrefix("Error: TMDB refused the credential (error 7: Invalid API key: "), "\(run.standardError)")
        #expect(run.standardError.contains("***"), "\(run.standardError)")
        #expect(run.standardError.hasSuffix("); check TMDB_READ_TOKEN or TMDB_API_KEY\n"))
        let characters = Array(echo)
        for start in 0...(characters.count - SecretMask.minimumRun) {
            #expect(!run.standardError.contains(String(characters[start..<start + SecretMask.minimumRun])))
        }
        // Nothing of it is kept: a refused credential on a fresh catalog leaves no run, or a run without it.
        if FileManager.default.fileExists(atPath: crawl.catalogPath) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: crawl.catalogPath))
            for text in [token, echo] { #expect(bytes.range(of: Data(text.utf8)) == nil) }
        }
    }

    @Test("a Retry-After of 2^63 s or a stored 1e308 s is said in a few words, not trapped on nor written in 300 digits")
    func hugeDurationsAreShown() {
        #expect(FigureText.duration(Double(Int64.max)) == "over 100 years")
        #expect(FigureText.duration(1e308) == "over 100 years")
        #expect(FigureText.duration(99 * 365 * 86_400) == "36135d00h")
        #expect(FigureText.duration(999_999) == "11d13h")
    }
}
