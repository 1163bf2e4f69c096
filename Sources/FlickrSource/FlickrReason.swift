import ETLCore

/// Flickr's own rejection reasons: a photo's picture URL needs `farm`,
/// `server` and `secret`, and only public photos are kept.
package enum FlickrReason: String, SourceReasons {
    /// `farm` is not an integer.
    case missingFarm = "missing_farm"
    /// `server` is missing or blank.
    case missingServer = "missing_server"
    /// `secret` is missing or blank.
    case missingSecret = "missing_secret"
    /// `ispublic` is not 1.
    case notPublic = "not_public"

    package var summary: String {
        switch self {
        case .missingFarm: return "Flickr: farm is not an integer"
        case .missingServer: return "Flickr: server is missing or blank"
        case .missingSecret: return "Flickr: secret is missing or blank"
        case .notPublic: return "Flickr: ispublic is not 1"
        }
    }

    /// After the item's ID check, as the rule reads them.
    package var ranksAfter: SharedReason { .invalidID }
}

extension RejectionReason {
    package static let missingFarm = FlickrReason.missingFarm.reason
    package static let missingServer = FlickrReason.missingServer.reason
    package static let missingSecret = FlickrReason.missingSecret.reason
    package static let notPublic = FlickrReason.notPublic.reason
}
