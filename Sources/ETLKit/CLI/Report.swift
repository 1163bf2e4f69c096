import Foundation

/// Plain-text and JSON renderings of results, for the executable to print.
public enum Report {
    /// The end-of-crawl summary as text lines.
    public static func text(for summary: CrawlSummary) -> String {
        var lines = [
            "crawl \(summary.status.rawValue) (\(summary.mode)) in \(duration(summary.durationSeconds))",
            "  fetched \(summary.fetched), kept \(summary.kept) (\(signed(summary.keptDelta))), gone \(summary.gone), failed \(summary.failed), bad IDs \(summary.badIDs)",
            "  requests \(summary.requests) at \(rate(summary.achievedRate)), refusals \(summary.refusals) (noise \(summary.noise)), confirmed blocks \(summary.blocks), retries \(summary.retries)",
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
        if let windows = summary.windows {
            let unsteady = summary.unsteadyWindows ?? 0
            let unreachable = summary.unreachable ?? 0
            lines.append("  flickr: \(windows) upload-date windows of at most 4,000 photos"
                + (unsteady > 0 ? ", \(unsteady) changed while read (nothing withdrawn)" : "")
                + (unreachable > 0 ? ", \(unreachable) photos past the 4,000 of one second (nothing withdrawn)" : ""))
        }
        if let passes = summary.listPasses, let pages = summary.listPages {
            var read = passes == 1 ? "once" : "\(passes) times (the list moved)"
            if summary.isListSettled == false { read += ", still moving: nothing withdrawn" }
            if pages > TMDBLister.maxPages { read += ", TMDB serves \(TMDBLister.maxPages) of them: nothing withdrawn" }
            lines.append(
                "  tmdb: \(pages) pages read \(read); "
                    + "a whole-page decode would lose \(summary.pagesLostToWholePageDecode ?? 0) of \(min(pages, TMDBLister.maxPages)) pages")
        }
        if let error = summary.error { lines.append("  error: \(TerminalText.escaped(error))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `etl status` as text.
    public static func text(for status: CatalogStatus) -> String {
        // The Met's catalog reads as it always did; another source says whose it is.
        var text = status.source == .met ? "" : "source          \(status.source.rawValue) (each crawl reads the whole list)\n"
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
                text += "  \(reason.padding(toLength: 26, withPad: " ", startingAt: 0)) \(count)\n"
            }
        }
        if status.source == .met {
            text += "cursor          \(status.cursor ?? "none (next crawl is a full one)")\n"
            if let backlog = status.backlogSeconds {
                text += "backlog         \(status.queued) objects, about \(duration(backlog)) at the last run's rate\n"
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
                text += "  #\(run.id) \(run.startedAt) \(run.status) \(run.mode): \(duration(run.durationSeconds)), "
                text += "\(run.requests) requests, \(run.blocks) blocks, kept \(signed(run.keptDelta))\n"
            }
        }
        return text
    }

    /// The page settings line of `etl status`: what later runs keep.
    static func pages(_ settings: [String: String]?) -> String {
        guard let settings else { return "page settings   none yet (the first crawl or pages run sets them)\n" }
        let shown = PageSettings.Field.allCases.map { "--\($0.rawValue) \(settings[$0.rawValue] ?? "?")" }
        return "page settings   \(shown.prefix(4).joined(separator: " "))\n"
            + "                \(shown.dropFirst(4).joined(separator: " ")) (later crawl and pages runs keep them)\n"
    }

    /// The pacing-memory lines of `etl status`: one per host `--rate auto` paced.
    static func pacing(_ hosts: [CatalogStatus.Pacing]) -> String {
        hosts.map { host in
            var text = "pacing          \(TerminalText.escaped(host.host)): "
            text += host.nextStartRate.map { "next run starts at \(twoDecimals($0))" } ?? "too old, next run slow-starts"
            var learnt: [String] = []
            if let clean = host.cleanRate { learnt.append("clean \(twoDecimals(clean))") }
            if let ceiling = host.ceiling { learnt.append("ceiling \(twoDecimals(ceiling))") }
            if let at = host.lastBlockAt {
                learnt.append("last block \(at)" + (host.lastBlockSeconds.map { " for \(duration($0))" } ?? ""))
            }
            learnt.append("updated \(host.updatedAt)")
            return text + " (" + learnt.joined(separator: ", ") + ")\n"
        }.joined()
    }

    /// Paced rates are a few per second: tenths would hide a 3% step.
    private static func twoDecimals(_ value: Double) -> String { String(format: "%.2f/s", value) }

    /// The image lines of `etl status`.
    static func images(_ coverage: ImageCoverage) -> String {
        var text = "images          paged \(coverage.pagedVerified) of \(coverage.paged) verified, "
        text += "kept \(coverage.keptVerified) of \(coverage.kept), failed \(coverage.failed)\n"
        for (failure, count) in coverage.failures.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            text += "  \(failure.padding(toLength: 26, withPad: " ", startingAt: 0)) \(count)\n"
        }
        if let directory = coverage.directory {
            text += "image files     \(coverage.files) (\(bytes(coverage.bytes))) in \(directory)\n"
        }
        return text
    }

    /// The end-of-run summary of `etl images` as text lines.
    public static func text(for summary: ImageSummary) -> String {
        var failed = "failed \(summary.failed)"
        if !summary.failures.isEmpty {
            failed += " (" + summary.failures.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"
        }
        var lines = [
            "images \(summary.status.rawValue) (\(summary.mode)) in \(duration(summary.durationSeconds))",
            "  downloaded \(summary.downloaded) (\(bytes(summary.bytes))), cached \(summary.cached), \(failed)",
            "  requests \(summary.requests) at \(rate(summary.achievedRate)), refusals \(summary.refusals) (noise \(summary.noise)), confirmed blocks \(summary.blocks), retries \(summary.retries)",
            "  failed earlier \(summary.skippedFailed) (skipped; --retry-failed tries them), without URL \(summary.withoutURL), left for next run \(summary.remaining)",
        ]
        if summary.removedTemporary + summary.removedOrphans > 0 {
            lines.append("  removed \(summary.removedTemporary) temporary files and \(summary.removedOrphans) unrecorded pictures left by a killed run")
        }
        lines.append("  folder \(summary.directory)")
        if let error = summary.error { lines.append("  error: \(TerminalText.escaped(error))") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `812 B`, `4.2 KB`, `1.3 MB`, `2.0 GB` (powers of 1024).
    public static func bytes(_ count: Int) -> String {
        let units = ["KB", "MB", "GB", "TB"]
        guard count >= 1024 else { return "\(count) B" }
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return String(format: "%.1f", value) + " " + units[unit]
    }

    /// Pretty, key-sorted JSON of any result.
    public static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `1h02m`, `3m05s`, `4.2s`.
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "unknown" }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let total = Int(seconds.rounded())
        if total < 3600 { return String(format: "%dm%02ds", total / 60, total % 60) }
        if total < 86_400 { return String(format: "%dh%02dm", total / 3600, (total % 3600) / 60) }
        return String(format: "%dd%02dh", total / 86_400, (total % 86_400) / 3600)
    }

    public static func rate(_ value: Double) -> String {
        value.isFinite ? String(format: "%.1f/s", value) : "unlimited"
    }

    private static func signed(_ value: Int) -> String {
        value >= 0 ? "+\(value)" : "\(value)"
    }
}
