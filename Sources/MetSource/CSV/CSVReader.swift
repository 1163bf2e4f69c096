import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
import ETLCore
import ETLCatalog
import FetchEngine
import Store
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
package final class CSVReader {
    /// The path the reader was opened with.
    package let path: String
    /// The path as given, prefixing error messages (`/dev/zero line 1: …`,
    /// not a last component that names another file).
    package let fileName: String

    private let file: InputFile
    private let chunk: UnsafeMutablePointer<UInt8>
    private let chunkCapacity: Int
    private var chunkCount = 0
    private var chunkPosition = 0
    private var reachedEndOfFile = false
    private var hasReadFirstChunk = false
    /// Set after the last record or a fatal error so later calls return nil.
    private var isFinished = false

    private var parser: CSVRecordParser

    /// Opens `path` for reading.
    /// - Parameter chunkSize: bytes read per system call; 64 KiB keeps memory
    ///   small while making call overhead negligible.
    /// - Parameter stop: ends a wait for a named pipe's writer or data
    ///   (``InputFile``) with ``StoppedBySignal``.
    /// - Throws: `CSVError.cannotOpen` if the file cannot be opened.
    package init(path: String, chunkSize: Int = 64 * 1024, stop: StopSignal? = nil) throws {
        do {
            file = try InputFile(path: path, stop: stop)
        } catch let error as InputFileError {
            throw CSVError.cannotOpen(path: path, reason: error.reason)
        }
        self.path = path
        let fileName = path
        self.fileName = fileName
        // The first read must hold the whole 3-byte BOM.
        let capacity = max(chunkSize, 3)
        self.chunkCapacity = capacity
        self.chunk = .allocate(capacity: capacity)
        self.parser = CSVRecordParser(fileName: fileName)
    }

    deinit {
        chunk.deallocate()
    }

    /// Returns the next record, or nil once the file is exhausted.
    /// - Throws: `CSVError.invalidEncoding` for a record with non-UTF-8 bytes
    ///   (the record is consumed, so reading can continue after it);
    ///   `CSVError.unterminatedQuote` if the file ends inside a quoted field;
    ///   `CSVError.readFailed` if the operating system reports a read error.
    package func nextRecord() throws -> CSVRecord? {
        while !isFinished {
            if chunkPosition == chunkCount {
                if reachedEndOfFile {
                    isFinished = true
                    return try parser.finish()
                }
                try refillChunk()
                continue
            }
            let bytes = UnsafeBufferPointer(start: chunk, count: chunkCount)
            if let record = try parser.parse(bytes, from: &chunkPosition) {
                return record
            }
        }
        return nil
    }

    // MARK: - Reading

    private func refillChunk() throws {
        chunkPosition = 0
        chunkCount = 0
        // The first read must see the whole BOM; a short read (pipes,
        // network filesystems) could otherwise split it.
        let wanted = hasReadFirstChunk ? 1 : 3
        while chunkCount < wanted {
            let count: Int
            do {
                count = try file.read(into: UnsafeMutableRawBufferPointer(start: chunk + chunkCount, count: chunkCapacity - chunkCount))
            } catch let error as InputFileError {
                isFinished = true
                throw CSVError.readFailed(path: path, reason: error.reason)
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
}
