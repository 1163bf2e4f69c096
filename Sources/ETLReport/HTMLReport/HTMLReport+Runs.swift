import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// The crawl sections: each recent run minute by minute, and every run's trend.
extension HTMLReport {
    package func runsSection() -> String {
        var out = "<section id=\"runs\"><h2>Recent crawls, over time</h2>\n"
        if data.detailedRunIDs.isEmpty { out += "<p>No crawl yet.</p>\n" }
        let byID = Dictionary(uniqueKeysWithValues: data.runs.map { ($0.id, $0) })
        out += "<div class=\"grid-charts\">\n"
        for id in data.detailedRunIDs {
            guard let run = byID[id] else { continue }
            out += "<div class=\"run\"><h3>Run #\(id): \(ReportFormat.html(run.startedAt)), \(ReportFormat.html(run.mode)), \(ReportFormat.html(run.status))</h3>\n"
            out += "<p class=\"run-facts\">\(runFacts(run))</p>\n"
            let minutes = data.minutes[id] ?? []
            if minutes.isEmpty {
                out += "<p>No minute-by-minute figures (the run predates them, or ended before its first minute was stored).</p>\n"
            } else if let chart = Self.rateChart(title: "Run #\(id)", minutes: minutes, seconds: run.durationSeconds) {
                out += chart.html()
            } else {
                out += Self.tooShort
            }
            out += "</div>\n"
        }
        out += "</div>\n"
        if !data.detailedRunIDs.isEmpty { out += statusMix().html() }
        return out + "</section>\n"
    }

    /// The last `etl images` runs, minute by minute.
    package func imageRunsSection() -> String {
        guard !data.imageRuns.isEmpty else { return "" }
        var out = "<section id=\"image-runs\"><h2>Recent picture downloads (etl images)</h2>\n<div class=\"grid-charts\">\n"
        for run in data.imageRuns {
            let key = "images-run-\(run.startedAt)"
            let seconds = run.minutes.reduce(0) { $0 + $1.seconds }
            out += "<div class=\"run\"><h3>Pictures from \(ReportFormat.html(run.startedAt))</h3>\n<p class=\"run-facts\">"
            out += "\(ReportFormat.html(FigureText.duration(seconds))), "
            out += Self.counted("\(key)-requests", run.minutes.reduce(0) { $0 + $1.requests }, "request") + ", "
            out += Self.counted("\(key)-saved", run.minutes.reduce(0) { $0 + $1.ok }, "picture") + " saved, "
            out += "\(Self.figure("\(key)-failed", run.minutes.reduce(0) { $0 + $1.failed })) failed, "
            out += Self.counted("\(key)-blocks", run.minutes.reduce(0) { $0 + $1.blocks }, "block")
            out += ", \(ReportFormat.html(FigureText.bytes(run.bytes))) received</p>\n"
            if let chart = Self.rateChart(title: "Pictures from \(run.startedAt.prefix(16))", minutes: run.minutes, seconds: seconds) {
                out += chart.html()
            } else {
                out += Self.tooShort
            }
            out += "</div>\n"
        }
        return out + "</div></section>\n"
    }

    /// `3h02m of a 6h budget, 12,345 requests, 2 blocks, kept +120`.
    private func runFacts(_ run: ReportData.Run) -> String {
        var text = Self.figure("run-\(run.id)-duration", FigureText.duration(run.durationSeconds))
        if let budget = run.maxDurationSeconds {
            text += " of a \(ReportFormat.html(FigureText.duration(budget))) budget"
        } else {
            text += " (no time budget)"
        }
        if let maxRequests = run.maxRequests { text += ", request budget \(ReportFormat.integer(maxRequests))" }
        text += ", " + Self.counted("run-\(run.id)-requests", run.requests, "request")
        text += " at \(ReportFormat.decimal(run.achievedRate))/s"
        text += ", " + Self.counted("run-\(run.id)-blocks", run.blocks, "block") + ", kept "
        text += Self.figure("run-\(run.id)-kept-delta", (run.keptDelta >= 0 ? "+" : "") + ReportFormat.integer(run.keptDelta))
        return text
    }

    /// `1 request`, `2 requests`: the figure and its noun, agreeing.
    package static func counted(_ key: String, _ count: Int, _ noun: String) -> String {
        figure(key, count) + " " + (count == 1 ? noun : noun + "s")
    }

    /// What a run too short to chart shows under its figures.
    package static let tooShort = "<p class=\"run-brief\">Too short a run to chart: the figures above are the whole of it.</p>\n"

