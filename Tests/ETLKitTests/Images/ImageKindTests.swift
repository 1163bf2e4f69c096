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
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0xFF, 0xD9]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    static let gif87: [UInt8] = Array("GIF87a".utf8) + [UInt8](repeating: 0, count: 10) + [0x3B]
    static let gif89: [UInt8] = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 10) + [0x3B]
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

    private func verdict(_ status: Int, _ type: String?, _ body: [UInt8]) -> ImageClassifier.Verdict {
        ImageClassifier.verdict(for: HTTPResponse(status: status, contentType: type, body: body))
    }

    @Test func verdicts() {
        #expect(verdict(200, "image/jpeg", Self.jpeg) == .image(.jpeg, status: 200))
        #expect(verdict(200, "binary/octet-stream", Self.png) == .image(.png, status: 200))
        #expect(verdict(200, nil, Self.webp) == .image(.webp, status: 200))
        #expect(verdict(200, "image/jpeg", []) == .failed(.notAnImage, reason: "HTTP 200 with an empty body", status: 200))
        guard case .block = verdict(200, "text/html", Self.html) else { Issue.record("HTML 200 is a block"); return }
        guard case .block = verdict(200, "image/jpeg", Self.html) else { Issue.record("HTML bytes are a block"); return }
        guard case .failed(.notAnImage, _, _) = verdict(200, "application/json", Array("{}".utf8)) else {
            Issue.record("JSON is not an image"); return
        }
        guard case .failed(.notAnImage, _, _) = verdict(200, "text/plain", Self.jpeg) else {
            Issue.record("image bytes under a text type are refused"); return
        }
        guard case .retry(.truncated, _, _, _) = verdict(200, "image/jpeg", Array(Self.jpeg.dropLast(2))) else {
            Issue.record("a JPEG without its end is retried as truncated"); return
        }
        guard case .block = verdict(403, "text/html", Self.html), case .block = verdict(429, nil, []) else {
            Issue.record("403 and 429 are blocks"); return
        }
        #expect(verdict(404, "text/plain", Array("Not Found".utf8)) == .failed(.status, reason: "HTTP 404", status: 404))
        #expect(verdict(410, nil, []) == .failed(.status, reason: "HTTP 410", status: 410))
        #expect(verdict(503, nil, []) == .retry(.status, reason: "HTTP 503", status: 503, retryAfter: nil))
    }

    @Test func errorVerdicts() {
        let url = "http://x/1.jpg"
        guard case .retry(.timeout, _, _, _) = ImageClassifier.verdict(for: .timedOut(url: url, seconds: 1)),
              case .retry(.truncated, _, _, _) = ImageClassifier.verdict(for: .truncatedBody(url: url, reason: "")),
              case .retry(.network, _, _, _) = ImageClassifier.verdict(for: .connectionReset(url: url, reason: "")),
              case .unreachable = ImageClassifier.verdict(for: .cannotConnect(url: url, reason: "")),
              case .failed(.tooLarge, _, _) = ImageClassifier.verdict(for: .bodyTooLarge(url: url, limit: 1)),
              case .failed(.invalidURL, _, _) = ImageClassifier.verdict(for: .invalidURL(url))
        else {
            Issue.record("transport errors map to the wrong verdicts")
            return
        }
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
