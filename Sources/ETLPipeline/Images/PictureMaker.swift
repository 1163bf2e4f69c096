import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry

/// Turns a picture's bytes into a verified picture: decoded with
/// ``PictureDecoder``, its thumbnail written to the thumbnail folder with
/// the same atomic write and manifest as the pictures. Used for downloads
/// and for pictures already on disk whose facts are missing.
package struct PictureMaker: Sendable {
    package let thumbs: ImageDirectory
    package let settings: PictureDecoder.Settings
    /// What the pictures in flight hold while decoding, shared by every
    /// decode of the run (downloads and pictures decoded again from disk).
    package let memory: PictureMemory

    /// Raised when thumbnails made before must be made again: 1 is the
    /// first revision whose thumbnails carry none of the source's metadata
    /// (earlier WebP thumbnails kept its EXIF: a camera, a GPS position).
    package static let thumbnailRevision = 1

    package init(directory: ImageDirectory, settings: PictureDecoder.Settings) {
        self.thumbs = ImageDirectory(path: directory.filePath(PictureFacts.thumbFolder))
        self.settings = settings
        self.memory = PictureMemory(capacity: settings.limits.maxHeldBytesInFlight)
    }

    package enum Made: Sendable, Equatable {
        case picture(width: Int, height: Int, PictureFacts)
        case failed(ImageFailure, reason: String)
    }

    /// Decodes `bytes` and writes the thumbnail; throws when the thumbnail
    /// cannot be written (the run stops, as for a picture), and
    /// `CancellationError` when the task was cancelled while the picture
    /// waited for its turn to decode.
    package func make(_ bytes: [UInt8], kind: ImageKind, objectID: Int) async throws -> Made {
        guard let outcome = await PictureDecoder.decode(bytes, kind: kind, settings: settings, memory: memory) else {
            throw CancellationError()
        }
        switch outcome {
        case .failed(let failure, let reason):
            return .failed(failure, reason: reason)
        case .decoded(let picture):
            let name = PictureFacts.thumbName(objectID: objectID, format: settings.thumbFormat)
            try thumbs.write(picture.thumb, as: name)
            return .picture(width: picture.width, height: picture.height, PictureFacts(
                thumbFile: PictureFacts.thumbFolder + "/" + name, thumbWidth: picture.thumbWidth,
                thumbHeight: picture.thumbHeight, placeholder: picture.placeholder, color: picture.color,
                phash: picture.phash))
        }
    }

    /// Deletes the thumbnail `facts` names, made for a picture that could
    /// not be written: no row would vouch for it.
    package func removeThumbnail(of facts: PictureFacts) {
        let prefix = PictureFacts.thumbFolder + "/"
        let file = facts.thumbFile
        guard file.hasPrefix(prefix) else { return }
        thumbs.remove(String(file.dropFirst(prefix.count)))
    }

    /// The thumbnails of `objectID` other than `kept` (a name in the
    /// thumbnail folder): those of another format, or all of them when the
    /// picture failed. Deleting them keeps the folder to the rows' files.
    package func staleThumbs(objectID: Int, kept: String?) -> [String] {
        ThumbFormat.allCases.map { PictureFacts.thumbName(objectID: objectID, format: $0) }.filter { $0 != kept }
    }

    /// Whether a good row's recorded facts are missing, or were made with
    /// other settings, or their thumbnail is gone: the picture on disk is
    /// decoded again (no request is made).
    package func needsFacts(_ candidate: Catalog.ImageCandidate) -> Bool {
        let prefix = PictureFacts.thumbFolder + "/"
        guard let file = candidate.thumbFile, file.hasPrefix(prefix),
              let thumbWidth = candidate.thumbWidth, let thumbHeight = candidate.thumbHeight,
              let width = candidate.width, let height = candidate.height else { return true }
        let name = String(file.dropFirst(prefix.count))
        guard name == PictureFacts.thumbName(objectID: candidate.objectID, format: settings.thumbFormat),
              thumbs.size(of: name) != nil else { return true }
        let expected = min(settings.thumbSize, max(width, height))
        return max(thumbWidth, thumbHeight) != expected
    }
}
