/// What `etl crawl --source flickr` searches for.
public struct FlickrQuery: Sendable, Equatable {
    /// `--text`: free text matched against titles, descriptions and tags.
    public var text: String?
    /// `--tags`: comma-separated tags.
    public var tags: String?
    /// `--license`: comma-separated Flickr licence IDs.
    public var license: String?
    /// `--image-size`: the size letter of the picture URL (`m` = 240 px).
    public var imageSize = "m"
    /// Base of picture URLs; tests point it at the mock.
    public var imageBase = "https://live.staticflickr.com"

    public init() {}
}
