import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// A horizontal bar chart: one row per category (long labels fit a phone
/// better across than down), bars stacked from segments, the total at the
/// bar's end, and a value axis with its unit.
package struct BarChart {
    package struct Segment {
        package var value: Int
        package var color: Int
    }

    package struct Bar {
        package var label: String
        package var segments: [Segment]
        package var total: Int { segments.reduce(0) { $0 + $1.value } }

        package init(label: String, value: Int, color: Int = ReportPalette.blue) {
            self.label = label
            segments = [Segment(value: value, color: color)]
        }

        package init(label: String, segments: [Segment]) {
            self.label = label
            self.segments = segments
        }
    }

    package var title: String
    /// The value axis' label with its unit, e.g. `works`.
    package var valueLabel: String
    package var bars: [Bar]
    /// Names of the segment colours, for the legend; empty for one-colour bars.
    package var legend: [(name: String, color: Int)] = []
    package var rowHeight = 22.0
    package static let maxLabelCharacters = 22
    /// The label column: wide enough for the longest whole label at the
    /// desktop's 12 px (at least 170, at most 320 units).
    package var labelWidth: Double {
        let widest = bars.map { TextWidth.of($0.label, fontSize: Self.desktopFont) }.max() ?? 0
        return min(320, max(170, (widest + 12).rounded(.up)))
    }
    /// The plot keeps its 246 units whatever the labels take.
    package var width: Double { labelWidth + 246 + valueRoom }
    /// The chart text's size on a wide screen (the page's CSS).
    package static let desktopFont = 12.0
    /// The least room at the right for the total printed past the longest bar.
    package static let minimumValueRoom = 64.0
    /// Room at the right for the total printed past the longest bar: the
    /// widest total at the phone's larger font after its 4-unit gap, so
    /// "120,000" is not cut at the SVG's edge.
    package var valueRoom: Double {
        let widest = bars.map { TextWidth.of(ReportFormat.integer($0.total), fontSize: TextWidth.tickFont) }.max() ?? 0
        return max(Self.minimumValueRoom, (4 + widest + 4).rounded(.up))
    }

    package func html() -> String {
        var out = "<figure class=\"chart\"><figcaption>\(ReportFormat.html(title))</figcaption>\n" + svg()
        if !legend.isEmpty {
            out += "\n<ul class=\"legend\">"
            for entry in legend {
                out += "<li><span class=\"swatch\" style=\"background:\(ReportPalette.color(entry.color))\"></span>\(ReportFormat.html(entry.name))</li>"
            }
            out += "</ul>"
        }
        return out + "</figure>\n"
    }

    package func svg() -> String {
        let f = ReportFormat.coordinate
        let top = 6.0
        let plotLeft = labelWidth
        let plotRight = width - valueRoom
        let height = top + Double(max(bars.count, 1)) * rowHeight + 40
        let plotBottom = height - 40
        let scale = LinearScale(covering: bars.map { Double($0.total) }, includesZero: true, start: plotLeft, end: plotRight)
        var out = "<svg class=\"bar-chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(ReportFormat.html(title))\">"
        out += "<title>\(ReportFormat.html(title))</title>"
        let ticks = scale.ticks(count: 4)
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : 1
        for tick in ticks {
            let position = f(scale(tick))
            out += "<line class=\"grid\" x1=\"\(position)\" x2=\"\(position)\" y1=\"\(f(top))\" y2=\"\(f(plotBottom))\"/>"
        }
        for label in AxisLabels.placed(ticks.map { (scale($0), ReportFormat.tick($0, step: step)) }, width: width) {
            out += "<text class=\"tick\" x=\"\(f(label.position))\" y=\"\(f(plotBottom + 14))\" text-anchor=\"\(label.anchor)\">\(ReportFormat.html(label.text))</text>"
        }
        out += "<text class=\"axis-label\" x=\"\(f((plotLeft + plotRight) / 2))\" y=\"\(f(height - 6))\" text-anchor=\"middle\">\(ReportFormat.html(valueLabel))</text>"
        if bars.isEmpty {
            out += "<text class=\"empty\" x=\"\(f((plotLeft + plotRight) / 2))\" y=\"\(f(top + rowHeight * 0.7))\" text-anchor=\"middle\">No data yet</text>"
        }
        for (index, bar) in bars.enumerated() {
            let rowTop = top + Double(index) * rowHeight
            let middle = f(rowTop + rowHeight / 2)
            // Whole on a wide screen; on a phone (larger text, see the CSS)
            // shortened to fit, with the whole name in its tooltip.
            let short = Self.shortened(bar.label, toFit: plotLeft - 10)
            let whole = TextWidth.of(bar.label, fontSize: Self.desktopFont) <= plotLeft - 10 ? bar.label : Self.shortened(bar.label, toFit: plotLeft - 10, fontSize: Self.desktopFont)
            let label = "x=\"\(f(plotLeft - 6))\" y=\"\(middle)\" text-anchor=\"end\" dominant-baseline=\"middle\"><title>\(ReportFormat.html(bar.label))</title>"
            if short == whole {
                out += "<text class=\"label\" \(label)\(ReportFormat.html(short))</text>"
            } else {
                out += "<text class=\"label wide\" \(label)\(ReportFormat.html(whole))</text>"
                out += "<text class=\"label narrow\" \(label)\(ReportFormat.html(short))</text>"
            }
            var running = 0
            for segment in bar.segments where segment.value > 0 {
                let left = scale(Double(running))
                running += segment.value
                let right = scale(Double(running))
                out += "<rect class=\"bar\" x=\"\(f(left))\" y=\"\(f(rowTop + 3))\" width=\"\(f(max(right - left, 0.5)))\" height=\"\(f(rowHeight - 6))\" fill=\"\(ReportPalette.color(segment.color))\"/>"
            }
            out += "<text class=\"value\" x=\"\(f(scale(Double(bar.total)) + 4))\" y=\"\(middle)\" dominant-baseline=\"middle\">\(ReportFormat.integer(bar.total))</text>"
        }
        out += "<line class=\"axis\" x1=\"\(f(plotLeft))\" x2=\"\(f(plotLeft))\" y1=\"\(f(top))\" y2=\"\(f(plotBottom))\"/>"
        return out + "</svg>"
    }

    package static func shortened(_ label: String) -> String {
        label.count > maxLabelCharacters ? String(label.prefix(maxLabelCharacters - 1)) + "…" : label
    }

    /// `label` shortened until it fits `width` at the phone's font (the
    /// full text stays in the row's `<title>`), so it is never cut at the
    /// SVG's left edge.
    package static func shortened(_ label: String, toFit width: Double, fontSize: Double = TextWidth.tickFont) -> String {
        var text = fontSize == TextWidth.tickFont ? shortened(label) : label
        while text.count > 1, TextWidth.of(text, fontSize: fontSize) > width {
            text = String(text.dropLast(text.hasSuffix("…") ? 2 : 1)) + "…"
        }
        return text
    }
}
