import FetchEngine
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

/// How Flickr's and TMDB's answers read, one shape at a time, and the
/// items' rules on hand-written records.
@Suite("Flickr and TMDB answers")
struct SourceAnswerTests {
    static func response(_ status: Int, _ body: String, type: String = "application/json", retryAfter: Double? = nil) -> HTTPResponse {
        HTTPResponse(status: status, contentType: type, retryAfter: retryAfter, body: Array(body.utf8))
    }

    static func flickr(_ response: HTTPResponse) async -> FetchEngine.Verdict<PageAnswer<JSONRecordsPage>> {
        await FlickrLister.request.verdict(for: response, item: .init(url: "http://x/?page=1"))
    }

    static func tmdb(_ response: HTTPResponse) async -> FetchEngine.Verdict<PageAnswer<JSONRecordsPage>> {
        await TMDBLister.request.verdict(for: response, item: .init(url: "http://x/movie/now_playing?page=1"))
    }

    @Test("Flickr: total as a number or a string; stat fail codes 100, 10, 105 and others")
    func flickrAnswers() async {
        for total in ["9000", "\"9000\""] {
            let body = "{\"photos\":{\"page\":1,\"pages\":18,\"perpage\":500,\"total\":\(total),\"photo\":[]},\"stat\":\"ok\"}"
            guard case .done(.body(let page)) = await Self.flickr(Self.response(200, body)) else {
                Issue.record("total \(total) not read")
                continue
            }
            #expect(page.total == 9_000 && page.records.isEmpty)
        }
        let invalid = await Self.flickr(Self.response(200, "{\"stat\":\"fail\",\"code\":100,\"message\":\"Invalid API Key (Key has invalid format)\"}"))
        guard case .fatal(let error as SourceAPIError) = invalid else { Issue.record("code 100 is not fatal"); return }
        #expect(error.description == "Flickr refused the API key (error 100: Invalid API Key (Key has invalid format)); check FLICKR_API_KEY")
        for code in [10, 105] {
            guard case .retry(let failure, _) = await Self.flickr(Self.response(200, "{\"stat\":\"fail\",\"code\":\(code),\"message\":\"x\"}")) else {
                Issue.record("code \(code) is not retried")
                continue
            }
            #expect(failure.reason == "Flickr error \(code): x")
        }
        let unknown = await Self.flickr(Self.response(200, "{\"stat\":\"fail\",\"code\":112,\"message\":\"Method \\\"x\\\" not found\\u001b[2J\"}"))
        guard case .fatal(let other as SourceAPIError) = unknown else { Issue.record("code 112 is not fatal"); return }
        #expect(other.description == "Flickr answered error 112: Method \"x\" not found\\u{1B}[2J")
        guard case .refused(_, isFinalIfNoise: false) = await Self.flickr(Self.response(200, "<html>down</html>", type: "text/html")) else {
            Issue.record("an HTML page is not a refusal")
            return
        }
        guard case .retry = await Self.flickr(Self.response(200, "{\"photos\":")) else { Issue.record("a cut page is not retried"); return }
    }

    @Test("TMDB: 401 fatal, 429 waits its Retry-After, 404 and 400 clear errors, a cut page retried")
    func tmdbAnswers() async {
        let unauthorized = await Self.tmdb(Self.response(401, "{\"status_code\":7,\"status_message\":\"Invalid API key: You must be granted a valid key.\",\"success\":false}"))
        guard case .fatal(let error as SourceAPIError) = unauthorized else { Issue.record("401 is not fatal"); return }
        #expect(error.description == "TMDB refused the credential (error 7: Invalid API key: You must be granted a valid key.); check TMDB_READ_TOKEN or TMDB_API_KEY")
        let limited = await Self.tmdb(Self.response(429, "{\"success\":false,\"status_code\":25,\"status_message\":\"Your request count (41) is over the allowed limit of (40).\"}", retryAfter: 3))
        guard case .retry(_, let retryAfter) = limited else { Issue.record("429 is not retried"); return }
        #expect(retryAfter == 3)
        let missing = await Self.tmdb(Self.response(404, "{\"success\":false,\"status_code\":34,\"status_message\":\"The resource you requested could not be found.\"}"))
        guard case .fatal(let notFound as SourceAPIError) = missing else { Issue.record("404 is not fatal"); return }
        #expect(notFound.description == "TMDB answered HTTP 404, error 34: The resource you requested could not be found.")
        guard case .retry = await Self.tmdb(Self.response(200, "{\"page\":1,\"results\":[")) else { Issue.record("a cut page is not retried"); return }
        guard case .refused = await Self.tmdb(Self.response(403, "<html>blocked</html>", type: "text/html")) else {
            Issue.record("a 403 page is not a refusal")
            return
        }
    }

