/// One point of a line chart, in data units.
struct ChartPoint: Sendable, Equatable {
    var x: Double
    var y: Double
}

/// One line of a chart.
struct ChartSeries: Sendable {
    var name: String
    /// An index into ``ReportPalette/colors``.
    var color: Int
    var points: [ChartPoint]
    /// SVG `stroke-dasharray`, e.g. `6 4`; nil for a solid line.
    var dash: String?
    /// Drawn as steps (a rate in force holds until it changes).
    var isStep = false
}
