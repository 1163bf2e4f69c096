import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// Sorts one answer from the image host into what the downloader does next,
/// as ``ObjectRequest`` does for the API; ``ImageRequest`` turns its verdicts
/// into the engine's.
package enum ImageClassifier {
    package enum Verdict: Sendable, Equatable {
        /// A whole picture of this kind: write it.
        case image(ImageKind, status: Int)
        /// A final failure: record it, do not retry in this run.
        case failed(ImageFailure, reason: String, status: Int?)
        /// The host may be refusing us (403/429, or an HTML page with status
        /// 200): the engine's refusal judge decides whether it is a block.
        case block(reason: String, status: Int?)
        /// A transient failure: back off and try again, up to the attempts.
        case retry(ImageFailure, reason: String, status: Int?, retryAfter: Double?)
        /// No connection at all: retried, and if it persists the run stops
        /// rather than record every remaining image as failed.
        case unreachable(reason: String)
    }

    /// The verdict for a complete response.
    package static func verdict(for response: HTTPResponse) -> Verdict {
        let status = response.status
        switch status {
        case 200:
            return verdictForOK(response)
        case 403, 429:
            return .block(reason: "HTTP \(status) (\(describe(response)))", status: status)
        case 408, 500...599:
            return .retry(.status, reason: "HTTP \(status)", status: status, retryAfter: response.retryAfter)
        default:
            return .failed(.status, reason: "HTTP \(status)", status: status)
        }
    }

    /// The verdict for a request that got no complete response.
    package static func verdict(for error: HTTPError) -> Verdict {
        switch error {
        case .timedOut:
            return .retry(.timeout, reason: error.description, status: nil, retryAfter: nil)
        case .truncatedBody:
            return .retry(.truncated, reason: error.description, status: nil, retryAfter: nil)
        case .connectionReset, .transport:
            return .retry(.network, reason: error.description, status: nil, retryAfter: nil)
        case .cannotConnect:
            return .unreachable(reason: error.description)
        case .bodyTooLarge:
            return .failed(.tooLarge, reason: error.description, status: nil)
        case .invalidURL:
            return .failed(.invalidURL, reason: error.description, status: nil)
        }
    }

    private static func verdictForOK(_ response: HTTPResponse) -> Verdict {
        let body = response.body
        guard !body.isEmpty else {
            return .failed(.notAnImage, reason: "HTTP 200 with an empty body", status: 200)
        }
        guard let kind = ImageKind(sniffing: body) else {
            if ImageKind.looksLikeHTML(body) || response.contentType?.lowercased().contains("html") == true {
                return .block(reason: "HTTP 200 with an HTML page instead of an image (\(describe(response)))", status: 200)
            }
            return .failed(.notAnImage, reason: "HTTP 200 with a body that is not JPEG, PNG, WebP or GIF (\(describe(response)))", status: 200)
        }
        guard isImageType(response.contentType) else {
            return .failed(.notAnImage, reason: "HTTP 200 with \(kind.rawValue) bytes sent as \(response.contentType ?? "")", status: 200)
        }
        guard kind.isComplete(body) else {
            return .retry(.truncated, reason: "HTTP 200 with an incomplete \(kind.rawValue) (\(body.count) bytes)", status: 200, retryAfter: nil)
        }
        return .image(kind, status: 200)
    }

    /// `image/*`, a generic binary type, or none at all.
    package static func isImageType(_ contentType: String?) -> Bool {
        guard let contentType else { return true }
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type.isEmpty || type.hasPrefix("image/") || type == "application/octet-stream" || type == "binary/octet-stream"
    }

    private static func describe(_ response: HTTPResponse) -> String {
        "\(response.contentType ?? "no content type"), \(response.body.count) bytes"
    }
}