    @Test("the rules: types kept apart (1 is not true, \"66\" is not 66), blanks are missing")
    func rules() throws {
        func json(_ text: String) throws -> JSONValue { try #require(JSONValue.decode(Array(text.utf8))) }
        let photo = try json("{\"id\":\"123\",\"farm\":66,\"server\":\"65535\",\"secret\":\"abc\",\"ispublic\":1,\"owner\":\"1@N00\",\"title\":\"\"}")
        let item = try #require(FlickrPhoto.item(from: photo, query: FlickrQuery()))
        #expect(item.reasons.isEmpty && item.imageURL == "https://live.staticflickr.com/65535/123_abc_m.jpg")
        #expect(item.pageURL == "https://www.flickr.com/photos/1@N00/123")
        // The owner is one path segment: it cannot climb out of /photos/ or cut the link with a fragment.
        for (owner, shown) in [("../../signin", "..%2F..%2Fsignin"), ("a b#frag?x=1\"><x", "a%20b%23frag%3Fx=1%22%3E%3Cx")] {
            let climbing = try json("{\"id\":\"125\",\"farm\":1,\"server\":\"1\",\"secret\":\"s\",\"ispublic\":1,\"owner\":\(JSONValue.string(owner).encoded)}")
            #expect(FlickrPhoto.item(from: climbing, query: FlickrQuery())?.pageURL == "https://www.flickr.com/photos/\(shown)/125")
        }
        let odd = try json("{\"id\":\"124\",\"farm\":\"66\",\"server\":\" \",\"secret\":\"abc\",\"ispublic\":true}")
        #expect(FlickrPhoto.item(from: odd, query: FlickrQuery())?.reasons == [FlickrReason.missingFarm, .missingServer, .notPublic].map(\.reason))
        #expect(FlickrPhoto.item(from: try json("{\"id\":\"\",\"farm\":1}"), query: FlickrQuery()) == nil)
        #expect(FlickrPhoto.item(from: try json("{\"id\":\"12a\"}"), query: FlickrQuery()) == nil)

        let movie = try json("{\"id\":7,\"title\":\"A\",\"overview\":\"B\",\"poster_path\":\"/p.jpg\",\"release_date\":\"2026-11-20\",\"vote_average\":7}")
        let film = try #require(TMDBMovie.item(from: movie, rank: 3, query: TMDBQuery()))
        #expect(film.reasons.isEmpty && film.imageURL == "https://image.tmdb.org/t/p/w500/p.jpg" && film.year == 2026)
        let incomplete = try json("{\"id\":8,\"title\":\" \",\"overview\":\"B\",\"poster_path\":null,\"release_date\":\"\",\"vote_average\":\"7\"}")
        #expect(TMDBMovie.item(from: incomplete, rank: 1, query: TMDBQuery())?.reasons == [.missingTitle] + [TMDBReason.missingPosterPath, .missingReleaseDate, .missingVoteAverage].map(\.reason))
        #expect(TMDBMovie.item(from: try json("{\"id\":\"9\",\"title\":\"A\"}"), rank: 1, query: TMDBQuery())?.reasons.first == .invalidID)
        #expect(TMDBMovie.item(from: try json("{\"id\":true}"), rank: 1, query: TMDBQuery()) == nil)
    }
}
