import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource
import FetchEngine

@Suite("Image signatures and verdicts")
struct ImageKindTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x08] + Array("JFIF".utf8) + [0x00, 0x01, 0xFF, 0xD9]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    static let gif87: [UInt8] = Array("GIF87a".utf8) + [UInt8](repeating: 0, count: 7) + [0x3B]
    static let gif89: [UInt8] = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 7) + [0x3B]
    static let webp: [UInt8] = Array("RIFF".utf8) + [12, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [0, 0, 0, 0]
    static let html = Array(#"<html style="height:100%"><head><META NAME="ROBOTS"></head></html>"#.utf8)

    @Test("signatures", arguments: [
        (jpeg, ImageKind.jpeg), (png, .png), (gif87, .gif), (gif89, .gif), (webp, .webp),
    ])
    func sniffing(bytes: [UInt8], kind: ImageKind) {
        #expect(ImageKind(sniffing: bytes) == kind)
        #expect(kind.isComplete(bytes))
        #expect(!kind.isComplete(Array(bytes.prefix(bytes.count / 2))), "half a \(kind) is not whole")
    }

    @Test("not images", arguments: [
        [], html, Array("GIF88a".utf8), Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), [0xFF, 0xD8], [0x89, 0x50, 0x4E, 0x47],
        Array(#"{"message":"Not Found"}"#.utf8), Array("Not Found".utf8),
    ] as [[UInt8]])
    func notImages(bytes: [UInt8]) {
        #expect(ImageKind(sniffing: bytes) == nil)
    }

    @Test func extensions() {
        #expect(ImageKind.allCases.map(\.fileExtension) == ["jpg", "png", "webp", "gif"])
        #expect(ImageFile.name(objectID: 436_535, kind: .jpeg) == "436535.jpg")
    }

    @Test func htmlDetection() {
        #expect(ImageKind.looksLikeHTML(Self.html))
        #expect(ImageKind.looksLikeHTML(Array("\u{FEFF}\n  <!DOCTYPE html><html>".utf8)))
        #expect(!ImageKind.looksLikeHTML(Self.jpeg))
        #expect(!ImageKind.looksLikeHTML(Array("<not html".utf8)))
    }

    private func body(_ type: String?, _ body: [UInt8]) -> ImageClassifier.Body? {
        ImageClassifier.body(of: HTTPResponse(status: 200, contentType: type, body: body))
    }

    /// The picture kind's reading of an answer through the engine's ladder.
    private func verdict(_ response: HTTPResponse) async -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verdicts-\(UUID())").path
        let directory = ImageDirectory(path: folder)
        let request = ImageRequest(directory: directory, maker: PictureMaker(directory: directory, settings: .init()))
        return Self.words(await request.ladder.verdict(for: response, item: .init(objectID: 1, url: "http://x/1.jpg", previousFile: nil)))
    }

    private func verdict(_ error: HTTPError) -> String {
        let directory = ImageDirectory(path: "/nonexistent")
        let request = ImageRequest(directory: directory, maker: PictureMaker(directory: directory, settings: .init()))
        return Self.words(request.ladder.verdict(for: error, item: .init(objectID: 1, url: "http://x/1.jpg", previousFile: nil)))
    }

    private static func words(_ verdict: FetchEngine.Verdict<ImageResult>) -> String {
        switch verdict {
        case .done(let result):
            guard case .failed(let failure, let reason) = result.outcome else { return "done \(result.outcome)" }
            return "failed \(failure.rawValue) \(result.httpStatus.map(String.init) ?? "-"): \(reason)"
        case .retry(let failure, let retryAfter):
            return "retry \(failure.category) \(failure.status.map(String.init) ?? "-") \(retryAfter.map { "\($0)" } ?? "-")"
        case .refused(let failure, let isFinalIfNoise):
            return "refused \(failure.status.map(String.init) ?? "-") final-if-noise \(isFinalIfNoise)"
        case .fatal(let error):
            return "fatal \(error)"
        case .abandoned:
            return "abandoned"
        }
    }

    @Test func bodies() {
        #expect(body("image/jpeg", Self.jpeg) == .image(.jpeg))
        #expect(body("binary/octet-stream", Self.png) == .image(.png))
        #expect(body(nil, Self.webp) == .image(.webp))
        #expect(body("image/jpeg", []) == .failed(.notAnImage, reason: "HTTP 200 with an empty body"))
        #expect(body("text/html", Self.html) == nil, "an HTML page is for the ladder (a possible block)")
        #expect(body("image/jpeg", Self.html) == nil)
        #expect(body("application/json", Array("{}".utf8)) == nil, "no picture at all: a broken body")
        #expect(body("text/plain", Self.jpeg) == .failed(.notAnImage, reason: "HTTP 200 with jpeg bytes sent as text/plain"))
        #expect(body("image/jpeg", Array(Self.jpeg.dropLast(2))) == .retry(.truncated, reason: "HTTP 200 with an incomplete jpeg (\(Self.jpeg.count - 2) bytes)"))
    }

    @Test func verdicts() async {
        func response(_ status: Int, _ type: String?, _ body: [UInt8], retryAfter: Double? = nil) -> HTTPResponse {
            HTTPResponse(status: status, contentType: type, retryAfter: retryAfter, body: body)
        }
        #expect(await verdict(response(200, "text/html", Self.html)) == "refused 200 final-if-noise true")
        #expect(await verdict(response(200, "image/jpeg", Self.html)) == "refused 200 final-if-noise true")
        #expect(await verdict(response(200, "application/json", Array("{}".utf8))).hasPrefix(
            "failed not_an_image 200: HTTP 200 with a body that is not JPEG, PNG, WebP or GIF"))
        #expect(await verdict(response(200, "image/jpeg", [])) == "failed not_an_image 200: HTTP 200 with an empty body")
        #expect(await verdict(response(403, "text/html", Self.html)) == "refused 403 final-if-noise false")
        #expect(await verdict(response(429, nil, [])) == "refused 429 final-if-noise false")
        #expect(await verdict(response(404, "text/plain", Array("Not Found".utf8))) == "failed status 404: HTTP 404")
        #expect(await verdict(response(410, nil, [])) == "failed status 410: HTTP 410")
        #expect(await verdict(response(503, nil, [])) == "retry status 503 -")
        #expect(await verdict(response(502, nil, [], retryAfter: 12.5)) == "retry status 502 12.5")
    }

    @Test func errorVerdicts() {
        let url = "http://x/1.jpg"
        #expect(verdict(.timedOut(url: url, seconds: 1)) == "retry timeout - -")
        #expect(verdict(.truncatedBody(url: url, reason: "")) == "retry truncated - -")
        #expect(verdict(.connectionReset(url: url, reason: "")) == "retry network - -")
        #expect(verdict(.cannotConnect(url: url, reason: "")) == "retry unreachable - -")
        #expect(verdict(.bodyTooLarge(url: url, limit: 1)).hasPrefix("failed too_large -: "))
        #expect(verdict(.invalidURL(url)).hasPrefix("failed invalid_url -: "))
    }

    @Test("request URLs percent-encode what a URL cannot hold")
    func requestURLs() {
        let base = "https://images.metmuseum.org/CRDImages/aa/web-large/"
        #expect(ImageRequest.requestURL(base + "DT1502.jpg") == base + "DT1502.jpg")
        #expect(ImageRequest.requestURL(base + "sfrl26.145.260a, b_251176.jpg") == base + "sfrl26.145.260a,%20b_251176.jpg")
        #expect(ImageRequest.requestURL(base + "sfrl26.145.256a–d_64530.jpg") == base + "sfrl26.145.256a%E2%80%93d_64530.jpg")
        #expect(ImageRequest.requestURL(base + "a%20b.jpg") == base + "a%20b.jpg")
    }

    @Test("only picture and temporary names are the folder's to delete")
    func folderNames() {
        #expect(ImageDirectory.isPictureName("436535.jpg"))
        #expect(ImageDirectory.isPictureName("1.webp"))
        #expect(!ImageDirectory.isPictureName("436535.jpeg"))
        #expect(!ImageDirectory.isPictureName("notes.jpg"))
        #expect(!ImageDirectory.isPictureName("12.jpg.bak"))
        #expect(ImageDirectory.isTemporaryName(".436535.jpg.tmp-4242"))
        #expect(!ImageDirectory.isTemporaryName(".436535.jpg.tmp-"))
        #expect(!ImageDirectory.isTemporaryName(".profile"))
        #expect(!ImageDirectory.isTemporaryName("436535.jpg.tmp-1"))
    }
}
