#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams RFC 4180 records from a file with bounded memory.
///
/// The file is read in fixed-size chunks and parsed byte by byte, so memory
/// stays at one chunk plus the current record however large the file is.
///
/// Accepted input:
/// - fields separated by `,`; records end with LF or CRLF;
/// - quoted fields may hold commas, doubled quotes (`""`) and LF/CRLF newlines;
/// - a UTF-8 byte order mark at the very start is skipped;
/// - the last record may lack a trailing newline;
/// - empty lines are skipped (as Python's `csv` does), so a blank trailing
///   line is not a record.
///
/// Leniency, because real exports are messy and dropping data is worse:
/// a quote inside an unquoted field is kept literally, text after a closing
/// quote is appended to the field (`"ab"c` reads as `abc`), and a CR not
/// followed by LF is kept as data.
///
/// A class rather than a struct because it owns a file descriptor that must
/// be closed exactly once. It is not `Sendable`: use it from one task.
public final class CSVReader {
    /// The path the reader was opened with.
    public let path: String
    /// The last path component, used to prefix error messages.
    public let fileName: String

    private let descriptor: Int32
    private let chunk: UnsafeMutablePointer<UInt8>
    private let chunkCapacity: Int
    private var chunkCount = 0
    private var chunkPosition = 0
    private var reachedEndOfFile = false
    private var hasReadFirstChunk = false
    /// Set after the last record or a fatal error so later calls return nil.
    private var isFinished = false

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

    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Opens `path` for reading.
    /// - Parameter chunkSize: bytes read per system call; 64 KiB keeps memory
    ///   small while making call overhead negligible.
    /// - Throws: `CSVError.cannotOpen` if the file cannot be opened.
    public init(path: String, chunkSize: Int = 64 * 1024) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw CSVError.cannotOpen(path: path, reason: Self.systemErrorMessage())
        }
        self.path = path
        self.fileName = path.split(separator: "/").last.map(String.init) ?? path
        self.descriptor = descriptor
        // At least 4 bytes so the BOM check never straddles two reads.
        let capacity = max(chunkSize, 4)
        self.chunkCapacity = capacity
        self.chunk = .allocate(capacity: capacity)
        recordBytes.reserveCapacity(4096)
        fieldEnds.reserveCapacity(64)
    }

    deinit {
        close(descriptor)
        chunk.deallocate()
    }

    /// Returns the next record, or nil once the file is exhausted.
    /// - Throws: `CSVError.invalidEncoding` for a record with non-UTF-8 bytes
    ///   (the record is consumed, so reading can continue after it);
    ///   `CSVError.unterminatedQuote` if the file ends inside a quoted field;
    ///   `CSVError.readFailed` if the operating system reports a read error.
    public func nextRecord() throws -> CSVRecord? {
        while !isFinished {
            if chunkPosition == chunkCount {
                if reachedEndOfFile {
                    return try finishAtEndOfFile()
                }
                try refillChunk()
                continue
            }
            if let record = try scanChunk() {
                return record
            }
        }
        return nil
    }

    // MARK: - Parsing

    /// Consumes bytes of the current chunk until a record ends (returned) or
    /// the chunk runs out (nil). Local copies keep the hot loops free of
    /// property access.
    private func scanChunk() throws -> CSVRecord? {
        let bytes = UnsafeBufferPointer(start: chunk, count: chunkCount)
        let end = chunkCount
        var index = chunkPosition
        defer { chunkPosition = index }
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
        return nil
    }

    private func finishField() {
        fieldEnds.append(recordBytes.count)
        fieldWasQuoted = false
    }

    /// Ends the current record at a line break or end of file. Returns nil
    /// for an empty line, which is not a record.
    private func finishRecord() throws -> CSVRecord? {
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

    private func finishAtEndOfFile() throws -> CSVRecord? {
        isFinished = true
        guard recordStarted else { return nil }
        if state == .quoted {
            throw CSVError.unterminatedQuote(file: fileName, line: quoteStartLine)
        }
        // A trailing CR with nothing after it is taken as the line ending.
        return try finishRecord()
    }

    // MARK: - Reading

    private func refillChunk() throws {
        chunkPosition = 0
        chunkCount = 0
        // The first read must see the whole BOM; a short read (pipes,
        // network filesystems) could otherwise split it.
        let wanted = hasReadFirstChunk ? 1 : 3
        while chunkCount < wanted {
            let count = read(descriptor, chunk + chunkCount, chunkCapacity - chunkCount)
            if count < 0 {
                if errno == EINTR { continue }
                isFinished = true
                throw CSVError.readFailed(path: path, reason: Self.systemErrorMessage())
            }
            if count == 0 {
                reachedEndOfFile = true
                break
            }
            chunkCount += count
        }
        if !hasReadFirstChunk {
            hasReadFirstChunk = true
            if chunkCount >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF {
                chunkPosition = 3
            }
        }
    }

    private static func systemErrorMessage() -> String {
        guard let message = strerror(errno) else { return "error \(errno)" }
        return String(cString: message)
    }
}
