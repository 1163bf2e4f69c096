import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// The width a label takes when drawn, estimated from DejaVu Sans's advance
/// widths (the sans-serif Chromium falls back to on Debian; system UI fonts
/// are narrower), so a chart can make room for its labels before a browser
/// lays them out. `scripts/check-report` measures the real boxes.
package enum TextWidth {
    /// The largest font sizes the page's CSS gives chart text (the phone layout).
    package static let tickFont = 15.0
    package static let axisLabelFont = 16.0

    /// Estimated width in SVG units of `text` at `fontSize`.
    package static func of(_ text: String, fontSize: Double) -> Double {
        var ems = 0.0
        for character in text {
            switch character {
            case "0"..."9": ems += 0.64
            case ",", ".", " ", ":", "i", "l", "j", "'", "|", "!": ems += 0.32
            case "f", "r", "t", "(", ")", "-", "/": ems += 0.42
            case "m", "w", "M", "W": ems += 0.92
            case "A"..."Z": ems += 0.72
            default: ems += 0.62
            }
        }
        return ems * fontSize
    }
}
