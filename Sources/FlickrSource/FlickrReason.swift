import ETLCore

/// Flickr's own rejection reasons: a photo's picture URL needs `farm`,
/// `server` and `secret`, and only public photos are kept. They rank after
/// the photo's ID check (the default), as the rule reads them.
package enum FlickrReason: String, SourceReasons {
    case missingFarm = "missing_farm"
    case missingServer = "missing_server"
    case missingSecret = "missing_secret"
    case notPublic = "not_public"

    package var summary: String {
        switch self {
        case .missingFarm: "Flickr: farm is not an integer"
        case .missingServer: "Flickr: server is missing or blank"
        case .missingSecret: "Flickr: secret is missing or blank"
        case .notPublic: "Flickr: ispublic is not 1"
        }
    }
}
