import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// One work as the gallery shows it.
package struct GalleryEntry: Sendable, Equatable {
    package var objectID: Int
    package var title: String
    package var artist: String
    package var date: String
    /// The source's page of the work.
    package var link: String?
    /// Relative to the images folder; nil until the picture is verified.
    package var thumb: String?
    package var thumbWidth: Int?
    package var thumbHeight: Int?
    package var placeholder: String?
    package var color: String?
    /// The licence it comes under (`works.rights`) and where it is written.
    package var rights: String? = nil
    package var rightsLink: String? = nil
}
