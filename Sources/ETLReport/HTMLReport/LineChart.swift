import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// An SVG line chart: labelled axes with units, nice ticks, lines decimated
/// to the plot's width, and shaded x ranges (block episodes).
package struct LineChart {
    package var title: String
    package var xLabel: String
    package var yLabel: String
    package var series: [ChartSeries]
    /// Shaded x ranges, named in the legend as `bandName`.
    package var bands: [ClosedRange<Double>] = []
    package var bandName = "block"
    /// Labels for x ticks (dates); plain numbers by default.
    package var xTickLabel: ((Double, Double) -> String)? = nil
    /// The x axis's extent when it must not follow the data (a run's
    /// chart starts at the run's start).
    package var xDomain: ClosedRange<Double>? = nil
    package var width = 480.0
    package var height = 250.0
    /// Said instead of a line when every value is 0: a line along the x
    /// axis is hidden by it, and the chart would look empty.
    package var zeroNote = "0 at every point"

    package static let margin = (right: 16.0, top: 12.0, bottom: 44.0)
    /// Where the rotated y-axis title's baseline stands; its glyphs reach
    /// about a font height to the left of it and a quarter to the right.
    package static let yTitleBaseline = 4 + TextWidth.axisLabelFont * 0.8

    /// Left of the plot: the y-axis title, a gap, the widest y tick label
    /// (at the phone's larger font) and the gap before the axis, so no
    /// label is overprinted by the title or cut at the SVG's edge.
    package var plotLeft: Double {
        let widest = yTickLabels().map { TextWidth.of($0, fontSize: TextWidth.tickFont) }.max() ?? 0
        return max(48, Self.yTitleBaseline + TextWidth.axisLabelFont * 0.25 + 6 + widest + 6)
    }
    package var plotRight: Double { width - Self.margin.right }
    package var plotTop: Double { Self.margin.top }
    package var plotBottom: Double { height - Self.margin.bottom }

    private func yScale() -> LinearScale {
        LinearScale(covering: series.flatMap(\.points).map(\.y), includesZero: true, start: plotBottom, end: plotTop)
    }

    private func yTickLabels() -> [String] {
        let ticks = yScale().ticks()
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : 1
        return ticks.map { ReportFormat.tick($0, step: step) }
    }

    /// The x and y scales the chart draws with.
    package func scales() -> (x: LinearScale, y: LinearScale) {
        let left = plotLeft
        var xs = series.flatMap(\.points).map(\.x)
        xs += bands.flatMap { [$0.lowerBound, $0.upperBound] }
        let x: LinearScale
        if let xDomain, xDomain.upperBound > xDomain.lowerBound {
            x = LinearScale(lower: xDomain.lowerBound, upper: xDomain.upperBound, start: left, end: plotRight)
        } else if let low = xs.min(), let high = xs.max(), high > low {
            x = LinearScale(lower: low, upper: high, start: left, end: plotRight)
        } else {
            x = LinearScale(covering: xs, includesZero: false, start: left, end: plotRight)
        }
        return (x, yScale())
    }

    /// The `<figure>`: heading, the SVG, and a legend in HTML (it wraps on a phone).
    package func html() -> String {
        var out = "<figure class=\"chart\"><figcaption>\(ReportFormat.html(title))</figcaption>\n"
        out += svg()
        out += "\n<ul class=\"legend\">"
        for line in series {
            let dash = line.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            out += "<li><svg width=\"26\" height=\"10\" aria-hidden=\"true\"><line x1=\"1\" y1=\"5\" x2=\"25\" y2=\"5\" stroke=\"\(ReportPalette.color(line.color))\" stroke-width=\"3\"\(dash)/></svg>\(ReportFormat.html(line.name))</li>"
        }
        if !bands.isEmpty {
            out += "<li><span class=\"swatch band\"></span>\(ReportFormat.html(bandName))</li>"
        }
        return out + "</ul></figure>\n"
    }

    package func svg() -> String {
        let (x, y) = scales()
        let plotLeft = x.start
        let f = ReportFormat.coordinate
        var out = "<svg class=\"line-chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(ReportFormat.html(title))\">"
        out += "<title>\(ReportFormat.html(title))</title>"
        for band in bands {
            let left = x(band.lowerBound), right = max(x(band.upperBound), left + 1.5)
            out += "<rect class=\"band\" x=\"\(f(left))\" y=\"\(f(plotTop))\" width=\"\(f(right - left))\" height=\"\(f(plotBottom - plotTop))\"/>"
        }
        let yTicks = y.ticks()
        let yStep = yTicks.count > 1 ? yTicks[1] - yTicks[0] : 1
        for tick in yTicks {
            let position = f(y(tick))
            out += "<line class=\"grid\" x1=\"\(f(plotLeft))\" x2=\"\(f(plotRight))\" y1=\"\(position)\" y2=\"\(position)\"/>"
            out += "<text class=\"tick\" x=\"\(f(plotLeft - 6))\" y=\"\(position)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(ReportFormat.tick(tick, step: yStep))</text>"
        }
        let xTicks = x.ticks(count: 5)
        let xStep = xTicks.count > 1 ? xTicks[1] - xTicks[0] : 1
        for tick in xTicks {
            let position = f(x(tick))
            out += "<line class=\"axis\" x1=\"\(position)\" x2=\"\(position)\" y1=\"\(f(plotBottom))\" y2=\"\(f(plotBottom + 4))\"/>"
        }
        let labels = xTicks.map { tick in (x(tick), xTickLabel?(tick, xStep) ?? ReportFormat.tick(tick, step: xStep)) }
        for label in AxisLabels.placed(labels, width: width) {
            out += "<text class=\"tick\" x=\"\(f(label.position))\" y=\"\(f(plotBottom + 16))\" text-anchor=\"\(label.anchor)\">\(ReportFormat.html(label.text))</text>"
        }
        out += "<line class=\"axis\" x1=\"\(f(plotLeft))\" x2=\"\(f(plotRight))\" y1=\"\(f(plotBottom))\" y2=\"\(f(plotBottom))\"/>"
        out += "<line class=\"axis\" x1=\"\(f(plotLeft))\" x2=\"\(f(plotLeft))\" y1=\"\(f(plotTop))\" y2=\"\(f(plotBottom))\"/>"
        out += "<text class=\"axis-label\" x=\"\(f(width / 2))\" y=\"\(f(height - 6))\" text-anchor=\"middle\">\(ReportFormat.html(xLabel))</text>"
        out += "<text class=\"axis-label\" transform=\"translate(\(f(Self.yTitleBaseline)) \(f((plotTop + plotBottom) / 2))) rotate(-90)\" text-anchor=\"middle\">\(ReportFormat.html(yLabel))</text>"
        if series.allSatisfy({ $0.points.isEmpty }) {
            out += "<text class=\"empty\" x=\"\(f((plotLeft + plotRight) / 2))\" y=\"\(f((plotTop + plotBottom) / 2))\" text-anchor=\"middle\">No data yet</text>"
        } else if series.allSatisfy({ $0.points.count < 2 }) {
            // A lone dot on an axis stretched around it reads as a trend; say what is missing.
            out += "<text class=\"empty\" x=\"\(f((plotLeft + plotRight) / 2))\" y=\"\(f((plotTop + plotBottom) / 2))\" text-anchor=\"middle\">One point so far: a line needs two</text>"
        } else if series.allSatisfy({ $0.points.allSatisfy { $0.y == 0 } }) {
            out += "<text class=\"empty\" x=\"\(f((plotLeft + plotRight) / 2))\" y=\"\(f((plotTop + plotBottom) / 2))\" text-anchor=\"middle\">\(ReportFormat.html(zeroNote))</text>"
            return out + "</svg>"
        }
        let buckets = Int(plotRight - plotLeft)
        for line in series where line.points.count >= 2 {
            let points = Decimation.minMax(line.points, buckets: buckets)
            let color = ReportPalette.color(line.color)
            var coordinates: [String] = []
            coordinates.reserveCapacity(points.count * 2)
            var previous: ChartPoint?
            for point in points {
                if line.isStep, let previous {
                    coordinates.append("\(f(x(point.x))),\(f(y(previous.y)))")
                }
                coordinates.append("\(f(x(point.x))),\(f(y(point.y)))")
                previous = point
            }
            let dash = line.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            out += "<polyline class=\"series\" data-series=\"\(ReportFormat.html(line.name))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dash) points=\"\(coordinates.joined(separator: " "))\"/>"
        }
        return out + "</svg>"
    }
}
