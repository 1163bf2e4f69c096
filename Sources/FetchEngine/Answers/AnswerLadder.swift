/// The one reading of an answer that every kind of request shares, rung by
/// rung; a kind states only what differs:
///
/// 1. **200**: the kind reads the body (``readBody``): its data, or an error
///    its API sends with status 200. A body it does not recognise is a
///    refusal when it is an HTML page (``isPage``: a front end's block page,
///    weak evidence), else a broken body (``brokenBody``).
/// 2. **429 with a JSON body**, for an API that says so
///    (``TooManyRequests/rateLimitIfJSON(defaultRetryAfter:reason:)``): the
///    API's own request limit, retried after its `Retry-After`, not judged
///    as a block.
/// 3. **403, 429**: a refusal (strong evidence; see ``RefusalJudge``).
/// 4. **408, 5xx**: retried, after `Retry-After` when the server sent one.
/// 5. **Any other status**: final for the item (``otherStatus``), or for the run.
///
/// A request with no complete answer is retried when it may succeed again,
/// else the item fails for good (``failed``); no connection at all is
/// retried too (the engine then gives the item up as unreachable) unless
/// the kind stops the run (``unreachable``).
public struct AnswerLadder<Item: Sendable, Output: Sendable>: Sendable {
    /// What a 429 is.
    public enum TooManyRequests: Sendable {
        /// A refusal, like a 403.
        case refusal
        /// With a JSON body, the API's own request limit: retried after its
        /// `Retry-After`, or `defaultRetryAfter` seconds when it sent none;
        /// `reason` says what the body says. Without one, a refusal.
        case rateLimitIfJSON(defaultRetryAfter: Double, reason: @Sendable (HTTPResponse) -> String)
    }

    /// Reads a 200: a verdict for a body the kind recognises, nil for one it does not.
    public var readBody: @Sendable (HTTPResponse, Item) async -> Verdict<Output>?
    /// What a 200 with a body the kind did not recognise, and no HTML page, becomes.
    public var brokenBody: @Sendable (HTTPResponse, Item) -> Verdict<Output>
    /// What a status no rung takes (404, 400, 401, …) becomes.
    public var otherStatus: @Sendable (HTTPResponse, Item) -> Verdict<Output>
    /// What an item that failed for good becomes (the kind's
    /// ``FetchKind/output(for:failure:attempts:)``).
    public var failed: @Sendable (Item, FetchFailure) -> Output
    public var tooManyRequests: TooManyRequests
    /// Whether an unrecognised 200 is a page rather than a broken body.
    public var isPage: @Sendable (HTTPResponse) -> Bool
    /// What was expected instead of a page ("JSON", "an image"), for the
    /// refusal's reason; nil: the answer's plain description.
    public var expecting: String?
    /// Whether a page that proves to be noise fails its item at once, as a
    /// broken body (a picture: that URL's problem), rather than being asked
    /// again under its attempts (a page of data).
    public var isPageFinalIfNoise: Bool
    /// When set, no connection at all stops the run with this error (a
    /// listing cannot go on without its host) instead of being retried.
    public var unreachable: (@Sendable (_ reason: String) -> any Error & Sendable)?

    /// The defaults: a broken body fails the item with the JSON problem
    /// found in it, and another status fails it as `HTTP <status>`.
    public init(
        readBody: @escaping @Sendable (HTTPResponse, Item) async -> Verdict<Output>?,
        failed: @escaping @Sendable (Item, FetchFailure) -> Output,
        brokenBody: (@Sendable (HTTPResponse, Item) -> Verdict<Output>)? = nil,
        otherStatus: (@Sendable (HTTPResponse, Item) -> Verdict<Output>)? = nil,
        tooManyRequests: TooManyRequests = .refusal,
        isPage: @escaping @Sendable (HTTPResponse) -> Bool = RefusalSignal.isHTML,
        expecting: String? = nil,
        isPageFinalIfNoise: Bool = false,
        unreachable: (@Sendable (_ reason: String) -> any Error & Sendable)? = nil
    ) {
        self.readBody = readBody
        self.failed = failed
        self.brokenBody = brokenBody ?? { response, item in
            let problem = JSONBodyCheck.problem(in: response.body) ?? "unexpected body"
            return .done(failed(item, Self.failure(.badBody, "HTTP 200: \(problem)", response)))
        }
        self.otherStatus = otherStatus ?? { response, item in
            .done(failed(item, Self.failure(.status, "HTTP \(response.status)", response)))
        }
        self.tooManyRequests = tooManyRequests
        self.isPage = isPage
        self.expecting = expecting
        self.isPageFinalIfNoise = isPageFinalIfNoise
        self.unreachable = unreachable
    }

    /// The verdict for a complete answer.
    public func verdict(for response: HTTPResponse, item: Item) async -> Verdict<Output> {
        let status = response.status
        if status == 429, case .rateLimitIfJSON(let defaultRetryAfter, let reason) = tooManyRequests,
            JSONBodyCheck.problem(in: response.body) == nil
        {
            return .retry(Self.failure(.status, reason(response), response), retryAfter: response.retryAfter ?? defaultRetryAfter)
        }
        switch status {
        case 200:
            if let verdict = await readBody(response, item) { return verdict }
            guard isPage(response) else { return brokenBody(response, item) }
            let reason = expecting.map { "HTTP 200 with an HTML page instead of \($0) (\(Self.describeBody(response)))" }
                ?? RefusalSignal.describe(response)
            return .refused(
                Self.failure(isPageFinalIfNoise ? .badBody : .refused, reason, response), isFinalIfNoise: isPageFinalIfNoise)
        case 403, 429:
            return .refused(Self.failure(.refused, RefusalSignal.describe(response), response), isFinalIfNoise: false)
        case 408, 500...599:
            return .retry(Self.failure(.status, "HTTP \(status)", response), retryAfter: response.retryAfter)
        default:
            return otherStatus(response, item)
        }
    }

    /// The verdict for a request that got no complete answer.
    public func verdict(for error: HTTPError, item: Item) -> Verdict<Output> {
        if case .cannotConnect(_, let reason) = error, let unreachable { return .fatal(unreachable(reason)) }
        let failure = FetchFailure(error.category, reason: error.description)
        return error.isRetryable ? .retry(failure) : .done(failed(item, failure))
    }

    /// A failure of `response`, with its status and content type.
    public static func failure(_ category: FetchFailure.Category, _ reason: String, _ response: HTTPResponse) -> FetchFailure {
        FetchFailure(category, reason: reason, status: response.status, contentType: response.contentType)
    }

    /// "text/html, 512 bytes".
    public static func describeBody(_ response: HTTPResponse) -> String {
        "\(response.contentType ?? "no content type"), \(response.body.count) bytes"
    }
}
