import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource

/// The scanner checks UTF-8 while it reads strings (no pass of its own):
/// it must accept and refuse exactly the sequences Swift's validator does.
@Suite("MetObjectScanner: UTF-8 in the same pass")
struct ScannerUTF8Tests {
    /// Every one- and two-byte sequence, and three- and four-byte ones over
    /// the boundaries of Unicode's table 3-7, in a kept field and a skipped one.
    static var sequences: [[UInt8]] {
        var result: [[UInt8]] = []
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        for lead in UInt8(0x80)...0xFF {
            result.append([lead])
            for second in edges { result.append([lead, second]) }
            if lead >= 0xE0 {
                for second in edges { for third in [UInt8(0x80), 0xBF, 0xC0, 0x7F] { result.append([lead, second, third]) } }
            }
            if lead >= 0xF0 {
                for second in edges { for fourth in [UInt8(0x80), 0xC0] { result.append([lead, second, 0x80, fourth]) } }
            }
        }
        return result
    }

    @Test func acceptsExactlyWhatSwiftValidates() {
        var accepted = 0
        for sequence in Self.sequences {
            let isValid = String(validating: sequence, as: UTF8.self) != nil
                && !sequence.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            for key in ["title", "unknownField"] {
                let body = Array(#"{"objectID": 1, "\#(key)": "a"#.utf8) + sequence + Array(#"b"}"#.utf8)
                let decoded = MetObjectScanner.decode(body) != nil
                #expect(decoded == isValid, "\(key): \(sequence.map { String($0, radix: 16) })")
                if decoded { accepted += 1 }
            }
        }
        #expect(accepted > 100, "valid sequences were tried too")
    }

    @Test func aByteAboveASCIIOutsideAStringIsRefused() {
        #expect(MetObjectScanner.decode(Array(#"{"objectID": 1}"#.utf8) + [0xC3, 0xA9]) == nil)
        #expect(MetObjectScanner.decode([0xEF, 0xBB, 0xBF] + Array(#"{"objectID": 1}"#.utf8)) == nil, "a byte-order mark is not JSON white space")
    }
}
