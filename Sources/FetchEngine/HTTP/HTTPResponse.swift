/// A complete HTTP response, body included.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200.
    public var status: Int
    /// The `Content-Type` header, if the server sent one.
    public var contentType: String?
    /// Seconds the server asked us to wait (`Retry-After`, as seconds or an
    /// HTTP date converted to seconds), if it sent the header.
    public var retryAfter: Double?
    /// The body bytes exactly as received (after transfer decoding).
    public var body: [UInt8]

    public init(status: Int, contentType: String? = nil, retryAfter: Double? = nil, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.retryAfter = retryAfter
        self.body = body
    }
}
