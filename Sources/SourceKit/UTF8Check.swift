/// Where bytes stop being UTF-8, to say why a body or a record did not decode.
enum UTF8Check {
    /// The offset of the first byte that starts no valid UTF-8 sequence
    /// (an overlong form, a surrogate, past U+10FFFF, a sequence cut short).
    static func firstInvalid(in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        let end = bytes.endIndex
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The continuation bytes a lead byte takes, and the range its first must fall in.
            let (count, first): (Int, ClosedRange<UInt8>)
            switch lead {
            case 0xC2...0xDF: (count, first) = (1, 0x80...0xBF)
            case 0xE0: (count, first) = (2, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (count, first) = (2, 0x80...0xBF)
            case 0xED: (count, first) = (2, 0x80...0x9F)
            case 0xF0: (count, first) = (3, 0x90...0xBF)
            case 0xF1...0xF3: (count, first) = (3, 0x80...0xBF)
            case 0xF4: (count, first) = (3, 0x80...0x8F)
            default: return index
            }
            guard end - index > count, first.contains(bytes[index + 1]) else { return index }
            for offset in stride(from: 2, through: count, by: 1) where !(0x80...0xBF).contains(bytes[index + offset]) { return index }
            index += count + 1
        }
        return nil
    }
}
