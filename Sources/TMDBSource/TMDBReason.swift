import ETLCore

/// TMDB's own rejection reasons: the fields a movie list's app shows. They
/// rank after the movie's ID check (the default), as the rule reads them.
package enum TMDBReason: String, SourceReasons {
    case missingOverview = "missing_overview"
    case missingPosterPath = "missing_poster_path"
    case missingReleaseDate = "missing_release_date"
    case missingVoteAverage = "missing_vote_average"

    package var summary: String {
        switch self {
        case .missingOverview: "TMDB: overview is missing or blank"
        case .missingPosterPath: "TMDB: poster_path is missing, null or blank"
        case .missingReleaseDate: "TMDB: release_date is missing or blank"
        case .missingVoteAverage: "TMDB: vote_average is not a number"
        }
    }
}
