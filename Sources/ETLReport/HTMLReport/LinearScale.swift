import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// Maps a domain of values onto a range of SVG coordinates, with "nice"
/// ticks (1, 2 or 5 × a power of ten) as d3's linear scale does.
package struct LinearScale: Sendable, Equatable {
    package let lower: Double
    package let upper: Double
    package let start: Double
    package let end: Double

    package init(lower: Double, upper: Double, start: Double, end: Double) {
        self.lower = lower
        self.upper = upper
        self.start = start
        self.end = end
    }

    /// A scale over `values` widened to tick boundaries; zero is included
    /// when `includesZero` (counts and rates start at zero). No values, or
    /// one, still give a usable, non-degenerate domain.
    package init(covering values: [Double], includesZero: Bool, start: Double, end: Double, tickCount: Int = 5) {
        let finite = values.filter(\.isFinite)
        var low = finite.min() ?? 0
        var high = finite.max() ?? 1
        if includesZero {
            low = min(low, 0)
            high = max(high, 0)
        }
        if low == high {
            if low == 0 { high = 1 } else if includesZero { (low, high) = (min(low, 0), max(high, 0)) } else { (low, high) = (low - 1, high + 1) }
        }
        let step = Self.tickStep(lower: low, upper: high, count: tickCount)
        self.init(lower: (low / step).rounded(.down) * step, upper: (high / step).rounded(.up) * step, start: start, end: end)
    }

    package func callAsFunction(_ value: Double) -> Double {
        guard upper != lower else { return (start + end) / 2 }
        return start + (value - lower) / (upper - lower) * (end - start)
    }

    /// About `count` round values from `lower` to `upper` inclusive.
    package func ticks(count: Int = 5) -> [Double] {
        Self.ticks(lower: lower, upper: upper, count: count)
    }

    package static func ticks(lower: Double, upper: Double, count: Int) -> [Double] {
        guard lower.isFinite, upper.isFinite, upper > lower, count > 0 else { return lower.isFinite ? [lower] : [] }
        let step = tickStep(lower: lower, upper: upper, count: count)
        let first = Int((lower / step - 1e-9).rounded(.up))
        let last = Int((upper / step + 1e-9).rounded(.down))
        guard first <= last else { return [] }
        // Multiples of the step, not running sums: 0.1 + 0.2 must print as 0.3.
        return (first...last).map { Double($0) * step }
    }

    package static func tickStep(lower: Double, upper: Double, count: Int) -> Double {
        let span = upper - lower
        guard span > 0, span.isFinite else { return 1 }
        let rough = span / Double(max(count, 1))
        let power = pow(10, (log10(rough)).rounded(.down))
        let error = rough / power
        let factor: Double = error >= 50.0.squareRoot() ? 10 : error >= 10.0.squareRoot() ? 5 : error >= 2.0.squareRoot() ? 2 : 1
        return factor * power
    }
}
