/// What downloading a work's picture came to, as `images.state` keeps it;
/// why a picture failed is its ``ImageFailure``.
package enum ImageState: String, CaseIterable, Sendable, Codable {
    /// Verified: it decodes, within the size limits, and is on disk.
    case ok
    case failed

    /// The state as an SQL literal: `'ok'`.
    package var sql: String { "'\(rawValue)'" }
}