    /// Requests against the rate in force and the ceiling `--rate auto`
    /// learnt, blocks shaded, from the run's start; per second for a run of
    /// a few minutes, per minute beyond (``RateResolution``). Each telemetry
    /// row is drawn as a step over its own seconds, so a row of 0.2 s is not
    /// stretched into a minute. Nil for a run too short to chart.
    /// `seconds` is the run's length as its figures give it.
    package static func rateChart(title: String, minutes: [ReportData.Minute], seconds: Double) -> LineChart? {
        let total = max(seconds, minutes.reduce(0) { $0 + $1.seconds })
        guard let resolution = RateResolution(runSeconds: seconds) else { return nil }
        let unit = resolution.seconds
        var requests: [ChartPoint] = [], inForce: [ChartPoint] = [], ceiling: [ChartPoint] = []
        var bands: [ClosedRange<Double>] = []
        var elapsed = 0.0
        for minute in minutes {
            let start = elapsed / unit
            elapsed += minute.seconds
            let end = elapsed / unit
            let rate = minute.seconds > 0 ? Double(minute.requests) * unit / minute.seconds : 0
            requests += [ChartPoint(x: start, y: rate), ChartPoint(x: end, y: rate)]
            if let value = minute.rateInForce { inForce += [ChartPoint(x: start, y: value * unit), ChartPoint(x: end, y: value * unit)] }
            if let value = minute.ceiling { ceiling += [ChartPoint(x: start, y: value * unit), ChartPoint(x: end, y: value * unit)] }
            if minute.blocks > 0 { bands.append(start...end) }
        }
        let perUnit = "requests per \(resolution.name)"
        var series = [ChartSeries(name: perUnit, color: ReportPalette.blue, points: requests)]
        if !inForce.isEmpty {
            series.append(ChartSeries(name: "rate in force", color: ReportPalette.orange, points: inForce, dash: "6 4"))
        }
        if !ceiling.isEmpty {
            series.append(ChartSeries(name: "learnt ceiling", color: ReportPalette.purple, points: ceiling, dash: "2 3"))
        }
        var chart = LineChart(
            title: "\(title): \(perUnit)", xLabel: "\(resolution.name)s since the run started",
            yLabel: perUnit, series: series, bands: bands, bandName: "minute with a confirmed block")
        chart.xDomain = 0...(total / unit)
        return chart
    }

    /// One stacked bar per recent run: what its answers were.
    private func statusMix() -> BarChart {
        let kinds: [(String, Int)] = [
            ("fetched", ReportPalette.green), ("gone (404/400)", ReportPalette.sky), ("failed", ReportPalette.vermillion),
            ("retries", ReportPalette.orange), ("blocks", ReportPalette.black),
        ]
        let byID = Dictionary(uniqueKeysWithValues: data.runs.map { ($0.id, $0) })
        let bars = data.detailedRunIDs.compactMap { byID[$0] }.map { run in
            BarChart.Bar(label: "#\(run.id) \(run.startedAt.prefix(10))", segments: [
                .init(value: run.fetched, color: kinds[0].1), .init(value: run.gone + run.badIDs, color: kinds[1].1),
                .init(value: run.failed, color: kinds[2].1), .init(value: run.retries, color: kinds[3].1),
                .init(value: run.blocks, color: kinds[4].1),
            ])
        }
        return BarChart(title: "Status mix of the recent crawls", valueLabel: "outcomes (objects, retries, blocks)", bars: bars, legend: kinds.map { (name: $0.0, color: $0.1) })
    }

    package func acrossRunsSection() -> String {
        let finished = data.runs.filter { ["completed", "budget_reached", "interrupted"].contains($0.status) }
        let firstDay = finished.first.map { Self.days($0.startedAt) } ?? 0
        let first = finished.first.map { String($0.startedAt.prefix(16)).replacingOccurrences(of: "T", with: " ") } ?? ""
        // Hours read better than fractions of a day for a catalog's first
        // days, and minutes or seconds than thousandths of an hour.
        let span = (finished.last.map { Self.days($0.startedAt) } ?? firstDay) - firstDay
        let (unit, perDay) = span * 86_400 < 120 ? ("seconds", 86_400.0)
            : span * 1440 < 120 ? ("minutes", 1440.0) : span < 2 ? ("hours", 24.0) : ("days", 1.0)
        let xLabel = finished.isEmpty ? "\(unit) since the first crawl" : "\(unit) since the first crawl (\(first) UTC)"
        var kept: [ChartPoint] = [], backlog: [ChartPoint] = [], cost: [ChartPoint] = []
        var requests = 0
        for run in finished {
            let x = (Self.days(run.startedAt) - firstDay) * perDay
            requests += run.requests
            kept.append(ChartPoint(x: x, y: Double(run.kept)))
            backlog.append(ChartPoint(x: x, y: Double(run.queued)))
            if run.kept > 0 { cost.append(ChartPoint(x: x, y: Double(requests) / Double(run.kept))) }
        }
        var out = "<section id=\"trend\"><h2>Across crawls</h2>\n<div class=\"grid-charts\">\n"
        out += LineChart(title: "Works kept after each crawl", xLabel: xLabel, yLabel: "works",
                         series: [ChartSeries(name: "works kept", color: ReportPalette.green, points: kept)],
                         zeroNote: "No work kept after any crawl").html()
        out += LineChart(title: "Backlog at the start of each crawl", xLabel: xLabel, yLabel: "objects queued",
                         series: [ChartSeries(name: "objects queued", color: ReportPalette.vermillion, points: backlog)],
                         zeroNote: "Nothing queued at the start of any crawl").html()
        out += LineChart(title: "Requests spent per kept work (all crawls so far)", xLabel: xLabel, yLabel: "requests per work",
                         series: [ChartSeries(name: "requests per kept work", color: ReportPalette.blue, points: cost)]).html()
        return out + "</div></section>\n"
    }

    /// Days since 1970 of a catalog timestamp (`2026-11-30T20:27:36.123Z`).
    package static func days(_ timestamp: String) -> Double {
        guard let date = Timestamp.date(fromDay: String(timestamp.prefix(10))) else { return 0 }
        let time = timestamp.dropFirst(11).prefix(8).split(separator: ":").compactMap { Double($0) }
        let seconds = time.count == 3 ? time[0] * 3600 + time[1] * 60 + time[2] : 0
        return (date.timeIntervalSince1970 + seconds) / 86_400
    }
}
