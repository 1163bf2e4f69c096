import ETLCore

/// The thumbnail encoding (`--thumb-format`).
package enum ThumbFormat: String, Sendable, CaseIterable, Codable {
    case webp
    case jpeg

    /// The file extension written in `thumbs/`.
    package var fileExtension: String {
        switch self {
        case .webp: return "webp"
        case .jpeg: return "jpg"
        }
    }

    /// Encoder quality: the thumbnail is looked at, not edited.
    package var quality: Int { 80 }
}
