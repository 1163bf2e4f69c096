import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// A picture on disk: `<objectID>.<ext>` in the image folder.
package struct ImageFile: Sendable, Equatable, Codable {
    /// The file name, relative to the image folder.
    package var name: String
    package var kind: ImageKind
    package var bytes: Int
    /// SHA-256 of the bytes, lowercase hex.
    package var sha256: String
    /// Pixel size as shown, from the decoder; nil until read
    /// (``Catalog/recordImages(_:)`` reads it from the saved file's header
    /// when the fetcher did not).
    package var width: Int?
    package var height: Int?
    /// The thumbnail, placeholder, colour and hash of the decoded picture;
    /// nil for a row from before pictures were decoded.
    package var facts: PictureFacts?

    package init(name: String, kind: ImageKind, bytes: Int, sha256: String, width: Int? = nil, height: Int? = nil, facts: PictureFacts? = nil) {
        self.name = name
        self.kind = kind
        self.bytes = bytes
        self.sha256 = sha256
        self.width = width
        self.height = height
        self.facts = facts
    }

    /// `436535.jpg`.
    package static func name(objectID: Int, kind: ImageKind) -> String {
        "\(objectID).\(kind.fileExtension)"
    }
}
