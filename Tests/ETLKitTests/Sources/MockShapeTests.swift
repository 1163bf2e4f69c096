import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Flickr and TMDB mocks answer in the real APIs' shapes, including the
/// awkward parts a client must survive: Flickr's errors with HTTP 200, its
/// 4,000-result cap, TMDB's 401/429 bodies and its list shifting under a
/// client paging through it.
@Suite("Source mocks answer like the real APIs", .serialized)
struct MockShapeTests {
    struct Answer {
        let status: Int
        let json: MockJSON
        let response: HTTPURLResponse
        let body: Data
    }

    static func get(_ url: String, headers: [String: String] = [:]) async throws -> Answer {
        var request = URLRequest(url: URL(string: url)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (body, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        let json = MockJSON.decode(body) ?? .null
        return Answer(status: http.statusCode, json: json, response: http, body: body)
    }

    static func search(_ mock: SourceMockServer, _ parameters: String, key: String = "test-flickr-key") -> String {
        "\(mock.api)/services/rest/?method=flickr.photos.search&api_key=\(key)&text=lighthouse"
            + "&format=json&nojsoncallback=1&\(parameters)"
    }

    static func ids(_ answer: Answer) -> [String] {
        (answer.json["photos"]?["photo"]?.array ?? []).compactMap { $0["id"]?.string }
    }

    /// The kept-photo rule written out here, independently of the mock's.
    static func isComplete(_ photo: MockJSON) -> Bool {
        guard let id = photo["id"]?.string, !id.isEmpty, photo["farm"]?.int != nil,
              photo["ispublic"]?.int == 1 else { return false }
        return ["server", "secret"].allSatisfy { !(photo[$0]?.string ?? "").isEmpty }
    }

    static func stopsCleanly(_ mock: SourceMockServer) {
        mock.stop()
        // An exit of its own with status 0: SIGTERM worked, not the SIGKILL fallback
        // (which would end it by a signal).
        #expect(mock.process.terminationReason == .exit && mock.process.terminationStatus == 0)
    }

    @Test("Flickr: a page of 500 with the extras asked for, newest first, and a JPEG at url_m")
    func flickrPage() async throws {
        let mock = try SourceMockServer.flickr()
        let extras = "extras=license,date_upload,date_taken,owner_name,url_m"
        let page = try await Self.get(Self.search(mock, "per_page=500&\(extras)"))
        #expect(page.status == 200)
        #expect(page.json["stat"] == .string("ok"))
        let photos = try #require(page.json["photos"])
        #expect(photos["page"] == .integer(1) && photos["perpage"] == .integer(500))
        #expect(photos["total"] == .integer(9000) && photos["pages"] == .integer(18))
        let list = try #require(photos["photo"]?.array)
        #expect(list.count == 500)
        let complete = try #require(list.first(where: Self.isComplete))
        #expect(complete.keys == [
            "id", "owner", "secret", "server", "farm", "title", "ispublic", "isfriend", "isfamily", "license",
            "dateupload", "datetaken", "datetakengranularity", "datetakenunknown", "ownername", "url_m", "height_m", "width_m",
        ])
        let uploads = list.compactMap { $0["dateupload"]?.string.flatMap(Int.init) }
        #expect(uploads.count == 500 && uploads == uploads.sorted(by: >), "dateupload is a string of digits, newest first")
        let image = try await Self.get(try #require(complete["url_m"]?.string))
        #expect(image.status == 200 && image.response.value(forHTTPHeaderField: "Content-Type") == "image/jpeg")
        #expect(Array(image.body.prefix(3)) == [0xFF, 0xD8, 0xFF])

        try await mock.configure(["total_as_string": true])
        let asString = try await Self.get(Self.search(mock, "per_page=500"))
        #expect(asString.json["photos"]?["total"] == .string("9000"))
        Self.stopsCleanly(mock)
    }

    @Test("Flickr: a bad key is HTTP 200 with stat fail and code 100")
    func flickrBadKey() async throws {
        let mock = try SourceMockServer.flickr()
        let answer = try await Self.get(Self.search(mock, "per_page=10", key: "not-the-key"))
        #expect(answer.status == 200)
        #expect(answer.json == .object([
            "stat": .string("fail"), "code": .integer(100), "message": .string("Invalid API Key (Key has invalid format)"),
        ]))
        let noText = try await Self.get("\(mock.api)/services/rest/?method=flickr.photos.search&api_key=test-flickr-key&format=json&nojsoncallback=1")
        #expect(noText.status == 200 && noText.json["code"] == .integer(3))
        let stats = try await mock.stats()
        #expect(stats["keys_seen_bad"] == .integer(1))
        #expect(stats["fail_codes"] == .object(["100": .integer(1), "3": .integer(1)]))
    }

    @Test("Flickr: past 4,000 results, page 9 of 500 repeats page 1 while total still says 9000")
    func flickrCap() async throws {
        let mock = try SourceMockServer.flickr()
        var pages: [[String]] = []
        for number in 1...9 {
            let answer = try await Self.get(Self.search(mock, "per_page=500&page=\(number)"))
            #expect(answer.json["photos"]?["total"] == .integer(9000) && answer.json["photos"]?["pages"] == .integer(18))
            #expect(answer.json["photos"]?["page"] == .integer(Int64(number)))
            pages.append(Self.ids(answer))
        }
        #expect(pages.allSatisfy { $0.count == 500 })
        // Compared as counts and flags, so a failure does not print 4,000 IDs.
        let unseen = Set(pages[8]).subtracting(pages[0..<8].joined())
        let repeatsPageOne = pages[8] == pages[0]
        #expect(unseen.isEmpty && repeatsPageOne)
        let stats = try await mock.stats()
        #expect(stats["max_page_start"] == .integer(4000) && stats["capped_pages"] == .integer(1))
        #expect(stats["search_requests"] == .integer(9))
    }

    @Test("Flickr: a date window is inclusive, and /__expected names exactly the complete photos in it")
    func flickrExpected() async throws {
        let mock = try SourceMockServer.flickr()
        let window = "min_upload_date=1577836800&max_upload_date=1609459199"  // the year 2020, UTC
        var photos: [MockJSON] = []
        for number in 1...3 {
            let answer = try await Self.get(Self.search(mock, "\(window)&per_page=500&page=\(number)&extras=date_upload"))
            photos += answer.json["photos"]?["photo"]?.array ?? []
        }
        let uploads = photos.compactMap { $0["dateupload"]?.string.flatMap(Int.init) }
        #expect(uploads.count == photos.count && uploads.allSatisfy { (1_577_836_800...1_609_459_199).contains($0) })
        let kept = Set(photos.filter(Self.isComplete).compactMap { $0["id"]?.string })
        let expected = try await mock.expected(query: window)
        #expect(expected["total"]?.int == photos.count && photos.count > 500 && photos.count < 1000)
        let differing = Set((expected["complete_ids"]?.array ?? []).compactMap(\.string)).symmetricDifference(kept)
        #expect(differing.isEmpty && !kept.isEmpty)
        #expect(kept.count < photos.count, "some photos in the window are incomplete")

        let second = try #require(uploads.first)
        let exact = try await Self.get(Self.search(mock, "min_upload_date=\(second)&max_upload_date=\(second)&extras=date_upload"))
        let seconds = (exact.json["photos"]?["photo"]?.array ?? []).compactMap { $0["dateupload"]?.string }
        #expect(!seconds.isEmpty && seconds.allSatisfy { $0 == String(second) })
    }

    static func nowPlaying(_ mock: SourceMockServer, page: Int, key: String = "test-tmdb-key") -> String {
        "\(mock.api)/3/movie/now_playing?api_key=\(key)&page=\(page)&language=en-US&region=US"
    }

    @Test("TMDB: a page holds 20 results; api_key and Bearer both work; past the end is empty; page 0 is 400")
    func tmdbPage() async throws {
        let mock = try SourceMockServer.tmdb()
        let first = try await Self.get(Self.nowPlaying(mock, page: 1))
        #expect(first.status == 200)
        #expect(first.json.keys == ["dates", "page", "results", "total_pages", "total_results"])
        #expect(first.json["dates"]?.keys == ["maximum", "minimum"])
        #expect(first.json["page"] == .integer(1) && first.json["total_pages"] == .integer(40))
        #expect(first.json["total_results"] == .integer(800) && first.json["results"]?.array?.count == 20)
        let bearer = try await Self.get("\(mock.api)/movie/now_playing?page=2", headers: ["Authorization": "Bearer test-tmdb-token"])
        #expect(bearer.status == 200 && bearer.json["results"]?.array?.count == 20)
        let past = try await Self.get(Self.nowPlaying(mock, page: 41))
        #expect(past.status == 200 && past.json["results"] == .array([]))
        let zero = try await Self.get(Self.nowPlaying(mock, page: 0))
        #expect(zero.status == 400 && zero.json["status_code"] == .integer(22))
        let poster = try #require(first.json["results"]?.array?.compactMap { $0["poster_path"]?.string }.first)
        let image = try await Self.get("\(mock.api)/t/p/w500\(poster)")
        #expect(image.status == 200 && Array(image.body.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let stats = try await mock.stats()
        #expect(stats["auth"] == .object(["api_key": .integer(3), "bearer": .integer(1), "bad": .integer(0)]))
        Self.stopsCleanly(mock)
    }

    @Test("TMDB: a bad or missing key is 401 with status_code 7")
    func tmdbBadKey() async throws {
        let mock = try SourceMockServer.tmdb()
        let unauthorized = MockJSON.object([
            "status_code": .integer(7), "status_message": .string("Invalid API key: You must be granted a valid key."),
            "success": .bool(false),
        ])
        let wrongKey = try await Self.get(Self.nowPlaying(mock, page: 1, key: "wrong"))
        let noKey = try await Self.get("\(mock.api)/3/movie/now_playing?page=1")
        let wrongToken = try await Self.get("\(mock.api)/3/movie/now_playing", headers: ["Authorization": "Bearer wrong"])
        for answer in [wrongKey, noKey, wrongToken] {
            #expect(answer.status == 401 && answer.json == unauthorized)
        }
        #expect(try await mock.stats()["auth"]?["bad"] == .integer(3))
    }

    @Test("TMDB: over the limit, 429 with Retry-After and status_code 25, answered at once")
    func tmdbRateLimit() async throws {
        let mock = try SourceMockServer.tmdb(["--limit", "3", "--window", "60", "--retry-after", "60"])
        for page in 1...3 {
            #expect(try await Self.get(Self.nowPlaying(mock, page: page)).status == 200)
        }
        let limited = try await Self.get(Self.nowPlaying(mock, page: 4))
        #expect(limited.status == 429 && limited.response.value(forHTTPHeaderField: "Retry-After") == "60")
        #expect(limited.json["status_code"] == .integer(25) && limited.json["success"] == .bool(false))
        #expect(limited.json["status_message"] == .string("Your request count (#) is over the allowed limit of (3)."))
        #expect(try await mock.stats()["rate_limited"] == .integer(1))
        // Answered at once, not held until the 60-s window passed: the window
        // is still full for the next request, and the mock counts that retry,
        // inside its 60-s Retry-After, as early.
        let next = try await Self.get(Self.nowPlaying(mock, page: 4))
        #expect(next.status == 429)
        let stats = try await mock.stats()
        #expect(stats["rate_limited"] == .integer(2) && stats["early_retries"] == .integer(1))
    }

    @Test("TMDB: with a movie inserted every 5 pages, reading 40 pages in order sees 7 twice and misses 15")
    func tmdbShift() async throws {
        let (movies, pages, every, perPage) = (800, 40, 5, 20)
        let mock = try SourceMockServer.tmdb(["--movies", "\(movies)", "--shift-every", "\(every)"])
        var read: [String] = []
        var firsts: [Int: String] = [:]
        var lasts: [Int: String] = [:]
        for page in 1...pages {
            let answer = try await Self.get(Self.nowPlaying(mock, page: page))
            let ids = (answer.json["results"]?.array ?? []).compactMap { movie in
                movie["id"]?.int.map(String.init) ?? movie["id"]?.string
            }
            firsts[page] = ids.first
            lasts[page] = ids.last
            read += ids
        }
        let expected = try await mock.expected()
        let all = (expected["all_ids"]?.array ?? []).compactMap { $0.int.map(String.init) ?? $0.string }
        // The model, written out here: a movie inserted after every `every`-th
        // page pushes the list down one, so the next page opens with the last
        // movie of the page before (seen twice); the shift after the last page
        // read reaches no page. Whatever was not read is missed.
        let shifts = pages / every
        let repeatedAt = Array(stride(from: every + 1, through: pages, by: every))
        #expect(expected["inserted"]?.int == shifts && all.count == movies + shifts)
        #expect(read.count == pages * perPage)
        #expect(repeatedAt.allSatisfy { firsts[$0] != nil && firsts[$0] == lasts[$0 - 1] })
        #expect(Set(read).count == read.count - repeatedAt.count)
        // Each shift brings a movie no page showed, and each repeat took the place of one.
        #expect(Set(read).isSubset(of: all))
        #expect(Set(all).subtracting(read).count == shifts + repeatedAt.count)
        #expect((expected["pages_with_incomplete"]?.int ?? 0) >= 30, "incomplete movies are spread over the pages")
    }

    @Test("TMDB: day 2 drops 80 movies and brings 80 new ones")
    func tmdbNextDay() async throws {
        let mock = try SourceMockServer.tmdb()
        let ids = { (json: MockJSON) in Set((json["all_ids"]?.array ?? []).compactMap { $0.int.map(String.init) ?? $0.string }) }
        let day1 = ids(try await mock.expected())
        try await mock.configure(["day": 2])
        let day2 = ids(try await mock.expected())
        #expect(day1.count == 800 && day2.count == 800)
        #expect(day1.subtracting(day2).count == 80 && day2.subtracting(day1).count == 80)
        let page = try await Self.get(Self.nowPlaying(mock, page: 1))
        #expect(page.json["dates"]?["maximum"] == .string("2026-11-21"))
    }
}
