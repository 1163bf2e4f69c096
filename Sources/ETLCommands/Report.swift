import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry

/// Plain-text and JSON renderings of results, for the executable to print.
package enum Report {
    /// The end-of-crawl summary as text lines.
    package static func text(for summary: CrawlSummary) -> String {
        var lines = [
            "crawl \(summary.status.rawValue) (\(summary.mode)) in \(FigureText.duration(summary.durationSeconds))",
            "  fetched \(summary.fetched), kept \(summary.kept) (\(signed(summary.keptDelta))), gone \(summary.gone), failed \(summary.failed), bad IDs \(summary.badIDs)",
            "  requests \(summary.requests) at \(FigureText.rate(summary.achievedRate)), refusals \(summary.refusals) (noise \(summary.noise)), confirmed blocks \(summary.blocks), retries \(summary.retries)",
            "  listed \(summary.listed.map(String.init) ?? "-"), withdrawn \(summary.withdrawn), queued \(summary.queued), planned out \(summary.plannedOut), left for next run \(summary.remaining)",
            "  page lines changed \(summary.pageLinesChanged), kept works not paged \(summary.unpaged)",
        ]
        if let withoutID = summary.withoutUsableID, let again = summary.listedAgain {
            if withoutID + again > 0 {
                lines.append("  listing: \(withoutID) items without a usable id (not stored), \(again) answers of items already listed")
            }
        } else if summary.skippedListed > 0 {
            lines.append("  listing: skipped \(summary.skippedListed) IDs that were 0, negative or repeated")
        }
        // What only that source's listing has (windows, passes).
        if let source = summary.source.flatMap(SourceRegistry.source(named:)) {
            lines += source.summaryLines(for: summary)
        }
        if let error = summary.error { lines.append("  error: \(TerminalText.escaped(error))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `etl status` as text.
    package static func text(for status: CatalogStatus) -> String {
        // A catalog fetched item by item reads as it always did; one whose
        // crawls read the whole list says whose it is.
        let readsWholeList = SourceRegistry.source(named: status.source)?.readsWholeList ?? false
        var text = readsWholeList ? "source          \(status.source.rawValue) (each crawl reads the whole list)\n" : ""
        text += """
            objects known   \(status.objects)
              fetched       \(status.fetched)
              kept          \(status.kept) (paged \(status.paged), not paged \(status.unpaged))
              gone          \(status.gone)
              bad IDs       \(status.badIDs)
              withdrawn     \(status.withdrawn)
              failed        \(status.failed)
              never fetched \(status.neverFetched)
              planned out   \(status.plannedOut)
              queued        \(status.queued)

            """
        if !status.rejected.isEmpty {
            text += "rejections per reason (an object counts once under each of its reasons)\n"
            for (reason, count) in status.rejected.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                text += "  \(reason.rawValue.padding(toLength: 26, withPad: " ", startingAt: 0)) \(count)\n"
            }
        }
        if !readsWholeList {
            text += "cursor          \(status.cursor ?? "none (next crawl is a full one)")\n"
            if let backlog = status.backlogSeconds {
                text += "backlog         \(status.queued) objects, about \(FigureText.duration(backlog)) at the last run's rate\n"
            } else {
                text += "backlog         \(status.queued) objects\n"
            }
        }
        text += pages(status.pageSettings)
        text += images(status.images)
        text += pacing(status.pacing)
        text += status.hasReport
            ? "report          \(TerminalText.escaped(status.reportPath)) (written by 'etl report')\n"
            : "report          none yet; 'etl report' writes \(TerminalText.escaped(status.reportPath))\n"
        if status.lastRuns.isEmpty {
            text += "runs            none\n"
        } else {
            text += "last runs\n"
            for run in status.lastRuns {
                text += "  #\(run.id) \(run.startedAt) \(run.status) \(run.mode): \(FigureText.duration(run.durationSeconds)), "
                text += "\(run.requests) requests, \(run.blocks) blocks, kept \(signed(run.keptDelta))\n"
            }
        }
        // Its values come from the catalog (a folder, a failure, a host, a cursor): none prints a control character.
        return TerminalText.escapedLines(text)
    }

    /// The page settings line of `etl status`: what later runs keep.
    package static func pages(_ settings: [String: String]?) -> String {
        guard let settings else { return "page settings   none yet (the first crawl or pages run sets them)\n" }
        let shown = PageSettings.Field.allCases.map { "--\($0.rawValue) \(settings[$0.rawValue] ?? "?")" }
        return "page settings   \(shown.prefix(4).joined(separator: " "))\n"
            + "                \(shown.dropFirst(4).joined(separator: " ")) (later crawl and pages runs keep them)\n"
    }

    /// The pacing-memory lines of `etl status`: one per host `--rate auto` paced.
    package static func pacing(_ hosts: [CatalogStatus.Pacing]) -> String {
        hosts.map { host in
            var text = "pacing          \(TerminalText.escaped(host.host)): "
            if let start = host.nextStartRate {
                text += "next run starts at \(twoDecimals(start))"
            } else {
                text += host.cleanRate == nil && host.ceiling == nil ? "no rate learnt" : "too old, next run slow-starts"
            }
            var learnt: [String] = []
            if let clean = host.cleanRate {
                // How it was learnt says what it proves: a ramp's is a floor, a block's or a long run's the limit's neighbourhood.
                learnt.append("clean \(twoDecimals(clean))" + (host.cleanSource.map { " from a \($0.replacingOccurrences(of: "_", with: " "))" } ?? ""))
            }
            if let ceiling = host.ceiling { learnt.append("ceiling \(twoDecimals(ceiling))") }
            if let depth = host.searchDepth { learnt.append("search depth \(depth)") }
            if let at = host.lastBlockAt {
                learnt.append("last block \(at)" + (host.lastBlockSeconds.map { " for \(FigureText.duration($0))" } ?? ""))
            }
            learnt.append("updated \(host.updatedAt)")
            return text + " (" + learnt.joined(separator: ", ") + ")\n"
        }.joined()
    }

    /// Paced rates are a few per second: tenths would hide a 3% step.
    private static func twoDecimals(_ value: Double) -> String { String(format: "%.2f/s", value) }

    /// The image lines of `etl status`.
    package static func images(_ coverage: ImageCoverage) -> String {
        var text = "images          paged \(coverage.pagedVerified) of \(coverage.paged) verified, "
        text += "kept \(coverage.keptVerified) of \(coverage.kept), failed \(coverage.failed)\n"
        for (failure, count) in coverage.failures.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            text += "  \(failure.padding(toLength: 26, withPad: " ", startingAt: 0)) \(count)\n"
        }
        if let directory = coverage.directory {
            text += "image files     \(coverage.files) (\(FigureText.bytes(coverage.bytes))) in \(directory)\n"
        }
        return text
    }

    /// The end-of-run summary of `etl images` as text lines.
    package static func text(for summary: ImageSummary) -> String {
        var failed = "failed \(summary.failed)"
        if !summary.failures.isEmpty {
            failed += " (" + summary.failures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"
        }
        var lines = [
            "images \(summary.status.rawValue) (\(summary.mode)) in \(FigureText.duration(summary.durationSeconds))",
            "  downloaded \(summary.downloaded) (\(FigureText.bytes(summary.bytes))), cached \(summary.cached), \(failed)",
            "  requests \(summary.requests) at \(FigureText.rate(summary.achievedRate)), refusals \(summary.refusals) (noise \(summary.noise)), confirmed blocks \(summary.blocks), retries \(summary.retries)",
            "  failed earlier \(summary.skippedFailed) (skipped; --retry-failed tries them), without URL \(summary.withoutURL), left for next run \(summary.remaining)",
        ]
        if summary.removedTemporary + summary.removedOrphans > 0 {
            lines.append("  removed \(summary.removedTemporary) temporary files and \(summary.removedOrphans) unrecorded pictures left by a killed run")
        }
        lines.append("  folder \(TerminalText.escaped(summary.directory))")
        if let error = summary.error { lines.append("  error: \(TerminalText.escaped(error))") }
        return lines.joined(separator: "\n") + "\n"
    }


    /// Pretty, key-sorted JSON of any result.
    package static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func signed(_ value: Int) -> String {
        value >= 0 ? "+\(value)" : "\(value)"
    }
}
