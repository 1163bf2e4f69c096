import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `scripts/mocks/mock_aic.py` answers in the shapes of api.artic.edu: the
/// pagination object and `config.iiif_url`, only the fields asked for,
/// null for empty values, the depth limit and its error, the throttle.
@Suite("AIC mock answers like the real API", .serialized)
struct AICMockShapeTests {
    static func search(_ mock: SourceMockServer, _ parameters: String) -> String {
        "\(mock.api)/api/v1/artworks/search?\(parameters)"
    }

    @Test("a page: pagination, data with only the fields asked for (null where empty), config.iiif_url with a picture behind it")
    func page() async throws {
        let mock = try SourceMockServer(script: "mock_aic.py", options: ["--artworks", "300", "--seed", "2"])
        let answer = try await MockShapeTests.get(Self.search(mock, "query%5Brange%5D%5Bid%5D%5Bgte%5D=11&sort=id&limit=100&page=1&fields=id,title,image_id,thumbnail,place_of_origin"))
        #expect(answer.status == 200)
        let pagination = try #require(answer.json["pagination"])
        #expect(pagination["limit"]?.int == 100 && pagination["current_page"]?.int == 1 && pagination["offset"]?.int == 0)
        let data = try #require(answer.json["data"]?.array)
        #expect(pagination["total"]?.int == 300 - 5 && data.count == 100)
        let ids = data.compactMap { $0["id"]?.int ?? $0["id"]?.string.flatMap { Int($0) } }
        #expect(ids.first.map { $0 >= 11 } == true && ids == ids.sorted())
        for artwork in data { #expect(artwork.keys == ["id", "title", "image_id", "thumbnail", "place_of_origin"]) }
        #expect(data.contains { $0["place_of_origin"] == .null }, "empty values are null, never absent or \"\"")
        #expect(!data.contains { $0["place_of_origin"] == .string("") })
        let iiif = try #require(answer.json["config"]?["iiif_url"]?.string)
        let imageID = try #require(data.compactMap { $0["image_id"]?.string }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        let picture = try await MockShapeTests.get("\(iiif)/\(imageID)/full/843,/0/default.jpg")
        // A landscape its path paints (scripts/mocks/mock_pictures.py), as PNG.
        #expect(picture.status == 200 && picture.response.value(forHTTPHeaderField: "Content-Type") == "image/png")
        let expected = try await mock.expected()
        #expect(expected["total"]?.int == 300 && (expected["kept"]?.int ?? 0) < (expected["complete"]?.int ?? 0))
        MockShapeTests.stopsCleanly(mock)
    }

    @Test("page x limit past 10,000 and a limit over 100: HTTP 403 with a JSON error; a throttle's 429 with and without Retry-After; an HTML 5xx page")
    func refusals() async throws {
        let mock = try SourceMockServer(script: "mock_aic.py", options: ["--artworks", "200"])
        #expect(try await MockShapeTests.get(Self.search(mock, "limit=100&page=100")).status == 200)
        let deep = try await MockShapeTests.get(Self.search(mock, "limit=100&page=101"))
        #expect(deep.status == 403 && deep.json["error"] == .string("Invalid number of results"))
        let wide = try await MockShapeTests.get(Self.search(mock, "limit=101"))
        #expect(wide.status == 403 && wide.json["error"] == .string("Invalid limit"))
        #expect(try await mock.stats()["depth_errors"]?.int == 1)

        try await mock.configure(["rate_429": 1.0, "retry_after": 7])
        let throttled = try await MockShapeTests.get(Self.search(mock, "limit=10"))
        #expect(throttled.status == 429 && throttled.response.value(forHTTPHeaderField: "Retry-After") == "7")
        #expect(throttled.json["message"] == .string("Too Many Attempts."))
        try await mock.configure(["rate_429": 0.0, "rate_429_bare": 1.0])
        let bare = try await MockShapeTests.get(Self.search(mock, "limit=10"))
        #expect(bare.status == 429 && bare.response.value(forHTTPHeaderField: "Retry-After") == nil)
        try await mock.configure(["rate_429_bare": 0.0, "fail_5xx": 1.0])
        let broken = try await MockShapeTests.get(Self.search(mock, "limit=10"))
        #expect([500, 502, 503].contains(broken.status))
        #expect(broken.response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/html") == true)
        try await mock.configure(["fail_5xx": 0.0, "limit": 2, "window": 60])
        let statuses = try await [1, 2, 3].asyncMap { _ in try await MockShapeTests.get(Self.search(mock, "limit=1")).status }
        #expect(statuses == [200, 200, 429])
        MockShapeTests.stopsCleanly(mock)
    }
}

extension Array {
    /// The elements mapped one after another.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
