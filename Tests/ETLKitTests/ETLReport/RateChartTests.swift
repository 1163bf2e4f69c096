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

/// A run's rate chart follows the run's length, starts at its start and
/// never draws a rate the run did not reach; axis labels stay readable.
@Suite("Report rate charts and axis labels")
struct RateChartTests {
    private func row(_ minute: Int, seconds: Double, requests: Int, rate: Double? = nil) -> ReportData.Minute {
        ReportData.Minute(
            runID: 1, minute: minute, seconds: seconds, requests: requests, ok: requests, gone: 0, failed: 0, retries: 0,
            refusals: 0, blocks: 0, rateInForce: rate, ceiling: nil)
    }

    private func requests(_ chart: LineChart) -> [ChartPoint] {
        chart.series.first { $0.name.hasPrefix("requests per") }?.points ?? []
    }

    @Test("under five seconds: figures, no chart (the quick start's 0.2 s crawl of 301 requests)")
    func tooShort() {
        #expect(HTMLReport.rateChart(title: "Run #1", minutes: [row(0, seconds: 0.2, requests: 301)], seconds: 0.2) == nil)
        #expect(RateResolution(runSeconds: 4.99) == nil)
        #expect(RateResolution(runSeconds: 5) == .perSecond)
        #expect(RateResolution(runSeconds: 179) == .perSecond)
        #expect(RateResolution(runSeconds: 180) == .perMinute)
        #expect(RateResolution(runSeconds: .nan) == nil)
    }

    @Test("a 10 s run is drawn per second from its start, at the rate it made")
    func perSecond() throws {
        let chart = try #require(HTMLReport.rateChart(
            title: "Run #2", minutes: [row(0, seconds: 10, requests: 301, rate: 40)], seconds: 10))
        #expect(chart.title == "Run #2: requests per second" && chart.yLabel == "requests per second")
        #expect(chart.xLabel == "seconds since the run started")
        #expect(chart.xDomain == 0...10)
        let points = requests(chart)
        #expect(points.map(\.x) == [0, 10])
        #expect(points.map(\.y) == [30.1, 30.1])
        #expect(chart.series.first { $0.name == "rate in force" }?.points.map(\.y) == [40, 40])
    }

    @Test("a six-hour run is drawn per minute, each row over its own seconds, from the run's start")
    func perMinute() throws {
        // A first row of 90 s (a long listing) and a short last one.
        let rows = [row(0, seconds: 90, requests: 60)] + (1..<359).map { row($0, seconds: 60, requests: 100) }
            + [row(359, seconds: 6, requests: 10)]
        let total = rows.reduce(0) { $0 + $1.seconds }
        let chart = try #require(HTMLReport.rateChart(title: "Run #3", minutes: rows, seconds: total))
        #expect(chart.yLabel == "requests per minute")
        #expect(chart.xDomain == 0...(total / 60))
        let points = requests(chart)
        #expect(points.first == ChartPoint(x: 0, y: 40))
        #expect(points[1] == ChartPoint(x: 1.5, y: 40))
        #expect(points.last == ChartPoint(x: total / 60, y: 100))
        #expect(points.map(\.y).max() == 100)
    }

    @Test("an x label at the edge is anchored inside; labels that would touch are thinned")
    func axisLabels() {
        let edge = AxisLabels.placed([(position: 0, text: "0"), (position: 478, text: "1.5 minutes")], width: 480)
        #expect(edge.map(\.anchor) == ["start", "end"])
        let crowded = (0..<8).map { (position: 60 + Double($0) * 50, text: "\(($0 + 1) * 10_000)") }
        let kept = AxisLabels.placed(crowded.map { ($0.position, ReportFormat.integer(Int($0.text) ?? 0)) }, width: 480)
        #expect(kept.count < crowded.count && kept.count > 1)
        for (a, b) in zip(kept, kept.dropFirst()) {
            let room = b.position - a.position
            let needed = (TextWidth.of(a.text, fontSize: TextWidth.tickFont) + TextWidth.of(b.text, fontSize: TextWidth.tickFont)) / 2
            #expect(room >= needed + 6, "\(a.text) and \(b.text)")
        }
    }

    @Test("the y axis makes room for its widest tick label at the phone's font, right of the axis title")
    func leftMargin() {
        let chart = LineChart(
            title: "t", xLabel: "x", yLabel: "requests per minute",
            series: [ChartSeries(name: "s", color: 0, points: [ChartPoint(x: 0, y: 0), ChartPoint(x: 1, y: 142_000)])])
        let svg = chart.svg()
        #expect(svg.contains(">150,000</text>"))
        let titleRight = LineChart.yTitleBaseline + TextWidth.axisLabelFont * 0.25
        #expect(chart.plotLeft - 6 - TextWidth.of("150,000", fontSize: TextWidth.tickFont) >= titleRight + 6 - 1e-9)
    }
}
