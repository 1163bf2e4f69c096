import Foundation
import Testing
@testable import ETLCore
@testable import ETLPictures

/// libvips keeps one error buffer for the whole process: pictures failing
/// on several threads at once must still each get their own reason.
@Suite("Picture decoding: failures at once")
struct PictureFailureReasonTests {
    /// `jpeg` with `count` stray bytes before its first DHT marker: libjpeg
    /// warns "`count` extraneous bytes before marker 0xc4", and a JPEG fails
    /// on a warning, so every such picture fails with a reason of its own.
    static func strayBytes(_ count: Int, in jpeg: [UInt8]) throws -> [UInt8] {
        let marker = try #require((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC4 })
        return Array(jpeg[..<marker]) + [UInt8](repeating: 0x55, count: count) + Array(jpeg[marker...])
    }

    static func decode(_ bytes: [UInt8]) -> PictureDecoder.Outcome {
        PictureDecoder.decode(bytes, kind: .jpeg, settings: .init())
    }

    /// 240 small JPEGs, two in three broken each in its own way, decoded
    /// one at a time (the oracle: each broken one names its own count) and
    /// then at once in a bounded task group: every outcome is the one the
    /// picture gets alone. Before the shim decoded failures again alone,
    /// reasons merged ("7 … ; 8 …") or came back empty here on most runs.
    @Test func eachFailureKeepsItsOwnReason() async throws {
        let good = try ImageDimensionsTests.fixture("baseline.jpg")
        let pictures = try (1...240).map { $0 % 3 == 0 ? good : try Self.strayBytes($0, in: good) }
        let alone = pictures.map(Self.decode)
        for (index, outcome) in alone.enumerated() where pictures[index] != good {
            #expect(outcome == .failed(.undecodable, reason: "the decoder says: VipsJpeg: Corrupt JPEG data: \(index + 1) extraneous bytes before marker 0xc4"))
        }
        #expect(alone.filter { if case .decoded = $0 { true } else { false } }.count == 80)

        let together = await withTaskGroup(of: (Int, PictureDecoder.Outcome).self) { group in
            var outcomes = [PictureDecoder.Outcome?](repeating: nil, count: pictures.count)
            var next = 0
            func add() {
                let index = next
                let bytes = pictures[index]
                group.addTask { (index, Self.decode(bytes)) }
                next += 1
            }
            while next < min(8, pictures.count) { add() }
            while let (index, outcome) = await group.next() {
                outcomes[index] = outcome
                if next < pictures.count { add() }
            }
            return outcomes
        }
        let differing = together.indices.filter { together[$0] != alone[$0] }
        #expect(differing.isEmpty, "\(differing.count) of \(pictures.count) differ from their decode alone, e.g. \(differing.prefix(3).map { "\($0 + 1): \(together[$0].map { "\($0)" } ?? "none")" })")
    }

    /// What libvips and GLib say when the machine, not the picture, falls
    /// short (under `ulimit -v`): no verdict on the picture.
    @Test(arguments: [
        "glib: Error creating thread: Resource temporarily unavailable",
        "VipsJpeg: Insufficient memory (case 4)",
        "vips__file_open_read: out of memory",
        "unable to allocate 1048576 bytes",
    ])
    func aShortMachineIsNoVerdict(message: String) {
        #expect(PictureDecoder.failure(message: message).0 == .resources)
        #expect(!ImageFailure.resources.isVerdict)
    }

    @Test func aBrokenPictureIsOne() {
        #expect(PictureDecoder.failure(message: "VipsJpeg: Corrupt JPEG data: 3 extraneous bytes before marker 0xc4").0 == .undecodable)
        #expect(PictureDecoder.failure(message: "VipsJpeg: Premature end of JPEG file").0 == .truncated)
        #expect(ImageFailure.undecodable.isVerdict)
    }
}
