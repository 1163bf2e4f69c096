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

@Suite("CSV reader")
struct CSVReaderTests {
    @Test("quoted fields keep embedded commas and collapse doubled quotes")
    func quotedCommasAndDoubledQuotes() throws {
        let text = "a,\"b, c\",\"say \"\"hi\"\"\"\n\"\",x,\"\"\"\"\n"
        let records = try withCSVFile(text) { try readAllRecords(at: $0) }
        #expect(records == [
            CSVRecord(fields: ["a", "b, c", "say \"hi\""], line: 1),
            CSVRecord(fields: ["", "x", "\""], line: 2),
        ])
    }

    @Test("newlines inside quotes are kept and later line numbers stay right")
    func embeddedNewlines() throws {
        let text = "id,note\n1,\"two\nlines\"\n2,\"crlf\r\ninside\r\nthree\"\n3,plain\n"
        let records = try withCSVFile(text) { try readAllRecords(at: $0) }
        #expect(records == [
            CSVRecord(fields: ["id", "note"], line: 1),
            CSVRecord(fields: ["1", "two\nlines"], line: 2),
            CSVRecord(fields: ["2", "crlf\r\ninside\r\nthree"], line: 4),
            CSVRecord(fields: ["3", "plain"], line: 7),
        ])
    }

    @Test("a UTF-8 byte order mark at the start is skipped")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Object Number,Title\n1,x\n".utf8)
        let records = try withCSVFile(bytes) { try readAllRecords(at: $0) }
        #expect(records.first?.fields == ["Object Number", "Title"])
        #expect(records.count == 2)
    }

    @Test("CRLF line endings end records without leaving CR in the last field")
    func crlfLineEndings() throws {
        let records = try withCSVFile("a,b\r\n1,2\r\n\"q\"\r\n") { try readAllRecords(at: $0) }
        #expect(records == [
            CSVRecord(fields: ["a", "b"], line: 1),
            CSVRecord(fields: ["1", "2"], line: 2),
            CSVRecord(fields: ["q"], line: 3),
        ])
    }

    @Test("the last record is returned without a trailing newline", arguments: [
        "a,b\n1,2", "a,b\n1,\"2\"", "a,b\r\n1,2\r",
    ])
    func finalRecordWithoutNewline(text: String) throws {
        let records = try withCSVFile(text) { try readAllRecords(at: $0) }
        #expect(records.map(\.fields) == [["a", "b"], ["1", "2"]])
    }

    @Test("blank lines are not records", arguments: [
        "a,b\n\n", "a,b\r\n\r\n", "\na,b\n", "a,b\n\n\n",
    ])
    func blankLines(text: String) throws {
        let records = try withCSVFile(text) { try readAllRecords(at: $0) }
        #expect(records.map(\.fields) == [["a", "b"]])
    }

    @Test("empty fields, including an empty quoted field alone on a line")
    func emptyFields() throws {
        let records = try withCSVFile(",,\n\"\"\na,\n") { try readAllRecords(at: $0) }
        #expect(records.map(\.fields) == [["", "", ""], [""], ["a", ""]])
    }

    @Test("padded cells keep their spaces")
    func paddedCells() throws {
        let records = try withCSVFile("1399      ,  x  , \" q \"\n") { try readAllRecords(at: $0) }
        #expect(records.first?.fields == ["1399      ", "  x  ", " \" q \""])
    }

    @Test("stray quotes and lone CRs are kept as data")
    func lenientQuotesAndCarriageReturns() throws {
        let records = try withCSVFile("5\" tall,\"ab\"c,x\ry\n") { try readAllRecords(at: $0) }
        #expect(records.first?.fields == ["5\" tall", "abc", "x\ry"])
    }

    @Test("an empty file has no records")
    func emptyFile() throws {
        #expect(try withCSVFile("") { try readAllRecords(at: $0) }.isEmpty)
    }

    @Test("records split across chunk boundaries parse the same", arguments: [3, 4, 7, 13, 64 * 1024])
    func chunkBoundaries(chunkSize: Int) throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
            + Array("h1,h2\r\n\"Érard|George Henry Blake\",\"a \"\"b\"\"\r\nc\"\n1780      |          ,\"x\"\r\nlast,row".utf8)
        let records = try withCSVFile(bytes) { try readAllRecords(at: $0, chunkSize: chunkSize) }
        #expect(records == [
            CSVRecord(fields: ["h1", "h2"], line: 1),
            CSVRecord(fields: ["Érard|George Henry Blake", "a \"b\"\r\nc"], line: 2),
            CSVRecord(fields: ["1780      |          ", "x"], line: 4),
            CSVRecord(fields: ["last", "row"], line: 5),
        ])
    }

    @Test("an unterminated quote names the line where the quote opened")
    func unterminatedQuote() throws {
        let text = "a,b\n1,2\n3,\"never\nclosed\n"
        try withCSVFile(text) { path in
            let reader = try CSVReader(path: path)
            #expect(try reader.nextRecord()?.fields == ["a", "b"])
            #expect(try reader.nextRecord()?.fields == ["1", "2"])
            let error = #expect(throws: CSVError.self) { try reader.nextRecord() }
            #expect(error == .unterminatedQuote(file: path, line: 3))
            #expect(error?.description == "\(path) line 3: quoted field is never closed before the end of the file")
            #expect(try reader.nextRecord() == nil)
        }
    }

    @Test("invalid UTF-8 is reported with its line and field", arguments: [
        [0xC3], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82],
    ] as [[UInt8]])
    func invalidEncoding(badBytes: [UInt8]) throws {
        let bytes = Array("a,b\n\"x\ny\",".utf8) + badBytes + Array("z\nafter,ok\n".utf8)
        try withCSVFile(bytes) { path in
            let reader = try CSVReader(path: path)
            _ = try reader.nextRecord()
            let error = #expect(throws: CSVError.self) { try reader.nextRecord() }
            #expect(error == .invalidEncoding(file: path, line: 2, field: 2))
            #expect(error?.description == "\(path) line 2: field 2 is not valid UTF-8")
            // The bad record is consumed, so a caller may carry on.
            #expect(try reader.nextRecord() == CSVRecord(fields: ["after", "ok"], line: 4))
        }
    }

    @Test("valid multi-byte UTF-8 survives, including 4-byte scalars")
    func validMultiByteText() throws {
        let text = "Érard,–,漢字,🎹\n"
        let records = try withCSVFile(text) { try readAllRecords(at: $0, chunkSize: 5) }
        #expect(records.first?.fields == ["Érard", "–", "漢字", "🎹"])
    }

    @Test("a missing file cannot be opened")
    func missingFile() throws {
        let error = #expect(throws: CSVError.self) {
            try CSVReader(path: "/nonexistent/etlkit/MetObjects.csv")
        }
        #expect(error == .cannotOpen(path: "/nonexistent/etlkit/MetObjects.csv", reason: "No such file or directory"))
        #expect(error?.description == "cannot open /nonexistent/etlkit/MetObjects.csv: No such file or directory; "
            + "MetObjects.csv is The Met's open-access CSV, in https://github.com/metmuseum/openaccess (stored with Git LFS: git lfs pull)")
    }
}
