import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// The labels of a horizontal axis, placed so a person can read them: one
/// near an edge is anchored to stay inside the SVG, and when neighbours
/// would touch at the phone's font, every other label is left out (the tick
/// marks stay), then every third, and so on.
package enum AxisLabels {
    package struct Label {
        package var position: Double
        package var text: String
        /// SVG `text-anchor`: `start`, `middle` or `end`.
        package var anchor: String
    }

    package static func placed(_ ticks: [(position: Double, text: String)], width: Double) -> [Label] {
        let all = ticks.map { tick -> (label: Label, low: Double, high: Double) in
            let half = TextWidth.of(tick.text, fontSize: TextWidth.tickFont) / 2
            if tick.position + half > width - 2 {
                return (Label(position: tick.position, text: tick.text, anchor: "end"), tick.position - 2 * half, tick.position)
            }
            if tick.position - half < 2 {
                return (Label(position: tick.position, text: tick.text, anchor: "start"), tick.position, tick.position + 2 * half)
            }
            return (Label(position: tick.position, text: tick.text, anchor: "middle"), tick.position - half, tick.position + half)
        }
        var step = 1
        while step < all.count {
            let kept = stride(from: 0, to: all.count, by: step).map { all[$0] }
            if zip(kept, kept.dropFirst()).allSatisfy({ $0.high + 6 <= $1.low }) { break }
            step += 1
        }
        return stride(from: 0, to: all.count, by: step).map { all[$0].label }
    }
}
