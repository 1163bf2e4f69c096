import Foundation
import Testing
@testable import ETLCore
@testable import ETLPictures

/// The budget the pictures in flight share while decoding (issue 29's item 6).
@Suite("Picture memory in flight")
struct PictureMemoryTests {
    /// Waits until `memory` has `count` pictures waiting: an event, not a sleep.
    private func waitForWaiting(_ memory: PictureMemory, _ count: Int) async {
        while await memory.state.waiting < count { await Task.yield() }
    }

    @Test func sharesThatDoNotFitWaitTheirTurnInOrder() async throws {
        let memory = PictureMemory(capacity: 100)
        let first = try #require(await memory.acquire(60))
        let second = try #require(await memory.acquire(30))
        #expect(await memory.state == (used: 90, waiting: 0))
        // A streamed picture takes nothing and never waits.
        #expect(await memory.acquire(0) == 0)

        let third = Task { await memory.acquire(50) }
        await waitForWaiting(memory, 1)
        let fourth = Task { await memory.acquire(10) }
        await waitForWaiting(memory, 2)
        // 10 would fit beside the 90, but the 50 came first.
        #expect(await memory.state == (used: 90, waiting: 2))

        await memory.release(first)
        #expect(await third.value == 50)
        #expect(await fourth.value == 10)
        #expect(await memory.state == (used: 90, waiting: 0))
        await memory.release(second)
        await memory.release(50)
        await memory.release(10)
        #expect(await memory.state == (used: 0, waiting: 0))
    }

    @Test("a picture cancelled while it waits leaves the line, takes nothing, and lets in the one behind it")
    func aCancelledWaitLeavesTheLine() async throws {
        let memory = PictureMemory(capacity: 100)
        let held = try #require(await memory.acquire(90))
        let third = Task { await memory.acquire(50) }
        await waitForWaiting(memory, 1)
        let fourth = Task { await memory.acquire(10) }
        await waitForWaiting(memory, 2)
        third.cancel()
        #expect(await third.value == nil, "cancelled before its turn: nothing taken")
        // The 10 waited only behind the 50: with it gone, it fits beside the 90.
        #expect(await fourth.value == 10)
        #expect(await memory.state == (used: 100, waiting: 0))
        await memory.release(held)
        await memory.release(10)
        #expect(await memory.state == (used: 0, waiting: 0))
    }

    @Test func aShareIsAtMostTheWholeBudget() async {
        let memory = PictureMemory(capacity: 100)
        #expect(await memory.acquire(1_000) == 100)
        #expect(await memory.state == (used: 100, waiting: 0))
    }

    @Test("what a picture's decoder holds, from its header", arguments: [
        ("photo-progressive-600x900.jpg", true),
        ("progressive-exif.jpg", true),
        ("photo-1200x800.jpg", false),
        ("halves-300x200.png", false),
        ("photo-800x500.webp", false),
        ("lossless.webp", true),
        ("palette.gif", true),
    ])
    func heldBytes(name: String, holds: Bool) throws {
        let bytes = try PictureDecoderTests.fixture(name)
        let kind = try #require(ImageKind(sniffing: bytes))
        guard case .ready(let header, let held) = PictureDecoder.inspect(bytes, kind: kind, settings: .init()) else {
            Issue.record("\(name) was refused")
            return
        }
        #expect((held > 0) == holds)
        // Never less than one byte a pixel of what it holds, never more than the limit.
        if holds { #expect(held >= header.width * header.height && held <= PictureLimits().maxHeldBytes) }
    }
}
