import Foundation
import Testing
@testable import ETLCore
@testable import FlickrSource
@testable import SourceKit
@testable import TMDBSource

/// A source's own crawl figures live in `CrawlSummary.figures` under the
/// names it declares; ETLCore's summary holds none of them by name.
@Suite("Summary figures a source declares")
struct SummaryFigureTests {
    @Test("declared figures round-trip through --json under figures, counts as numbers and flags as booleans")
    func roundTrip() throws {
        var summary = CrawlSummary()
        summary.windows = 3
        summary.unreachable = 12
        summary.isListSettled = false
        #expect(summary.figures == ["windows": .count(3), "unreachable": .count(12), "isListSettled": .flag(false)])
        let data = try JSONEncoder().encode(summary)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let figures = try #require(object["figures"] as? [String: Any])
        #expect(figures["windows"] as? Int == 3 && figures["unreachable"] as? Int == 12)
        #expect(String(decoding: data, as: UTF8.self).contains("\"isListSettled\":false"))
        #expect(object["windows"] == nil, "no figure sits among the shared fields")
        #expect(try JSONDecoder().decode(CrawlSummary.self, from: data) == summary)
    }

    @Test("a figure not filled is nil, and a flag is never read as a count")
    func unfilled() {
        var summary = CrawlSummary()
        #expect(summary[count: TMDBFigure.pagesLostToWholePageDecode] == nil && summary.isListSettled == nil)
        summary.isListSettled = true
        #expect(summary[count: ListFigure.isListSettled] == nil)
        summary[count: TMDBFigure.pagesLostToWholePageDecode] = nil
        #expect(summary.figures == ["isListSettled": .flag(true)])
    }
}
