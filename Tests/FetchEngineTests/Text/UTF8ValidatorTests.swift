import Testing
@testable import FetchEngine

/// The one UTF-8 check against the standard library's decoder (what
/// ``JSONBodyCheck`` used before): the same verdict and the same offset of
/// the first bad sequence, on every lead byte with every second byte and a
/// spread of third and fourth bytes, behind ASCII runs of every phase of
/// the eight-byte skip.
@Suite("UTF-8 validation")
struct UTF8ValidatorTests {
    /// The standard library's answer: the offset of the first sequence it cannot decode.
    static func oracle(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    static func checked(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer(UTF8Validator.firstInvalidOffset)
    }

    @Test func agreesWithTheStandardLibraryOnEverySequenceStart() {
        let tails: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var disagreements: [[UInt8]] = []
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8.min...UInt8.max {
                for third in tails {
                    let bytes = [lead, second, third, lead >= 0xF0 ? 0x80 : 0x41]
                    if Self.checked(bytes) != Self.oracle(bytes) { disagreements.append(bytes) }
                }
                let cut = [lead, second]
                if Self.checked(cut) != Self.oracle(cut) { disagreements.append(cut) }
            }
        }
        #expect(disagreements.isEmpty)
    }

    @Test("the offset is right behind an ASCII run of any length", arguments: 0...17)
    func offsetBehindASCII(run: Int) {
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x80]] {
            let bytes = Array(repeating: UInt8(ascii: "a"), count: run) + "é".utf8 + bad + Array("tail".utf8)
            #expect(Self.checked(bytes) == run + 2)
            #expect(Self.checked(bytes) == Self.oracle(bytes))
            #expect(JSONBodyCheck.problem(in: bytes) == "body is not UTF-8 (bad byte at offset \(run + 2))")
        }
        #expect(Self.checked(Array(repeating: UInt8(ascii: "a"), count: run) + "é–😀".utf8) == nil)
    }
}
