import ETLCore
import SourceKit
import Store

/// The TMDB app's strict decode, applied per movie instead of per page:
/// `id` an integer; `title`, `overview`, `poster_path`, `release_date`
/// strings non-empty after trimming; `vote_average` a number. The app
/// decodes a page of 20 at once, so one incomplete movie costs it all 20.
package enum TMDBMovie {
    package static let table = SourceTable(
        name: "tmdb_movies",
        description: "TMDB's own fields of every listed movie, kept or not. Join to works on object_id.",
        columns: [
            .copy("original_title", "TEXT", "The title in the original language."),
            .copy("original_language", "TEXT", "ISO 639-1 code of the original language."),
            .copy("overview", "TEXT", "The plot summary."),
            .copy("release_date", "TEXT", "Release date, YYYY-MM-DD."),
            .copy("vote_average", "REAL", "Average vote, 0 to 10."),
            .copy("vote_count", "INTEGER", "Number of votes."),
            .copy("popularity", "REAL", "TMDB's popularity score when listed."),
            .copy("poster_path", "TEXT", "Path of the poster; the picture URL adds a size prefix."),
            .copy("backdrop_path", "TEXT", "Path of the backdrop image."),
            .column("genre_ids", "TEXT", "TMDB genre IDs, a JSON array."),
            .column("adult", "INTEGER", "1 for adult content."),
            .column("list_rank", "INTEGER", "Position in today's now-playing list, from 1."),
            .column("movie_page_url", "TEXT", "The movie's page on themoviedb.org: link back to it."),
        ])

    /// Where the shared work fields come from; the poster's URL is the query's base.
    package static let work = WorkMap<TMDBQuery>([
        .copy(.title, "title"), .text(.artistDisplayName, "always empty: the list names no makers") { _ in nil },
        .text(.classification, "the name of the first of `genre_ids`") { TMDBGenre.first(of: $0.json["genre_ids"]) },
        .shown(.objectDate, "release_date"), .yearOfDate(.objectBeginDate, "release_date"),
        .text(.primaryImage, "`poster_path` at w500") { movie in
            movie.json["poster_path"]?.nonBlankString.map { "\(movie.context.imageBase)\($0.hasPrefix("/") ? "" : "/")\($0)" }
        },
        .text(.objectURL, "the movie's page on themoviedb.org") { "https://www.themoviedb.org/movie/\($0.id)" },
    ])

    /// The movie as a catalog item; nil when it has no ID to key it by.
    package static func item(from movie: JSONValue, rank: Int, query: TMDBQuery) -> ListedItem? {
        guard var check = RecordCheck(movie) else { return nil }
        check.text("title", else: .missingTitle)
        check.expect(movie["overview"]?.nonBlankString != nil, else: TMDBReason.missingOverview.reason)
        check.text("poster_path", else: TMDBReason.missingPosterPath.reason)
        check.text("release_date", else: TMDBReason.missingReleaseDate.reason)
        check.expect(movie["vote_average"]?.number != nil, else: TMDBReason.missingVoteAverage.reason)
        return check.item(work, query, table: table) { item in [
            "genre_ids": .text(movie["genre_ids"].map(\.encoded)),
            "adult": .bool(movie["adult"].flatMap { if case .bool(let flag) = $0 { flag } else { nil } }),
            "list_rank": .int(rank), "movie_page_url": .text(item.pageURL),
        ] }
    }
}
