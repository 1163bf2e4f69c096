/// Finds a page's records array by checking the body's JSON syntax, byte
/// by byte, building nothing: where the array opens and closes, and where
/// each of its first `limit` elements lies (the rest are counted). Strings
/// are only delimited here; JSON's own decoder reads what they hold.
struct PageScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The object keys leading to the records, as bytes.
    let path: [[UInt8]]
    let limit: Int
    var index = 0
    var found: Found?

    /// The records array: `open` and `close` its brackets' offsets.
    struct Found {
        var open: Int
        var close: Int
        var elements: [Range<Int>] = []
        /// Elements in the array, kept or not.
        var count = 0
    }

    init(bytes: UnsafeBufferPointer<UInt8>, path: [[UInt8]], limit: Int) {
        self.bytes = bytes
        self.path = path
        self.limit = limit
    }

    /// The records array, nil when the body has none at the path; fails
    /// where the syntax breaks.
    mutating func scan() -> Result<Found?, PageBodyError> {
        do throws(PageBodyError) {
            try value(onPath: path.isEmpty ? nil : 0, depth: 0)
            skipSpace()
            guard index == bytes.count else { throw fail() }
            return .success(found)
        } catch {
            return .failure(error)
        }
    }

    private var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

    private func fail() -> PageBodyError { PageBodyError("it is not JSON from byte \(index)", offset: index) }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// A value; `level`: how many keys of the path lead to it (nil: off the path).
    private mutating func value(onPath level: Int?, depth: Int) throws(PageBodyError) {
        guard depth < PageScan.maxDepth else { throw fail() }
        skipSpace()
        switch peek {
        case UInt8(ascii: "{"): try object(onPath: level, depth: depth)
        case UInt8(ascii: "["): try array(isRecords: level == path.count && found == nil, depth: depth)
        case UInt8(ascii: "\""): try string()
        default: try scalar()
        }
    }

    private mutating func object(onPath level: Int?, depth: Int) throws(PageBodyError) {
        index += 1
        skipSpace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw fail() }
            let keyStart = index + 1
            try string()
            let key = keyStart..<(index - 1)
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw fail() }
            index += 1
            let child = level.flatMap { $0 < path.count && bytes[key].elementsEqual(path[$0]) ? $0 + 1 : nil }
            try value(onPath: child, depth: depth + 1)
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return
            default: throw fail()
            }
        }
    }

    private mutating func array(isRecords: Bool, depth: Int) throws(PageBodyError) {
        var records = isRecords ? Found(open: index, close: index) : nil
        index += 1
        skipSpace()
        if peek != UInt8(ascii: "]") {
            while true {
                skipSpace()
                let start = index
                try value(onPath: nil, depth: depth + 1)
                if records != nil {
                    if records!.count < limit { records!.elements.append(start..<index) }
                    records!.count += 1
                }
                skipSpace()
                guard peek == UInt8(ascii: ",") else { break }
                index += 1
            }
        }
        guard peek == UInt8(ascii: "]") else { throw fail() }
        if var records {
            records.close = index
            found = records
        }
        index += 1
    }

    private mutating func string() throws(PageBodyError) {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"): index += 2
            case 0..<0x20: throw fail()
            default: index += 1
            }
        }
        throw fail()
    }

    /// A number, `true`, `false` or `null`: its characters (JSON's decoder checks the spelling).
    private mutating func scalar() throws(PageBodyError) {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            guard (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "E") else { break }
            index += 1
        }
        guard index > start else { throw fail() }
    }
}
