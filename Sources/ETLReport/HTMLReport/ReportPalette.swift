import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// Okabe and Ito's palette, distinguishable with every common colour-vision
/// deficiency; charts also vary dash patterns so no meaning rests on hue alone.
package enum ReportPalette {
    package static let blue = 0, orange = 1, green = 2, vermillion = 3, purple = 4, sky = 5, yellow = 6, black = 7

    package static let colors = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]

    package static func color(_ index: Int) -> String { colors[((index % colors.count) + colors.count) % colors.count] }
}
