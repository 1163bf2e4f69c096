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

/// The SVG builders of `etl report`: scales, ticks, decimation, and charts
/// with no data, one point and a million points.
@Suite("Report charts (SVG builders)")
struct ChartBuilderTests {
    @Test("ticks are 1, 2 or 5 times a power of ten, exact, and cover the domain")
    func niceTicks() {
        #expect(LinearScale.ticks(lower: 0, upper: 10, count: 5) == [0, 2, 4, 6, 8, 10])
        #expect(LinearScale.ticks(lower: 0, upper: 1, count: 5) == [0, 0.2, 0.4, 0.6000000000000001, 0.8, 1])
        #expect(LinearScale.ticks(lower: -40, upper: 130, count: 4) == [-50, 0, 50, 100].filter { $0 >= -40 })
        #expect(LinearScale.ticks(lower: 0, upper: 6_000, count: 5) == [0, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000])
        #expect(LinearScale.tickStep(lower: 0, upper: 0.3, count: 5) == 0.05)
        #expect(ReportFormat.tick(0.1 + 0.2, step: 0.1) == "0.3")
        #expect(ReportFormat.tick(1_234_000, step: 1_000) == "1,234,000")
    }

    @Test("a scale maps its domain onto its range, rounded out to ticks")
    func scaleMapping() {
        let scale = LinearScale(covering: [3, 97], includesZero: true, start: 200, end: 0)
        #expect(scale.lower == 0 && scale.upper == 100)
        #expect(scale(0) == 200 && scale(100) == 0 && scale(25) == 150)
        let offset = LinearScale(covering: [1_001, 1_009], includesZero: false, start: 0, end: 100)
        #expect(offset.lower == 1_000 && offset.upper == 1_010)
    }

    @Test("no values, one value and equal values still give a usable domain")
    func degenerateDomains() {
        let empty = LinearScale(covering: [], includesZero: true, start: 0, end: 100)
        #expect(empty.lower == 0 && empty.upper == 1)
        let zero = LinearScale(covering: [0, 0], includesZero: true, start: 0, end: 100)
        #expect(zero.lower == 0 && zero.upper == 1)
        let one = LinearScale(covering: [42], includesZero: false, start: 0, end: 100)
        #expect(one.lower < 42 && one.upper > 42 && one(42) > 0 && one(42) < 100)
        let negative = LinearScale(covering: [-5], includesZero: true, start: 0, end: 100)
        #expect(negative.lower == -5 && negative.upper == 0)
        #expect(LinearScale.ticks(lower: 3, upper: 3, count: 5) == [3])
        #expect(LinearScale(covering: [.nan, .infinity], includesZero: true, start: 0, end: 1).upper == 1)
    }

    @Test("a million points decimate to at most 2 per bucket, keeping the extremes and the ends")
    func millionPointsDecimate() {
        var points: [ChartPoint] = []
        points.reserveCapacity(1_000_000)
        for index in 0..<1_000_000 {
            points.append(ChartPoint(x: Double(index), y: Double((index * 7_919) % 1_000)))
        }
        points[123_456].y = 5_000
        points[654_321].y = -3_000
        let thinned = Decimation.minMax(points, buckets: 400)
        #expect(thinned.count <= 802)
        #expect(thinned.count > 400)
        #expect(thinned.first == points.first && thinned.last == points.last)
        #expect(thinned.contains(points[123_456]) && thinned.contains(points[654_321]))
        #expect(zip(thinned, thinned.dropFirst()).allSatisfy { $0.x < $1.x })
        // Short series are drawn as they are.
        #expect(Decimation.minMax(Array(points.prefix(50)), buckets: 400) == Array(points.prefix(50)))
    }

    @Test("a line chart of a million points stays small and keeps its peak")
    func millionPointChart() throws {
        let points = (0..<1_000_000).map { ChartPoint(x: Double($0) / 60, y: $0 == 500_000 ? 900 : Double($0 % 120)) }
        let chart = LineChart(title: "Load", xLabel: "minutes", yLabel: "requests per minute",
                              series: [ChartSeries(name: "requests", color: 0, points: points)])
        let svg = chart.svg()
        #expect(svg.utf8.count < 40_000)
        let polyline = try #require(svg.range(of: "points=\"").map { svg[$0.upperBound...].prefix { $0 != "\"" } })
        let pairs = polyline.split(separator: " ")
        #expect(pairs.count <= 2 * Int(chart.plotRight - chart.plotLeft) + 2)
        // The peak (900, the top of a 0…1,000 scale) is drawn.
        let (_, y) = chart.scales()
        #expect(pairs.contains { $0.hasSuffix(",\(ReportFormat.coordinate(y(900)))") })
        #expect(svg.contains(">requests per minute</text>") && svg.contains(">minutes</text>"))
    }

