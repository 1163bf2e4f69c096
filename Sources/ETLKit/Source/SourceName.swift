/// The APIs `etl` builds datasets from. Each has its own catalog and page
/// folder by default, so switching `--source` never mixes two datasets.
public enum SourceName: String, CaseIterable, Sendable, Equatable, Codable {
    case met, flickr, tmdb

    /// The Met keeps the paths it always had; the others live in a folder each.
    public var defaultCatalogPath: String {
        self == .met ? "data/catalog.sqlite" : "data/\(rawValue)/catalog.sqlite"
    }

    public var defaultOutDirectory: String {
        self == .met ? "data/pages" : "data/\(rawValue)/pages"
    }

    /// Where `etl images` puts the pictures.
    public var defaultImageDirectory: String {
        self == .met ? "data/images" : "data/\(rawValue)/images"
    }

    public var defaultAPI: String {
        switch self {
        case .met: "https://collectionapi.metmuseum.org/public/collection/v1"
        case .flickr: "https://api.flickr.com/services/rest"
        case .tmdb: "https://api.themoviedb.org/3"
        }
    }

    /// The host pictures come from unless `--image-hosts` widens it.
    public var imageHost: String {
        switch self {
        case .met: "images.metmuseum.org"
        case .flickr: "live.staticflickr.com"
        case .tmdb: "image.tmdb.org"
        }
    }
}

extension SourceName {
    /// The table of the source's own columns; the Met's live on `objects` and `works`.
    var table: SourceTable? {
        switch self {
        case .met: nil
        case .flickr: FlickrPhoto.table
        case .tmdb: TMDBMovie.table
        }
    }
}
