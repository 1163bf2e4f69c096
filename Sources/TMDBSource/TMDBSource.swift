import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// The Movie Database's now-playing list (`/movie/now_playing`): the
/// listing carries every movie, read whole each night. It needs a read
/// token or an API key, and answers 429 above about 40 requests a second.
package struct TMDBSource: Source {
    package static let name = SourceName("tmdb")

    package init() {}

    package var title: String { "TMDB's now-playing movies" }

    /// TMDB's limit is about 40 requests a second; today's list replaces a
    /// good part of yesterday's (new releases on Thursdays), so a crawl may
    /// withdraw half (a list that comes back nearly empty is still refused).
    package var defaults: SourceDefaults {
        SourceDefaults(
            name: name, api: "https://api.themoviedb.org/3", imageHost: "image.tmdb.org", rateMax: 40, maxWithdrawPercent: 50,
            userAgentSubject: "TMDB's movie lists API")
    }

    package var attribution: SourceAttribution {
        SourceAttribution(
            title: "TMDB now-playing movies an app can show (etl catalog)",
            description: """
                Today's now-playing list of The Movie Database, filtered per movie to those an app can show \
                (title, overview, poster, release date and vote average present), each listed once, built by \
                etl. This product uses the TMDB API but is not endorsed or certified by TMDB.
                """,
            license: "TMDB API Terms of Use (attribution required)",
            licenseURL: "https://www.themoviedb.org/api-terms-of-use",
            source: "The Movie Database (TMDB) API, /movie/now_playing", sourceURL: "https://developer.themoviedb.org/",
            worksDescription: "The kept set: complete movies of today's list.",
            fields: TMDBMovie.work.fields)
    }

    package var credentials: [CredentialVariable] {
        [
            CredentialVariable(
                "TMDB_READ_TOKEN", .bearer,
                help: "TMDB's API read access token, sent as a Bearer header; needed by --source tmdb (or TMDB_API_KEY)."),
            CredentialVariable("TMDB_API_KEY", .query(parameter: "api_key"), help: "TMDB's v3 API key, used when TMDB_READ_TOKEN is not set."),
        ]
    }

    package var credentialHelp: String { "get one at https://www.themoviedb.org/settings/api" }

    package var table: SourceTable? { TMDBMovie.table }

    /// `classification` holds a movie's first genre (``TMDBGenre``).
    package var facets: [WorkFacet] {
        [WorkFacet("classification", title: "genre"), WorkFacet("original_language", title: "original language")]
    }

    package var options: [SourceOption] { TMDBQuery.options }

    package var reasons: [DeclaredReason] { TMDBReason.declared }

    package var crawl: CrawlStyle { .listing(PagedLister<TMDBLister>()) }

    package func summaryLines(for summary: CrawlSummary) -> [String] {
        guard let read = summary.listRead, let pages = summary.listPages else { return [] }
        let (served, lost) = (TMDBLister.maxPages, summary[count: TMDBFigure.pagesLostToWholePageDecode] ?? 0)
        return summaryLine("\(pages) pages \(read)" + (pages > served ? ", TMDB serves \(served) of them: nothing withdrawn" : "")
            + "; a whole-page decode would lose \(lost) of \(min(pages, served)) pages")
    }
}
