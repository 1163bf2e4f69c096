import ETLCore
import FetchEngine

/// `GET` one page of a source's JSON listing: how its answers read. A
/// source states its page's decode and its API's own errors; the rest is
/// the ladder every listing page reads with (``ListingPageKind``).
package struct JSONPageRequest<Body: Sendable>: ListingPageKind {
    package struct Page: Sendable {
        package var url: String

        package init(url: String) { self.url = url }
    }

    /// What a page holds ("photos"), for the reason a broken one is asked again.
    package var noun: String
    /// The page's data; nil when the JSON is not such a page.
    package var decode: @Sendable (JSONValue) -> Body?
    /// The API's own word in an answer that is no page (its JSON, if any):
    /// a verdict, or nil for the ladder's (`HTTP <status>`, a broken body).
    /// Asked for a status no rung of the ladder takes, and for `early` ones.
    package var apiError: @Sendable (HTTPResponse, JSONValue?) -> Verdict<PageAnswer<Body>>?
    /// Statuses the API sends its own errors with, read before the ladder's
    /// rungs: a refusal that is no block; 200, when the body is no page.
    package var early: Set<Int>
    package var tooManyRequests: AnswerLadder<Page, PageAnswer<Body>>.TooManyRequests
    /// Where the records stand and how many a page holds at most; nil: the
    /// body is decoded whole.
    package var records: PageRecords?

    package init(
        noun: String, records: PageRecords? = nil, early: Set<Int> = [],
        tooManyRequests: AnswerLadder<Page, PageAnswer<Body>>.TooManyRequests = .refusal,
        decode: @escaping @Sendable (JSONValue) -> Body?,
        apiError: @escaping @Sendable (HTTPResponse, JSONValue?) -> Verdict<PageAnswer<Body>>?
    ) {
        self.noun = noun
        self.records = records
        self.early = early
        self.tooManyRequests = tooManyRequests
        self.decode = decode
        self.apiError = apiError
    }

    /// A request whose API writes its errors as `errors` says.
    package init(
        noun: String, records: PageRecords? = nil, early: Set<Int> = [],
        tooManyRequests: AnswerLadder<Page, PageAnswer<Body>>.TooManyRequests = .refusal,
        decode: @escaping @Sendable (JSONValue) -> Body?, errors: APIErrorShape
    ) {
        self.init(
            noun: noun, records: records, early: early, tooManyRequests: tooManyRequests, decode: decode, apiError: { errors.verdict($0, $1) })
    }

    /// The body's JSON, its records cut to the count asked, and what
    /// reading them found; or why it is no JSON.
    package func read(_ body: [UInt8]) -> Result<PageScan, PageBodyError> {
        guard let records else {
            guard let json = JSONValue.decode(body) else { return .failure(PageBodyError.of(body)) }
            return .success(PageScan(json: json, notes: PageScan.Notes()))
        }
        return PageScan.read(body, records: records.path, limit: records.limit)
    }


    package func url(for page: Page) -> String { page.url }

    package var ladder: AnswerLadder<Page, PageAnswer<Body>> {
        pageLadder(
            readBody: { response, _ in
                guard case .success(let scan) = read(response.body) else { return nil }
                if let page = decode(scan.json) { return .done(.body(page)) }
                return early.contains(200) ? apiError(response, scan.json) : nil
            },
            // A cut or garbled page is the network's doing: ask again, saying what is wrong with it.
            brokenBody: { response, _ in
                let why: String
                switch read(response.body) {
                case .failure(let error): why = error.description
                case .success: why = "it lacks the fields of one"
                }
                return .retry(FetchFailure(.badBody, reason: "the body is not a page of \(noun): \(why)", status: 200))
            },
            otherStatus: { response, _ in
                apiError(response, JSONValue.decode(response.body)) ?? .done(.failed("HTTP \(response.status)"))
            },
            tooManyRequests: tooManyRequests)
    }

    package func verdict(for response: HTTPResponse, item page: Page) async -> Verdict<PageAnswer<Body>> {
        if response.status != 200, early.contains(response.status), let verdict = apiError(response, JSONValue.decode(response.body)) { return verdict }
        return await ladder.verdict(for: response, item: page)
    }
}