    @Test("an empty chart says so and draws no line")
    func emptyCharts() {
        let line = LineChart(title: "Nothing", xLabel: "x", yLabel: "y", series: [ChartSeries(name: "a", color: 0, points: [])]).svg()
        #expect(line.contains("No data yet") && !line.contains("<polyline") && line.hasSuffix("</svg>"))
        let bars = BarChart(title: "Nothing", valueLabel: "works", bars: []).svg()
        #expect(bars.contains("No data yet") && !bars.contains("<rect"))
    }

    @Test("one point says a line needs two instead of drawing a dot")
    func onePoint() {
        let svg = LineChart(title: "One", xLabel: "x", yLabel: "y", series: [ChartSeries(name: "a", color: 2, points: [ChartPoint(x: 5, y: 7)])]).svg()
        #expect(svg.contains(">One point so far: a line needs two</text>"))
        #expect(!svg.contains("<circle") && !svg.contains("<polyline"))
        let two = LineChart(title: "Two", xLabel: "x", yLabel: "y", series: [
            ChartSeries(name: "a", color: 2, points: [ChartPoint(x: 5, y: 7), ChartPoint(x: 6, y: 8)]),
        ]).svg()
        #expect(two.contains("<polyline") && !two.contains("One point so far"))
    }

    @Test("the room past the longest bar holds its total at the phone's font: 120,000 is not cut at the edge")
    func valueRoom() throws {
        let small = BarChart(title: "t", valueLabel: "works", bars: [.init(label: "a", value: 12)])
        #expect(small.valueRoom == BarChart.minimumValueRoom)
        let large = BarChart(title: "t", valueLabel: "works", bars: [.init(label: "a", value: 120_000), .init(label: "b", value: 5)])
        let total = TextWidth.of("120,000", fontSize: TextWidth.tickFont)
        #expect(total + 4 > BarChart.minimumValueRoom, "the case the issue saw: the fixed room was too small")
        #expect(large.valueRoom >= total + 4 && large.width == large.labelWidth + 246 + large.valueRoom)
        // The total's text starts 4 units past the bar's end, at the plot's right edge.
        let svg = large.svg()
        let start = try #require(svg.range(of: "<text class=\"value\" x=\""))
        let x = try #require(Double(svg[start.upperBound...].prefix { $0 != "\"" }))
        #expect(x + total <= large.width)
    }

    @Test("bars are as long as their values, labels are escaped and shortened")
    func barLengths() throws {
        let chart = BarChart(title: "<Departments>", valueLabel: "works", bars: [
            .init(label: "Arms & Armor", value: 50), .init(label: "A very long department name indeed", value: 100),
        ])
        let svg = chart.svg()
        #expect(svg.contains("Arms &amp; Armor") && svg.contains("&lt;Departments&gt;") && !svg.contains("<Departments>"))
        // Cut to fit the label column at the phone's 15 px font; the full name stays in the title.
        let short = BarChart.shortened("A very long department name indeed", toFit: chart.labelWidth - 10)
        #expect(short.hasSuffix("…") && short.count < "A very long department name indeed".count)
        #expect(TextWidth.of(short, fontSize: TextWidth.tickFont) <= chart.labelWidth - 10)
        #expect(svg.contains("<text class=\"label narrow\" x=\"") && svg.contains("<title>A very long department name indeed</title>\(short)</text>"))
        // Whole on a wide screen: the label column grows to hold it.
        #expect(svg.contains("<text class=\"label wide\" x=\"") && svg.contains("<title>A very long department name indeed</title>A very long department name indeed</text>"))
        #expect(chart.labelWidth > 170 && chart.width == chart.labelWidth + 246 + chart.valueRoom)
        // A short label is one text, the same everywhere.
        #expect(svg.contains("<text class=\"label\" x=\""))
        let widths = svg.components(separatedBy: "<rect class=\"bar\"").dropFirst().compactMap { part -> Double? in
            guard let range = part.range(of: "width=\"") else { return nil }
            return Double(part[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(widths.count == 2)
        #expect(abs(widths[1] - 2 * widths[0]) < 0.2)
    }

    @Test("the palette is Okabe–Ito and text from the network is escaped")
    func paletteAndEscaping() {
        #expect(ReportPalette.colors.prefix(4) == ["#0072B2", "#E69F00", "#009E73", "#D55E00"])
        #expect(ReportFormat.html("a\u{1B}[31m<b>\"x\"</b>") == "a\u{FFFD}[31m&lt;b&gt;&quot;x&quot;&lt;/b&gt;")
        #expect(ReportFormat.integer(-1_234_567) == "-1,234,567" && ReportFormat.integer(999) == "999")
    }
}
