import ETLCore

/// TMDB's own rejection reasons: the fields a movie list's app shows.
package enum TMDBReason: String, SourceReasons {
    /// `overview` is missing or blank.
    case missingOverview = "missing_overview"
    /// `poster_path` is missing, null or blank.
    case missingPosterPath = "missing_poster_path"
    /// `release_date` is missing or blank.
    case missingReleaseDate = "missing_release_date"
    /// `vote_average` is not a number.
    case missingVoteAverage = "missing_vote_average"

    package var summary: String {
        switch self {
        case .missingOverview: return "TMDB: overview is missing or blank"
        case .missingPosterPath: return "TMDB: poster_path is missing, null or blank"
        case .missingReleaseDate: return "TMDB: release_date is missing or blank"
        case .missingVoteAverage: return "TMDB: vote_average is not a number"
        }
    }

    /// After the item's ID check, as the rule reads them.
    package var ranksAfter: SharedReason { .invalidID }
}

extension RejectionReason {
    package static let missingOverview = TMDBReason.missingOverview.reason
    package static let missingPosterPath = TMDBReason.missingPosterPath.reason
    package static let missingReleaseDate = TMDBReason.missingReleaseDate.reason
    package static let missingVoteAverage = TMDBReason.missingVoteAverage.reason
}
