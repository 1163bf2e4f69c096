import ETLCatalog
import ETLCommands
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FlickrSource
import MetSource
import SourceKit
import SourceRegistry
import TMDBSource
import Foundation
import Testing

/// Checks against the real 2,000-row MetObjects.csv slice. Counts come from
/// Python's csv module (``PythonCSVCounts``); cell values are always read
/// from the file at test time.
@Suite("MetObjects.csv real sample", .enabled(if: MetSampleFile.isAvailable, "needs ../shared/met-real/MetObjects-sample.csv"))
struct MetObjectsCSVSampleTests {
    private let path: String
    private let records: [CSVRecord]
    private let reference: PythonCSVCounts

    init() throws {
        path = try #require(MetSampleFile.path)
        records = try readAllRecords(at: path)
        reference = try PythonCSVCounts(path: path)
    }

    private func column(_ name: String) throws -> Int {
        try #require(MetObjectsCSV.header.firstIndex(of: name))
    }

    @Test("the file's header is exactly the known 54 columns")
    func headerMatches() throws {
        let header = try #require(records.first)
        #expect(header.fields == MetObjectsCSV.header)
    }

    @Test("all 2,000 data rows parse with 54 fields and unique Object IDs")
    func everyRowParses() throws {
        let dataRows = records.dropFirst()
        #expect(dataRows.count == reference.rows)
        #expect(dataRows.allSatisfy { $0.fields.count == 54 })

        var objectIDs: [Int] = []
        let summary = try MetObjectsCSV(path: path).forEachRow { objectIDs.append($0.objectID) }
        #expect(objectIDs.count == reference.rows)
        #expect(Set(objectIDs).count == reference.distinct_ids)
        #expect(summary.rowsRead == reference.rows)
        #expect(summary.badRows == 0)
    }

    @Test("verdict counts")
    func verdictCounts() throws {
        var likelyComplete = 0
        let summary = try MetObjectsCSV(path: path).forEachRow { row in
            if row.verdict == .likelyComplete { likelyComplete += 1 }
        }
        #expect(summary.likelyComplete == 1419)
        #expect(likelyComplete == 1419)
        #expect(summary.cannotPass == 581)
        #expect(summary.reasonCounts == [
            MetReason.csvNotPublicDomain.reason: 53,
            MetReason.csvMissingArtistDisplayName.reason: 531,
            MetReason.csvMissingObjectDate.reason: 2,
        ])
    }

    @Test("every record matches an independent whole-file parse")
    func matchesReferenceParser() throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let expected = ReferenceCSVParser.records(in: text)
        #expect(expected.count == records.count)
        for (record, fields) in zip(records, expected) where record.fields != fields {
            Issue.record("record at line \(record.line) differs from the reference parse")
        }
    }

    @Test("line numbers count the newlines inside quoted fields")
    func lineNumbers() throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let physicalLines = text.utf8.count { $0 == UInt8(ascii: "\n") }
        let last = try #require(records.last)
        // Each record starts right after the previous one's newlines.
        for (previous, next) in zip(records, records.dropFirst()) {
            let newlinesInside = previous.fields.reduce(0) { $0 + $1.utf8.count { $0 == UInt8(ascii: "\n") } }
            #expect(next.line == previous.line + 1 + newlinesInside)
        }
        let newlinesInLast = last.fields.reduce(0) { $0 + $1.utf8.count { $0 == UInt8(ascii: "\n") } }
        #expect(last.line + newlinesInLast == physicalLines)
    }

    @Test("a multi-artist row comes through intact")
    func multiArtistRow() throws {
        let artist = try column("Artist Display Name")
        let role = try column("Artist Role")
        let beginDate = try column("Artist Begin Date")
        let row = try #require(records.dropFirst().first { $0.fields[artist].contains("|") })
        let parts = row.fields[artist].split(separator: "|", omittingEmptySubsequences: false).count
        // The Met keeps the per-artist columns parallel, one slot per artist.
        #expect(row.fields[role].split(separator: "|", omittingEmptySubsequences: false).count == parts)
        #expect(row.fields[beginDate].split(separator: "|", omittingEmptySubsequences: false).count == parts)

        let raw = try String(contentsOfFile: path, encoding: .utf8)
        let cell = row.fields[artist]
        let quoted = "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        #expect(raw.contains("," + cell + ",") || raw.contains("," + quoted + ","))
        #expect(records.dropFirst().count { $0.fields[artist].contains("|") } == reference.multi_artist)
    }

    @Test("padded Artist Begin Date cells keep their spaces")
    func paddedBeginDate() throws {
        let beginDate = try column("Artist Begin Date")
        let padded = records.dropFirst().map { $0.fields[beginDate] }.filter { $0.hasSuffix(" ") }
        #expect(padded.count == reference.padded_begin_date)
        let first = try #require(padded.first)
        let raw = try String(contentsOfFile: path, encoding: .utf8)
        #expect(raw.contains("," + first + ","))
    }
}
