import Basics
import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// One work's picture as the engine fetches it: the answer reads by the
/// engine's ladder, the body by ``ImageClassifier``; a picture is then
/// decoded (``PictureMaker``), and only one that decodes is written to the
/// folder, with its thumbnail, before the result is handed back.
///
/// An HTML page, an empty body or a non-image for one URL while others
/// succeed is that work's `not_an_image`: the page only makes the engine
/// probe once, and nothing cools down unless the probe is refused too.
package struct ImageRequest: LadderFetchKind {
    /// One image to fetch.
    package struct Job: Sendable {
        package var objectID: Int
        package var url: String
        package var previousFile: String?
    }

    package let directory: ImageDirectory
    package let maker: PictureMaker

    package func url(for job: Job) -> String { Self.requestURL(job.url) }

    package var ladder: AnswerLadder<Job, ImageResult> {
        let request = self
        return AnswerLadder(
            readBody: { response, job in await request.read(response, job: job) },
            failed: { job, failure in request.output(for: job, failure: failure, attempts: 0) },
            brokenBody: { response, job in
                let shown = "\(response.contentType ?? "no content type"), \(response.body.count) bytes"
                return .done(request.result(
                    job, .failed(.notAnImage, reason: "HTTP 200 with a body that is not JPEG, PNG, WebP or GIF (\(shown))"),
                    status: 200, contentType: response.contentType))
            },
            isPage: { ImageKind.looksLikeHTML($0.body) || $0.contentType?.lowercased().contains("html") == true },
            expecting: "an image",
            // A page instead of the picture is this URL's problem unless a probe says otherwise.
            isPageFinalIfNoise: true)
    }

    /// A 200: the picture decoded and written, or why not; nil for no picture at all.
    private func read(_ response: HTTPResponse, job: Job) async -> Verdict<ImageResult>? {
        let status = 200
        let kind: ImageKind
        switch ImageClassifier.body(of: response) {
        case nil:
            return nil
        case .failed(let failure, let reason)?:
            return .done(result(job, .failed(failure, reason: reason), status: status, contentType: response.contentType))
        case .retry(let failure, let reason)?:
            return .retry(FetchFailure(Self.category(failure), reason: reason, status: status, contentType: response.contentType))
        case .image(let sniffed)?:
            kind = sniffed
        }
        let body = response.body
        let made: PictureMaker.Made
        do {
            made = try await maker.make(body, kind: kind, objectID: job.objectID)
        } catch ImageError.occupied(let path) {
            return .done(result(job, .failed(.occupied, reason: Self.occupiedReason(path)), status: status, contentType: response.contentType))
        } catch is CancellationError {
            // The run is ending and the picture waited for its turn to decode: dropped, tried again next run.
            return .abandoned
        } catch let error as ImageError {
            return .fatal(error)
        } catch let error as OutputError {
            return .fatal(error)
        } catch {
            return .fatal(OutputError.image(path: maker.thumbs.path, reason: "\(error)"))
        }
        let facts: (width: Int, height: Int, facts: PictureFacts)
        switch made {
        case .failed(.truncated, let reason):
            // Pixel data cut short: the connection may have dropped it.
            return .retry(FetchFailure(.truncated, reason: reason, status: status, contentType: response.contentType), retryAfter: nil)
        case .failed(.resources, let reason):
            // The machine ran short, not the picture: tried again, and recorded as no verdict.
            return .retry(FetchFailure(.resources, reason: reason, status: status, contentType: response.contentType), retryAfter: nil)
        case .failed(let failure, let reason):
            return .done(result(job, .failed(failure, reason: reason), status: status, contentType: response.contentType))
        case .picture(let width, let height, let picture):
            facts = (width, height, picture)
        }
        let file = ImageFile(
            name: ImageFile.name(objectID: job.objectID, kind: kind), kind: kind,
            bytes: body.count, sha256: SHA256.hex(of: body), width: facts.width, height: facts.height, facts: facts.facts)
        do {
            try directory.write(body, as: file.name)
        } catch {
            // The thumbnail made for it would be left with no row to vouch for it.
            maker.removeThumbnail(of: facts.facts)
            if case ImageError.occupied(let path) = error {
                return .done(result(job, .failed(.occupied, reason: Self.occupiedReason(path)), status: status, contentType: response.contentType))
            }
            if let error = error as? ImageError { return .fatal(error) }
            if let error = error as? OutputError { return .fatal(error) }
            return .fatal(OutputError.image(path: directory.filePath(file.name), reason: "\(error)"))
        }
        return .done(result(job, .saved(file), status: status, contentType: response.contentType))
    }

    package func output(for job: Job, failure: FetchFailure, attempts: Int) -> ImageResult {
        result(job, .failed(Self.imageFailure(failure.category), reason: failure.reason), status: failure.status, contentType: failure.contentType)
    }

    package func result(_ job: Job, _ outcome: ImageResult.Outcome, status: Int?, contentType: String?) -> ImageResult {
        ImageResult(
            objectID: job.objectID, url: job.url, outcome: outcome, httpStatus: status,
            contentType: contentType, fetchedAt: Date(), attempts: 0, previousFile: job.previousFile)
    }

    /// What an `occupied` row says: the work's picture comes once the file is moved.
    package static func occupiedReason(_ path: String) -> String {
        "a file etl did not write is at '\(path)'; move it away and run 'etl images --retry-failed'"
    }

    package static func category(_ failure: ImageFailure) -> FetchFailure.Category {
        switch failure {
        case .status: return .status
        case .timeout: return .timeout
        case .notAnImage: return .badBody
        case .truncated: return .truncated
        case .blocked: return .refused
        case .network: return .network
        case .unreachable: return .unreachable
        case .tooLarge: return .tooLarge
        case .invalidURL: return .invalidURL
        case .undecodable: return .badBody
        case .occupied: return .status
        case .resources: return .resources
        }
    }

    package static func imageFailure(_ category: FetchFailure.Category) -> ImageFailure {
        switch category {
        case .status: return .status
        case .timeout: return .timeout
        case .badBody: return .notAnImage
        case .truncated: return .truncated
        case .refused: return .blocked
        case .network: return .network
        case .unreachable: return .unreachable
        case .tooLarge: return .tooLarge
        case .invalidURL: return .invalidURL
        case .resources: return .resources
        }
    }

    /// `url` with spaces, non-ASCII and other characters a URL cannot hold
    /// percent-encoded (as UTF-8); existing `%XX` escapes are kept. The
    /// records hold URLs such as `…/web-large/sfrl26.145.260a, b_251176.jpg`.
    package static func requestURL(_ url: String) -> String {
        PercentEncoding.encoded(url, keeping: .url)
    }
}
