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
import FetchEngine

@Suite("BatchWriter")
struct BatchWriterTests {
    private func gone(_ id: Int) -> MetResult {
        MetResult(objectID: id, outcome: .gone(message: "ObjectID not found"), httpStatus: 404, fetchedAt: Date(), attempts: 1)
    }

    @Test("every submitted batch is committed when withWriter returns, beyond the pending limit")
    func commitsEverything() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("catalog.sqlite")
        _ = try Catalog.open(path: path)
        let (batches, perBatch) = (10, 50)
        try await BatchWriter<ResultWriter>.withWriter(catalogPath: path, reasons: SourceRegistry.reasons, maxPending: 2) { writer in
            for batch in 0..<batches {
                try await writer.submit((1...perBatch).map { gone(batch * 100 + $0) })
            }
        }
        let catalog = try Catalog.open(path: path, create: false)
        #expect(try catalog.database.fetchOne(sql: "SELECT count(*) AS n FROM objects WHERE state = 'gone'")?.int("n") == batches * perBatch)
    }

    @Test("a writer that cannot open the catalog fails the loop with its error")
    func failureSurfaces() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("missing.sqlite")
        await #expect(throws: CatalogError.missing(path: path)) {
            try await BatchWriter<ResultWriter>.withWriter(catalogPath: path, reasons: SourceRegistry.reasons, maxPending: 1) { writer in
                for batch in 0..<5 {
                    try await writer.submit([gone(batch + 1)])
                }
            }
        }
    }
}
