import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// Decodes again the pictures already on disk whose facts are missing (a
/// catalog from before pictures were decoded), stale (another
/// `--thumb-size` or `--thumb-format`) or whose thumbnail is gone: no
/// request is made. A file that no longer decodes, or exceeds the limits,
/// turns its row `failed` and is deleted, so the next work takes its place.
///
/// Pictures are decoded `width` at a time (one per core); rows are
/// committed in batches, each after the thumbnail folder is synced.
package struct PictureRefresh {
    package let catalog: Catalog
    package let directory: ImageDirectory
    package let maker: PictureMaker
    package let stop: StopSignal
    package var width = max(1, ProcessInfo.processInfo.activeProcessorCount)
    package var batch = 64

    package struct Tally: Sendable, Equatable {
        package var decoded = 0
        package var failures: [ImageFailure: Int] = [:]
    }

    /// The cached candidates that need decoding: a good row for the
    /// current URL whose file is there with the recorded size, and whose
    /// facts need making (all of them when `remakingAll`: thumbnails of an
    /// older ``PictureMaker/thumbnailRevision``).
    package func due(_ candidates: [Catalog.ImageCandidate], remakingAll: Bool = false) -> [Catalog.ImageCandidate] {
        candidates.filter { candidate in
            guard candidate.state == .ok, let url = candidate.url, candidate.cachedURL == url,
                  let file = candidate.file, let bytes = candidate.bytes, directory.size(of: file) == bytes else { return false }
            return remakingAll || maker.needsFacts(candidate)
        }
    }

    package func run(_ due: [Catalog.ImageCandidate]) async throws -> Tally {
        var tally = Tally()
        var pending: [(Catalog.Refreshed, file: String)] = []
        func commit() throws {
            guard !pending.isEmpty else { return }
            maker.thumbs.sync()
            try catalog.recordRefreshed(pending.map(\.0))
            let gone = pending.compactMap { entry -> String? in
                if case .failed = entry.0 { return entry.file }
                return nil
            }
            directory.remove(gone)
            maker.thumbs.remove(pending.flatMap { entry -> [String] in
                switch entry.0 {
                case .facts(let id, _, _, let facts):
                    return maker.staleThumbs(objectID: id, kept: String(facts.thumbFile.dropFirst(PictureFacts.thumbFolder.count + 1)))
                case .failed(let id, _, _):
                    return maker.staleThumbs(objectID: id, kept: nil)
                }
            })
            pending.removeAll()
        }
        let maker = self.maker
        let directory = self.directory
        try await withThrowingTaskGroup(of: (Catalog.Refreshed, file: String).self) { group in
            var next = due.startIndex
            func startNext() {
                guard next < due.endIndex, !stop.isRequested else { return }
                let candidate = due[next]
                next += 1
                group.addTask { try await Self.refresh(candidate, directory: directory, maker: maker) }
            }
            for _ in 0..<width { startNext() }
            while let done = try await group.next() {
                switch done.0 {
                case .facts: tally.decoded += 1
                case .failed(_, let failure, _): tally.failures[failure, default: 0] += 1
                }
                pending.append(done)
                if pending.count >= batch { try commit() }
                startNext()
            }
        }
        try commit()
        return tally
    }

    private static func refresh(_ candidate: Catalog.ImageCandidate, directory: ImageDirectory, maker: PictureMaker) async throws -> (Catalog.Refreshed, file: String) {
        let id = candidate.objectID
        let file = candidate.file ?? ""
        guard let data = FileManager.default.contents(atPath: directory.filePath(file)) else {
            return (.failed(objectID: id, .undecodable, reason: "the file \(file) cannot be read"), file)
        }
        let bytes = [UInt8](data)
        guard let kind = ImageKind(sniffing: bytes) else {
            return (.failed(objectID: id, .notAnImage, reason: "the file \(file) is not JPEG, PNG, WebP or GIF"), file)
        }
        switch try await maker.make(bytes, kind: kind, objectID: id) {
        case .picture(let width, let height, let facts):
            return (.facts(objectID: id, width: width, height: height, facts), file)
        case .failed(let failure, let reason):
            return (.failed(objectID: id, failure, reason: reason), file)
        }
    }
}
