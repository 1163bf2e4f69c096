import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// What a 200 from the image host holds. The statuses, refusals, retries
/// and transport errors are the engine's ``AnswerLadder``'s, as for every
/// kind; only the body is the picture's own.
package enum ImageClassifier {
    package enum Body: Sendable, Equatable {
        /// A whole picture of this kind: decode and write it.
        case image(ImageKind)
        /// A final failure: record it, do not retry in this run.
        case failed(ImageFailure, reason: String)
        /// Cut short: ask again, up to the attempts.
        case retry(ImageFailure, reason: String)
    }

    /// What the body of a 200 is; nil when it is no picture at all (an
    /// HTML page, which may be a block, or a broken body).
    package static func body(of response: HTTPResponse) -> Body? {
        let body = response.body
        guard !body.isEmpty else { return .failed(.notAnImage, reason: "HTTP 200 with an empty body") }
        guard let kind = ImageKind(sniffing: body) else { return nil }
        guard isImageType(response.contentType) else {
            return .failed(.notAnImage, reason: "HTTP 200 with \(kind.rawValue) bytes sent as \(response.contentType ?? "")")
        }
        guard kind.isComplete(body) else {
            return .retry(.truncated, reason: "HTTP 200 with an incomplete \(kind.rawValue) (\(body.count) bytes)")
        }
        return .image(kind)
    }

    /// `image/*`, a generic binary type, or none at all.
    package static func isImageType(_ contentType: String?) -> Bool {
        guard let contentType else { return true }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.isEmpty || type.hasPrefix("image/") || type == "application/octet-stream" || type == "binary/octet-stream"
    }
}
