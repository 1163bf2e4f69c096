import FetchEngine
import Store

/// Why an image was not kept, as stored in `images.failure`.
///
/// Every kind but ``unreachable`` is recorded and skipped by later runs
/// until `--retry-failed` (or the work's image URL changes): a picture that
/// failed should not cost requests every night.
package enum ImageFailure: String, Sendable, CaseIterable, Codable, Comparable {
    /// A final HTTP status (404, 410, another 4xx), or a 5xx that outlasted the retries.
    case status
    /// No answer within `--timeout`, after the retries.
    case timeout
    /// A 200 whose body is empty, an HTML page, not JPEG/PNG/WebP/GIF, or
    /// sent as a non-image content type.
    case notAnImage = "not_an_image"
    /// The body kept ending early (short of its Content-Length, an image
    /// without its end, or pixel data the decoder found cut short), after
    /// the retries.
    case truncated
    /// The host kept refusing during confirmed blocks: 2 × `--max-attempts`
    /// refusals. (A lone HTML page while other pictures arrive is `not_an_image`.)
    case blocked
    /// Connections kept being reset, after the retries.
    case network
    /// No connection could be made to the URL's host and port (refused,
    /// no route, a name that does not resolve), after the retries: that
    /// host's problem, not the picture's. The run goes on with other hosts
    /// and asks that one no more; the next run tries the picture again
    /// without `--retry-failed`, as the host may be back.
    case unreachable
    /// Larger than the size limit (unread), or a header claiming more pixels
    /// than ``PictureLimits`` allows (not decoded).
    case tooLarge = "too_large"
    /// The URL cannot be requested.
    case invalidURL = "invalid_url"
    /// The body has a picture's signature but does not decode: corrupt
    /// data, or a header the decoder cannot read (the reason is the decoder's).
    case undecodable
    /// A file of the user's (or a link) is where the picture or its
    /// thumbnail would go: etl never replaces what it did not write.
    case occupied
    /// The machine ran short while the picture was decoded (memory, a
    /// thread: an `ulimit -v`, a crowded machine), after the retries: no
    /// verdict on the picture. The next run tries it again without
    /// `--retry-failed`.
    case resources

    /// Whether the failure says something of the picture itself, so later
    /// runs skip it until `--retry-failed`; a host that could not be
    /// reached or a machine short of memory says nothing of it.
    package var isVerdict: Bool {
        switch self {
        case .unreachable, .resources: false
        default: true
        }
    }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
