/// The thumbnail encoding (`--thumb-format`).
public enum ThumbFormat: String, Sendable, CaseIterable, Codable {
    case webp
    case jpeg

    /// The file extension written in `thumbs/`.
    public var fileExtension: String {
        switch self {
        case .webp: return "webp"
        case .jpeg: return "jpg"
        }
    }

    /// Encoder quality: the thumbnail is looked at, not edited.
    var quality: Int { 80 }
}
