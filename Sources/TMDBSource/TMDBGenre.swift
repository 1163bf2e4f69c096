import ETLCore

/// TMDB's movie genres (`/genre/movie/list`, English): a movie lists its
/// genres by ID only, and the list has been the same 19 for years, so the
/// names are kept here rather than fetched each night. An ID not listed
/// (a genre TMDB adds) leaves `works.classification` NULL, never a guess.
package enum TMDBGenre {
    package static let names: [Int: String] = [
        28: "Action", 12: "Adventure", 16: "Animation", 35: "Comedy", 80: "Crime", 99: "Documentary", 18: "Drama",
        10751: "Family", 14: "Fantasy", 36: "History", 27: "Horror", 10402: "Music", 9648: "Mystery", 10749: "Romance",
        878: "Science Fiction", 10770: "TV Movie", 53: "Thriller", 10752: "War", 37: "Western",
    ]

    /// The name of the first genre TMDB lists for a movie.
    package static func first(of genreIDs: JSONValue?) -> String? {
        guard case .array(let ids)? = genreIDs, let id = ids.first?.integer else { return nil }
        return names[Int(id)]
    }
}
