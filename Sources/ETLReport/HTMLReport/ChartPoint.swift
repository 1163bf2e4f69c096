import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// One point of a line chart, in data units.
package struct ChartPoint: Sendable, Equatable {
    package var x: Double
    package var y: Double
}

/// One line of a chart.
package struct ChartSeries: Sendable {
    package var name: String
    /// An index into ``ReportPalette/colors``.
    package var color: Int
    package var points: [ChartPoint]
    /// SVG `stroke-dasharray`, e.g. `6 4`; nil for a solid line.
    package var dash: String?
    /// Drawn as steps (a rate in force holds until it changes).
    package var isStep = false
}
