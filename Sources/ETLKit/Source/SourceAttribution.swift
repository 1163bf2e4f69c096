/// What a catalog's `metadata.json` says about where its data comes from
/// and on what terms: the licence and the attribution each API requires.
struct SourceAttribution: Sendable {
    var title: String
    var description: String
    var license: String
    var licenseURL: String
    var source: String
    var sourceURL: String
    /// What the kept set is, for `works`.
    var worksDescription: String

    static func of(_ source: SourceName) -> SourceAttribution {
        switch source {
        case .met:
            return SourceAttribution(
                title: CatalogDescription.title, description: CatalogDescription.description,
                license: CatalogDescription.license, licenseURL: CatalogDescription.licenseURL,
                source: CatalogDescription.source, sourceURL: CatalogDescription.sourceURL,
                worksDescription: CatalogDescription.tables[0].description)
        case .flickr:
            return SourceAttribution(
                title: "Flickr photos an app can show (etl catalog)",
                description: """
                    Photos of a Flickr search, filtered to those an app can show (id, farm, server and secret \
                    present, public), each listed once, built by etl. Every photo keeps its owner's licence: \
                    see flickr_photos.license_name, credit flickr_photos.owner_name and link back to \
                    flickr_photos.photo_page_url. This product uses the Flickr API but is not endorsed or \
                    certified by SmugMug, Inc.
                    """,
                license: "Per photo (flickr_photos.license_name); the catalog's structure CC0 1.0",
                licenseURL: "https://www.flickrhelp.com/hc/en-us/articles/10710266545556-Using-Flickr-images-shared-by-other-members",
                source: "Flickr API (flickr.photos.search)", sourceURL: "https://www.flickr.com/services/api/",
                worksDescription: """
                    The kept set: complete, public, listed photos. title is the photo's title (may be empty), \
                    artist_display_name the owner's name, object_date when it was taken, primary_image the \
                    picture URL, object_url the photo's page.
                    """)
        case .tmdb:
            return SourceAttribution(
                title: "TMDB now-playing movies an app can show (etl catalog)",
                description: """
                    Today's now-playing list of The Movie Database, filtered per movie to those an app can show \
                    (title, overview, poster, release date and vote average present), each listed once, built by \
                    etl. This product uses the TMDB API but is not endorsed or certified by TMDB.
                    """,
                license: "TMDB API Terms of Use (attribution required)",
                licenseURL: "https://www.themoviedb.org/api-terms-of-use",
                source: "The Movie Database (TMDB) API, /movie/now_playing", sourceURL: "https://developer.themoviedb.org/",
                worksDescription: """
                    The kept set: complete movies of today's list. title is the movie's title, artist_display_name \
                    is empty (the list names no makers), object_date the release date, primary_image the poster \
                    URL (w500), object_url the movie's page on themoviedb.org.
                    """)
        }
    }
}
