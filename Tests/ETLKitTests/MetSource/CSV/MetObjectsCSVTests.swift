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
import Testing

@Suite("MetObjects.csv planning")
struct MetObjectsCSVTests {
    /// Runs the planner over `text` and returns every plan row, the summary
    /// and the file's path (errors name it as given).
    private func plan(_ text: String, maxBadRows: Int = 100) throws -> (rows: [CSVPlanRow], summary: CSVReadSummary, file: String) {
        try withCSVFile(text) { path in
            var rows: [CSVPlanRow] = []
            let summary = try MetObjectsCSV(path: path, maxBadRows: maxBadRows).forEachRow { rows.append($0) }
            return (rows, summary, path)
        }
    }

    /// The header's error and the file's path.
    private func headerError(_ header: [String]) throws -> (CSVError?, String) {
        let text = MetCSVFixture.line(header) + "\n"
        return try withCSVFile(text) { path in
            (#expect(throws: CSVError.self) { try MetObjectsCSV(path: path).forEachRow { _ in } }, path)
        }
    }

    @Test("the header has 54 unique column names")
    func headerShape() {
        #expect(MetObjectsCSV.header.count == 54)
        #expect(Set(MetObjectsCSV.header).count == 54)
    }

    @Test("a renamed column is named in the header error")
    func renamedHeaderColumn() throws {
        var header = MetObjectsCSV.header
        header[4] = "ObjectID"
        let (error, file) = try headerError(header)
        #expect(error == .wrongHeader(file: file, column: 5, expected: "Object ID", found: "ObjectID"))
        #expect(error?.description == "\(file) header: column 5 should be \"Object ID\" but is \"ObjectID\"")
    }

    @Test("a header missing its last column says so")
    func shortHeader() throws {
        let (error, file) = try headerError(Array(MetObjectsCSV.header.dropLast()))
        #expect(error?.description == "\(file) header: column 54 should be \"Tags Wikidata URL\" but is missing or empty")
    }

    @Test("a header with an extra column names it")
    func longHeader() throws {
        let (error, file) = try headerError(MetObjectsCSV.header + ["Extra"])
        #expect(error?.description == "\(file) header: unexpected extra column 55 \"Extra\"")
    }

    @Test("an empty file has no header")
    func emptyFile() throws {
        let (error, file) = try withCSVFile("") { path in
            (#expect(throws: CSVError.self) { try MetObjectsCSV(path: path).forEachRow { _ in } }, path)
        }
        #expect(error?.description == "\(file) is empty: expected a header line")
    }

    @Test("a short row is skipped and counted with its line number")
    func shortRowIsSkipped() throws {
        let good = MetCSVFixture.text(rows: [MetCSVFixture.row(["Object ID": "10"]), MetCSVFixture.row(["Object ID": "12"])])
        let shortLine = MetCSVFixture.line(Array(repeating: "x", count: 53))
        var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(shortLine, at: 2)
        let result = try plan(lines.joined(separator: "\n"))

        #expect(result.rows.map(\.objectID) == [10, 12])
        #expect(result.summary.rowsRead == 3)
        #expect(result.summary.badRows == 1)
        #expect(result.summary.firstBadRowLines == [3])
        let error = try #require(result.summary.firstBadRowErrors.first)
        #expect(error.description == "\(result.file) line 3: expected 54 fields, found 53")
    }

    @Test("an Object ID that is not a positive integer makes a bad row", arguments: ["", "abc", "12.5", "-3", "0"])
    func unusableObjectID(value: String) throws {
        let result = try plan(MetCSVFixture.text(rows: [MetCSVFixture.row(["Object ID": value])]))
        #expect(result.rows.isEmpty)
        #expect(result.summary.firstBadRowErrors == [.invalidObjectID(file: result.file, line: 2, value: value)])
    }

    @Test("too many bad rows stop the read with the first lines named")
    func tooManyBadRows() throws {
        let bad = MetCSVFixture.row(["Object ID": "n/a"])
        let text = MetCSVFixture.text(rows: [MetCSVFixture.row(), bad, bad, MetCSVFixture.row(), bad])
        let (error, file) = try withCSVFile(text) { path in
            (#expect(throws: CSVError.self) { try MetObjectsCSV(path: path, maxBadRows: 2).forEachRow { _ in } }, path)
        }
        #expect(error == .tooManyBadRows(file: file, count: 3, limit: 2, firstLines: [3, 4, 6]))
        #expect(error?.description == "\(file): 3 bad rows exceed the limit of 2 (first at lines 3, 4, 6)")
    }

    @Test("bad rows up to the limit are tolerated")
    func badRowsAtTheLimit() throws {
        let bad = MetCSVFixture.row(["Object ID": "n/a"])
        let result = try plan(MetCSVFixture.text(rows: [bad, bad, MetCSVFixture.row()]), maxBadRows: 2)
        #expect(result.summary.badRows == 2)
        #expect(result.rows.count == 1)
    }

    @Test("verdict rules", arguments: [
        ([:], CSVVerdict.likelyComplete),
        (["Is Public Domain": "False"], .cannotPass(reasons: [MetReason.csvNotPublicDomain.reason])),
        (["Is Public Domain": "true"], .cannotPass(reasons: [MetReason.csvNotPublicDomain.reason])),
        (["Is Public Domain": " True"], .cannotPass(reasons: [MetReason.csvNotPublicDomain.reason])),
        (["Artist Display Name": ""], .cannotPass(reasons: [MetReason.csvMissingArtistDisplayName.reason])),
        (["Artist Display Name": "   "], .cannotPass(reasons: [MetReason.csvMissingArtistDisplayName.reason])),
        (["Artist Display Name": " | "], .cannotPass(reasons: [MetReason.csvMissingArtistDisplayName.reason])),
        (["Artist Display Name": "|"], .cannotPass(reasons: [MetReason.csvMissingArtistDisplayName.reason])),
        (["Artist Display Name": "Érard|George Henry Blake"], .likelyComplete),
        (["Artist Display Name": " |Blake"], .likelyComplete),
        (["Artist Display Name": "Blake| "], .likelyComplete),
        (["Title": " \t"], .cannotPass(reasons: [MetReason.csvMissingTitle.reason])),
        (["Classification": ""], .cannotPass(reasons: [MetReason.csvMissingClassification.reason])),
        (["Object Date": "\n"], .cannotPass(reasons: [MetReason.csvMissingObjectDate.reason])),
        (
            ["Is Public Domain": "False", "Artist Display Name": "", "Title": "", "Classification": "", "Object Date": ""],
            .cannotPass(reasons: [
                MetReason.csvNotPublicDomain, .csvMissingArtistDisplayName, .csvMissingTitle,
                .csvMissingClassification, .csvMissingObjectDate,
            ].map(\.reason))
        ),
    ] as [([String: String], CSVVerdict)])
    func verdictRules(overrides: [String: String], expected: CSVVerdict) throws {
        let result = try plan(MetCSVFixture.text(rows: [MetCSVFixture.row(overrides)]))
        #expect(result.rows == [CSVPlanRow(objectID: 1, verdict: expected)])
    }

    @Test("padded cells still count: spaces around the ID and text are ignored")
    func paddedCells() throws {
        let row = MetCSVFixture.row([
            "Object ID": " 503046 ",
            "Title": "  Grand Pianoforte ",
            "Artist Begin Date": "1780      |          ",
            "Artist Display Name": " | Érard ",
        ])
        let result = try plan(MetCSVFixture.text(rows: [row]))
        #expect(result.rows == [CSVPlanRow(objectID: 503_046, verdict: .likelyComplete)])
    }

    @Test("rows stream in file order and the summary adds up")
    func summaryTotals() throws {
        let text = MetCSVFixture.text(rows: [
            MetCSVFixture.row(["Object ID": "3"]),
            MetCSVFixture.row(["Object ID": "1", "Is Public Domain": "False"]),
            MetCSVFixture.row(["Object ID": "2", "Is Public Domain": "False", "Title": ""]),
        ])
        let result = try plan(text)
        #expect(result.rows.map(\.objectID) == [3, 1, 2])
        #expect(result.summary.rowsRead == 3)
        #expect(result.summary.likelyComplete == 1)
        #expect(result.summary.cannotPass == 2)
        #expect(result.summary.badRows == 0)
        #expect(result.summary.reasonCounts == [MetReason.csvNotPublicDomain.reason: 2, MetReason.csvMissingTitle.reason: 1])
    }

    @Test("an error thrown by the caller stops the read")
    func bodyErrorPropagates() throws {
        struct Stop: Error {}
        let text = MetCSVFixture.text(rows: [MetCSVFixture.row(), MetCSVFixture.row(["Object ID": "2"])])
        var seen = 0
        let error = try withCSVFile(text) { path in
            #expect(throws: Stop.self) {
                try MetObjectsCSV(path: path).forEachRow { _ in
                    seen += 1
                    throw Stop()
                }
            }
        }
        #expect(error != nil)
        #expect(seen == 1)
    }
}
