import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// Runs `etl report`: reads the catalog, renders the page, and puts it in
/// place through ``OutputTarget`` (atomically; only over a report etl wrote).
package struct ReportBuilder: Sendable {
    package let options: ReportOptions

    /// What a page begins with; a file that does not is not ours to replace.
    package static let signature = "<title>etl report</title>"

    package init(options: ReportOptions) {
        self.options = options
    }

    /// Writes the page; returns its path. `now` fills the "generated at" line.
    @discardableResult
    package func run(now: Date = Date()) throws -> String {
        let out = options.resolvedOutPath
        func plan() throws -> OutputTarget {
            try OutputTarget.plan(
                for: out, catalogPath: options.catalogPath, refusal: "the file exists and is not an etl report", mayReplace: Self.isReport)
        }
        do {
            // The catalog's errors first (a missing one is the error to show,
            // not its folder), then --out's, before the open may upgrade it.
            var planned: OutputTarget?
            let catalog = try Catalog.openSourceForReading(path: options.catalogPath, requiring: options.givenSource) { _ in planned = try plan() }
            let target = try planned ?? plan()
            let source = try catalog.recordedSourceName() ?? SourceRegistry.first.name
            let data = try catalog.reportData(runLimit: options.runLimit, facets: SourceRegistry.source(source).facets)
            let html = HTMLReport(data: data, generatedAt: Timestamp.string(from: now)).render()
            try target.write { try $0.write(Array(html.utf8)) }
        } catch let error as FileOutputError {
            throw OutputError("the report", path: out, error)
        }
        return out
    }

    /// Whether the regular file at `path` is a report etl wrote.
    package static func isReport(_ path: String) -> Bool {
        let head = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 512) } ?? Data()
        return String(decoding: head, as: UTF8.self).contains(signature)
    }
}
