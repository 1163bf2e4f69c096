import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// The dataset sections and the table of runs.
extension HTMLReport {
    package func datasetSection() -> String {
        let status = data.status
        var out = "<section id=\"dataset\"><h2>The dataset</h2>\n<div class=\"grid-charts\">\n<div>"
        // A facet no kept work fills (a catalog from before the source filled
        // it, or an empty one) would draw a single "(none)" bar: left out.
        for facet in data.facets where facet.hasValues {
            out += BarChart(title: "Works kept by \(facet.facet.title)", valueLabel: "works",
                            bars: facet.counts.map { .init(label: $0.name.isEmpty ? "(none)" : $0.name, value: $0.count) }).html()
            out += Self.dataTable(facet.facet.column, (facet.facet.title.prefix(1).uppercased() + facet.facet.title.dropFirst(), "Works"),
                                  facet.counts.map { ($0.name, $0.count) })
            out += "</div><div>"
        }
        out += BarChart(title: "Works kept by century (object_begin_date)", valueLabel: "works",
                        bars: data.centuries.map { .init(label: $0.name, value: $0.count, color: ReportPalette.green) }).html()
        out += Self.dataTable("century", ("Century", "Works"), data.centuries.map { ($0.name, $0.count) })
        out += "</div><div>"
        let reasons = status.rejected.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        out += BarChart(title: "Objects not kept, by reason", valueLabel: "objects (one may have several reasons)",
                        bars: reasons.map { .init(label: $0.key.rawValue, value: $0.value, color: ReportPalette.vermillion) }).html()
        out += Self.dataTable("rejected", ("Reason", "Objects"), reasons.map { ($0.key.rawValue, $0.value) })
        out += "</div><div>"
        let images = status.images
        let verified = ReportPalette.green, failed = ReportPalette.vermillion, untried = ReportPalette.sky
        func bar(_ label: String, _ verifiedCount: Int, _ total: Int) -> BarChart.Bar {
            BarChart.Bar(label: label, segments: [.init(value: verifiedCount, color: verified), .init(value: max(0, total - verifiedCount), color: untried)])
        }
        out += BarChart(
            title: "Picture coverage", valueLabel: "works",
            bars: [bar("paged works", images.pagedVerified, images.paged), bar("kept works", images.keptVerified, images.kept),
                   .init(label: "failed downloads", value: images.failed, color: failed)],
            legend: [("verified picture", verified), ("no verified picture yet", untried), ("failed", failed)]).html()
        out += Self.dataTable("images", ("Works", "Count"), [
            ("paged", images.paged), ("paged verified", images.pagedVerified), ("kept", images.kept),
            ("kept verified", images.keptVerified), ("failed", images.failed),
        ])
        return out + "</div></div></section>\n"
    }

    package func runsTable() -> String {
        var out = """
            <section id="run-table"><h2>Last crawls</h2><div class="table-wrap"><table class="stack">
            <thead><tr><th>Run</th><th>Started (UTC)</th><th>Mode</th><th>Status</th><th>Duration</th><th>Budget</th>
            <th>Requests</th><th>Blocks</th><th>Fetched</th><th>Failed</th><th>Kept</th><th>Kept Δ</th><th>Error</th></tr></thead><tbody>

            """
        let byID = Dictionary(uniqueKeysWithValues: data.runs.map { ($0.id, $0) })
        for run in data.detailedRunIDs.compactMap({ byID[$0] }) {
            let budget = [run.maxDurationSeconds.map { FigureText.duration($0) }, run.maxRequests.map { "\(ReportFormat.integer($0)) requests" }]
                .compactMap { $0 }.joined(separator: ", ")
            let key = "table-\(run.id)"
            // On a phone each row stacks as a card, each cell under its column's name (`data-label`).
            out += "<tr><td data-label=\"Run\">#\(run.id)</td><td class=\"time\" data-label=\"Started (UTC)\">\(ReportFormat.html(Self.tableTime(run.startedAt)))</td>"
            out += "<td data-label=\"Mode\">\(ReportFormat.html(run.mode))</td>"
            out += "<td data-label=\"Status\">\(Self.figure("\(key)-status", run.status))</td>"
            out += "<td data-label=\"Duration\">\(ReportFormat.html(FigureText.duration(run.durationSeconds)))</td>"
            out += "<td data-label=\"Budget\">\(ReportFormat.html(budget.isEmpty ? "none" : budget))</td>"
            out += "<td class=\"num\" data-label=\"Requests\">\(Self.figure("\(key)-requests", run.requests))</td>"
            out += "<td class=\"num\" data-label=\"Blocks\">\(Self.figure("\(key)-blocks", run.blocks))</td>"
            out += "<td class=\"num\" data-label=\"Fetched\">\(Self.figure("\(key)-fetched", run.fetched))</td>"
            out += "<td class=\"num\" data-label=\"Failed\">\(Self.figure("\(key)-failed", run.failed))</td>"
            out += "<td class=\"num\" data-label=\"Kept\">\(Self.figure("\(key)-kept", run.kept))</td>"
            out += "<td class=\"num\" data-label=\"Kept Δ\">\(Self.figure("\(key)-kept-delta", run.keptDelta))</td>"
            out += "<td class=\"error\" data-label=\"Error\">\(ReportFormat.html(run.error ?? ""))</td></tr>\n"
        }
        return out + "</tbody></table></div></section>\n"
    }

    /// `2026-12-08 01:03:24` for `2026-12-08T01:03:24.339Z`: the column's
    /// heading says UTC, and the milliseconds widened the table past a
    /// 1,072 px page (it scrolled sideways by 3 px).
    package static func tableTime(_ timestamp: String) -> String {
        guard timestamp.count >= 19, timestamp.dropFirst(10).first == "T" else { return timestamp }
        return timestamp.prefix(10) + " " + timestamp.dropFirst(11).prefix(8)
    }
}
