import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// `etl report`'s page: one self-contained HTML file with inline SVG and
/// CSS, no script and nothing fetched, readable from 360 px up.
///
/// The page depends only on the catalog, the options and the one
/// "generated at" line, so the same catalog gives the same bytes.
/// Every figure taken from the catalog carries a `data-k` attribute naming
/// it, which is how tests compare the page with the catalog.
package struct HTMLReport {
    package let data: ReportData
    package let generatedAt: String

    package func render() -> String {
        var out = HTMLDocument.opening(title: "etl report", style: Self.css) + """
            <header><h1>etl report</h1>
            <p>Catalog <code>\(ReportFormat.html(data.catalogPath))</code></p>
            <p class="generated">Generated at \(ReportFormat.html(generatedAt))</p>
            </header>
            <main>

            """
        out += headline()
        out += runsSection()
        out += imageRunsSection()
        out += acrossRunsSection()
        out += datasetSection()
        out += runsTable()
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    /// A figure with the attribute tests read.
    package static func figure(_ key: String, _ text: String) -> String {
        "<span data-k=\"\(ReportFormat.html(key))\">\(ReportFormat.html(text))</span>"
    }

    package static func figure(_ key: String, _ value: Int) -> String {
        figure(key, ReportFormat.integer(value))
    }

    private func headline() -> String {
        let status = data.status
        var backlog = "\(Self.figure("queued", status.queued)) objects"
        if status.queued == 0 {
            backlog += ": nothing left to fetch"
        } else if let seconds = status.backlogSeconds {
            backlog += "<small>about \(Self.figure("backlog-time", FigureText.duration(seconds))) at the last run's rate"
            if let budget = data.runs.last?.maxDurationSeconds, budget > 0 {
                let nights = Int((seconds / budget).rounded(.up))
                backlog += " (\(Self.figure("backlog-nights", nights)) \(nights == 1 ? "run" : "runs") of \(ReportFormat.html(FigureText.duration(budget))))"
            }
            backlog += "</small>"
        }
        let images = status.images
        // One figure per host `--rate auto` remembers: where the next run starts.
        let pacing = status.pacing.map { host in
            let rate = host.nextStartRate.map { String(format: "%.2f/s", $0) } ?? "slow start"
            return "<div><dt>Next run's rate</dt><dd>\(ReportFormat.html(rate))<small>\(ReportFormat.html(host.host))</small></dd></div>\n"
        }.joined()
        return """
            <section id="summary"><h2>At a glance</h2>
            <dl class="figures">
            <div><dt>Works kept</dt><dd>\(Self.figure("kept", status.kept))</dd></div>
            <div><dt>Paged</dt><dd>\(Self.figure("paged", status.paged))</dd></div>
            <div><dt>Objects known</dt><dd>\(Self.figure("objects", status.objects))</dd></div>
            <div><dt>Fetched</dt><dd>\(Self.figure("fetched", status.fetched))</dd></div>
            <div><dt>Backlog</dt><dd>\(backlog)</dd></div>
            <div><dt>Pictures verified</dt><dd>\(Self.figure("images-paged-verified", images.pagedVerified))<small>of \(Self.figure("images-paged", images.paged)) paged \(images.paged == 1 ? "work" : "works")</small></dd></div>
            <div><dt>Crawls</dt><dd>\(Self.figure("runs", data.runs.count))<small>\(Self.counted("blocks-total", data.runs.reduce(0) { $0 + $1.blocks }, "confirmed block"))</small></dd></div>
            \(pacing)</dl></section>

            """
    }

    /// The data behind a bar chart, as a table, for screen readers and for checking.
    package static func dataTable(_ key: String, _ header: (String, String), _ rows: [(String, Int)]) -> String {
        var out = "<details><summary>Data</summary><table><thead><tr><th>\(ReportFormat.html(header.0))</th><th>\(ReportFormat.html(header.1))</th></tr></thead><tbody>"
        for (name, count) in rows {
            out += "<tr><td>\(ReportFormat.html(name))</td><td class=\"num\">\(figure("\(key):\(name)", count))</td></tr>"
        }
        return out + "</tbody></table></details>\n"
    }

    package static let css = """
        :root{color-scheme:light;--ink:#1b1b1b;--muted:#555;--line:#d0d0d0}
        *{box-sizing:border-box}
        body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:var(--ink);background:#fff}
        header,main{max-width:1100px;margin:0 auto;padding:0 14px}
        h1{font-size:1.6rem;margin:16px 0 4px}h2{font-size:1.3rem;margin:28px 0 8px;border-bottom:2px solid var(--line)}
        h3{font-size:1.05rem;margin:18px 0 4px}
        header p{margin:2px 0;color:var(--muted)}code{overflow-wrap:anywhere}
        .figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px;margin:0}
        .figures div{border:1px solid var(--line);border-radius:6px;padding:8px 10px}
        .figures dt{font-size:.85rem;color:var(--muted)}.figures dd{margin:0;font-size:1.15rem;font-weight:600}.figures dd small{display:block;font-size:.85rem;font-weight:400;color:var(--muted)}
        .grid-charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,480px),1fr));gap:16px}
        figure.chart{margin:0;max-width:640px}figcaption{font-weight:600;margin:6px 0}
        svg.line-chart,svg.bar-chart{width:100%;height:auto;display:block}
        svg text{font-family:inherit;fill:var(--ink)}text.tick,text.value{font-size:12px}text.label{font-size:12px}
        text.axis-label{font-size:13px;fill:var(--muted)}text.empty{font-size:14px;fill:var(--muted)}
        text.label.narrow{display:none}
        @media (max-width:520px){text.tick,text.value,text.label{font-size:15px}text.axis-label{font-size:16px}text.label.wide{display:none}text.label.narrow{display:inline}}
        line.grid{stroke:#e6e6e6}line.axis{stroke:#777}rect.band{fill:#D55E00;fill-opacity:.18}
        .legend{list-style:none;padding:0;margin:4px 0;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:.9rem}
        .legend li{display:flex;align-items:center;gap:5px}
        .swatch{display:inline-block;width:14px;height:14px;border-radius:2px}.swatch.band{background:rgba(213,94,0,.3)}
        .run-facts{margin:2px 0 6px;color:var(--muted);font-size:.95rem}
        details{margin:4px 0 10px;font-size:.9rem}
        .table-wrap{overflow-x:auto}table{border-collapse:collapse;font-size:.9rem}
        th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}th{white-space:nowrap}
        td.num{text-align:right;font-variant-numeric:tabular-nums}td.error{max-width:28em;overflow-wrap:anywhere}td.time{white-space:nowrap}
        @media (max-width:760px){
        table.stack,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}table.stack thead{display:none}
        table.stack tr{border:1px solid var(--line);border-radius:6px;margin:0 0 10px;padding:4px 0}
        table.stack td{display:flex;justify-content:space-between;gap:12px;border:0;padding:2px 10px;text-align:right;max-width:none}
        table.stack td::before{content:attr(data-label);color:var(--muted);text-align:left;white-space:nowrap}
        table.stack td:empty{display:none}}
        """
}
