import Foundation

/// Plain-text and JSON renderings of results, for the executable to print.
public enum Report {
    /// The end-of-crawl summary as text lines.
    public static func text(for summary: CrawlSummary) -> String {
        var lines = [
            "crawl \(summary.status.rawValue) (\(summary.mode)) in \(duration(summary.durationSeconds))",
            "  fetched \(summary.fetched), kept \(summary.kept) (\(signed(summary.keptDelta))), gone \(summary.gone), failed \(summary.failed), bad IDs \(summary.badIDs)",
            "  requests \(summary.requests) at \(rate(summary.achievedRate)), blocks \(summary.blocks), retries \(summary.retries)",
            "  listed \(summary.listed.map(String.init) ?? "-"), withdrawn \(summary.withdrawn), queued \(summary.queued), planned out \(summary.plannedOut), left for next run \(summary.remaining)",
            "  page lines changed \(summary.pageLinesChanged), kept works not paged \(summary.unpaged)",
        ]
        if let error = summary.error { lines.append("  error: \(error)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `etl status` as text.
    public static func text(for status: CatalogStatus) -> String {
        var text = """
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
            text += "rejected by reason\n"
            for (reason, count) in status.rejected.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                text += "  \(reason.padding(toLength: 26, withPad: " ", startingAt: 0)) \(count)\n"
            }
        }
        text += "cursor          \(status.cursor ?? "none (next crawl is a full one)")\n"
        if let backlog = status.backlogSeconds {
            text += "backlog         \(status.queued) objects, about \(duration(backlog)) at the last run's rate\n"
        } else {
            text += "backlog         \(status.queued) objects\n"
        }
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
