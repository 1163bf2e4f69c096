import ETLCore
import ETLPictures
import FetchEngine
import Store
import Synchronization

/// Commits batches of fetch results on a connection of its own, in a child
/// task, so the fetch loop keeps requests flowing while SQLite writes.
///
/// It is still the catalog's only writer: the loop hands it every batch and
/// touches the catalog no more until ``finish()``. At most `maxPending`
/// batches wait; past that, ``submit(_:)`` waits for a commit, so memory
/// stays bounded when the disk is slower than the network. Each batch is one
/// transaction, as before.
package struct BatchWriter<Writer: ResultWriting> {
    /// The first error of the writer task, read by the loop.
    package final class Failure: Sendable {
        private let error = Mutex<(any Error)?>(nil)
        package func record(_ error: any Error) { self.error.withLock { $0 = $0 ?? error } }
        package var value: (any Error)? { error.withLock { $0 } }
    }

    private let batches: AsyncStream<[FetchResult<Writer.Record>]>.Continuation
    private var commits: AsyncStream<Void>.Iterator
    private let failure: Failure
    private let maxPending: Int
    private var pending = 0

    /// Runs `body` with a writer on the catalog at `catalogPath`; returns
    /// once every submitted batch is committed (or throws the first error).
    package static func withWriter<T>(
        catalogPath: String, reasons: ReasonVocabulary, maxPending: Int = 4, _ body: (inout BatchWriter) async throws -> T
    ) async throws -> T {
        let (batches, batchSink) = AsyncStream.makeStream(of: [FetchResult<Writer.Record>].self)
        let (commits, commitSink) = AsyncStream.makeStream(of: Void.self)
        let failure = Failure()
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { commitSink.finish() }
                do {
                    let catalog = try Catalog.open(path: catalogPath, create: false, reasons: reasons)
                    for await batch in batches {
                        try catalog.record(batch, writer: Writer.self)
                        commitSink.yield()
                    }
                } catch {
                    failure.record(error)
                }
            }
            var writer = BatchWriter(
                batches: batchSink, commits: commits.makeAsyncIterator(), failure: failure, maxPending: maxPending)
            do {
                let value = try await body(&writer)
                try await writer.finish()
                return value
            } catch {
                batchSink.finish()
                throw error
            }
        }
    }

    /// Hands `batch` to the writer; waits while too many are pending.
    package mutating func submit(_ batch: [FetchResult<Writer.Record>]) async throws {
        guard !batch.isEmpty else { return }
        if let error = failure.value { throw error }
        batches.yield(batch)
        pending += 1
        while pending > maxPending, await commits.next() != nil {
            pending -= 1
        }
        if let error = failure.value { throw error }
    }

    /// Waits for every pending batch to be committed.
    package mutating func finish() async throws {
        batches.finish()
        while pending > 0, await commits.next() != nil {
            pending -= 1
        }
        if let error = failure.value { throw error }
    }
}
