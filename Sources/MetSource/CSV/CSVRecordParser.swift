import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// The byte-level RFC 4180 state machine behind ``CSVReader``.
///
/// It is fed one chunk at a time and remembers where it stopped, so a record
/// may straddle any number of chunks. Keeping it a struct that the reader
/// mutates in one access per chunk, rather than fields of the reader class,
/// avoids a runtime exclusivity check on every byte-loop property access.
package struct CSVRecordParser {
    /// Prefix for error messages.
    package let fileName: String

    private var state = State.startOfField
    /// The physical line the parser is on.
    private var line = 1
    private var recordStarted = false
    private var recordStartLine = 1
    private var quoteStartLine = 1
    private var fieldWasQuoted = false
    /// Bytes of all fields of the current record, back to back; reused
    /// between records so the steady state allocates only the strings.
    private var recordBytes: [UInt8] = []
    /// End offset in `recordBytes` of each finished field.
    private var fieldEnds: [Int] = []

    private enum State {
        case startOfField
        case unquoted
        case quoted
        /// Saw `"` inside a quoted field: either an escaped quote or the end.
        case quoteInQuoted
        /// Saw CR outside quotes: a line ending if LF follows, else data.
        case pendingCarriageReturn
    }

    /// A record larger than this is not a CSV row (MetObjects.csv's longest
    /// are a few KB): `/dev/zero` or a binary file, read as one endless field.
    package static let maximumRecordBytes = 1 << 20
    package static let maximumFields = 10_000

    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    package init(fileName: String) {
        self.fileName = fileName
        recordBytes.reserveCapacity(4096)
        fieldEnds.reserveCapacity(64)
    }

    /// Consumes `bytes` from `position` until a record ends (returned, with
    /// `position` just past its line break) or the bytes run out (nil, with
    /// `position == bytes.count`).
    /// - Throws: `CSVError.invalidEncoding`; the record is consumed anyway.
    package mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, from position: inout Int) throws -> CSVRecord? {
        let end = bytes.count
        var index = position
        defer { position = index }
        while index < end {
            switch state {
            case .startOfField:
                if !recordStarted {
                    recordStarted = true
                    recordStartLine = line
                }
                switch bytes[index] {
                case Self.quote:
                    state = .quoted
                    fieldWasQuoted = true
                    quoteStartLine = line
                    index += 1
                case Self.comma:
                    finishField()
                    index += 1
                case Self.lineFeed:
                    line += 1
                    index += 1
                    if let record = try finishRecord() { return record }
                case Self.carriageReturn:
                    state = .pendingCarriageReturn
                    index += 1
                default:
                    state = .unquoted
                }
            case .unquoted:
                // Copy the whole run of ordinary bytes at once; a quote here
                // is literal, so only separators and line breaks stop it.
                let runStart = index
                while index < end {
                    let byte = bytes[index]
                    if byte == Self.comma || byte == Self.lineFeed || byte == Self.carriageReturn { break }
                    index += 1
                }
                recordBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                guard index < end else { break }
                index += 1
                switch bytes[index - 1] {
                case Self.comma:
                    finishField()
                    state = .startOfField
                case Self.lineFeed:
                    line += 1
                    if let record = try finishRecord() { return record }
                default:
                    state = .pendingCarriageReturn
                }
            case .quoted:
                let runStart = index
                var newlines = 0
                while index < end {
                    let byte = bytes[index]
                    if byte == Self.quote { break }
                    if byte == Self.lineFeed { newlines += 1 }
                    index += 1
                }
                line += newlines
                recordBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                if index < end {
                    state = .quoteInQuoted
                    index += 1
                }
            case .quoteInQuoted:
                switch bytes[index] {
                case Self.quote:
                    recordBytes.append(Self.quote)
                    state = .quoted
                    index += 1
                case Self.comma:
                    finishField()
                    state = .startOfField
                    index += 1
                case Self.lineFeed:
                    line += 1
                    index += 1
                    if let record = try finishRecord() { return record }
                case Self.carriageReturn:
                    state = .pendingCarriageReturn
                    index += 1
                default:
                    // Text after a closing quote joins the field unquoted.
                    state = .unquoted
                }
            case .pendingCarriageReturn:
                if bytes[index] == Self.lineFeed {
                    line += 1
                    index += 1
                    if let record = try finishRecord() { return record }
                } else {
                    // A lone CR is data; the byte after it is parsed as part
                    // of the same unquoted field.
                    recordBytes.append(Self.carriageReturn)
                    state = .unquoted
                }
            }
        }
        // Checked once per chunk: a record grows by at most a chunk past it.
        if recordBytes.count > Self.maximumRecordBytes || fieldEnds.count > Self.maximumFields {
            throw CSVError.recordTooLong(file: fileName, line: recordStartLine, limit: Self.maximumRecordBytes, fields: Self.maximumFields)
        }
        return nil
    }

    /// Ends parsing at the end of the file, returning the last record if it
    /// had no trailing newline.
    /// - Throws: `CSVError.unterminatedQuote` if a quoted field is still open.
    package mutating func finish() throws -> CSVRecord? {
        guard recordStarted else { return nil }
        if state == .quoted {
            throw CSVError.unterminatedQuote(file: fileName, line: quoteStartLine)
        }
        // A trailing CR with nothing after it is taken as the line ending.
        return try finishRecord()
    }

    private mutating func finishField() {
        fieldEnds.append(recordBytes.count)
        fieldWasQuoted = false
    }

    /// Ends the current record at a line break or end of file. Returns nil
    /// for an empty line, which is not a record.
    private mutating func finishRecord() throws -> CSVRecord? {
        let isEmptyLine = fieldEnds.isEmpty && recordBytes.isEmpty && !fieldWasQuoted
        if !isEmptyLine {
            finishField()
        }
        defer {
            recordBytes.removeAll(keepingCapacity: true)
            fieldEnds.removeAll(keepingCapacity: true)
            recordStarted = false
            fieldWasQuoted = false
            state = .startOfField
        }
        return isEmptyLine ? nil : try makeRecord()
    }

    private func makeRecord() throws -> CSVRecord {
        var fields: [String] = []
        fields.reserveCapacity(fieldEnds.count)
        try recordBytes.withUnsafeBufferPointer { buffer in
            var start = 0
            for (fieldIndex, end) in fieldEnds.enumerated() {
                let fieldBytes = UnsafeBufferPointer(rebasing: buffer[start..<end])
                guard UTF8Validator.isValid(fieldBytes) else {
                    throw CSVError.invalidEncoding(file: fileName, line: recordStartLine, field: fieldIndex + 1)
                }
                fields.append(String(decoding: fieldBytes, as: UTF8.self))
                start = end
            }
        }
        return CSVRecord(fields: fields, line: recordStartLine)
    }
}
