import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Thins a long series for drawing: per x bucket (about a pixel column) it
/// keeps the lowest and the highest point, so spikes and dips survive; the
/// first and last points are always kept. Output is at most 2 × buckets + 2
/// points, in x order, whatever the input's length.
package enum Decimation {
    package static func minMax(_ points: [ChartPoint], buckets: Int) -> [ChartPoint] {
        guard buckets > 0, points.count > 2 * buckets + 2, let first = points.first, let last = points.last else { return points }
        let span = last.x - first.x
        guard span > 0 else { return [first, last] }
        var result: [ChartPoint] = [first]
        result.reserveCapacity(2 * buckets + 2)
        var bucket = -1
        var low = first, high = first, lowIndex = 0, highIndex = 0
        func emit() {
            guard bucket >= 0 else { return }
            if lowIndex == highIndex {
                result.append(low)
            } else if lowIndex < highIndex {
                result.append(low); result.append(high)
            } else {
                result.append(high); result.append(low)
            }
        }
        for index in 1..<(points.count - 1) {
            let point = points[index]
            let slot = min(buckets - 1, max(0, Int((point.x - first.x) / span * Double(buckets))))
            if slot != bucket {
                emit()
                bucket = slot
                (low, high, lowIndex, highIndex) = (point, point, index, index)
            } else {
                if point.y < low.y { (low, lowIndex) = (point, index) }
                if point.y > high.y { (high, highIndex) = (point, index) }
            }
        }
        emit()
        result.append(last)
        return result
    }
}
