import ETLCore
import SourceKit

/// What `etl crawl --source flickr` searches for: the options ``settings`` declares.
package struct FlickrQuery: SourceSettings {
    package var text: String?
    package var tags: String?
    package var license: String?
    package var imageSize = "m"
    /// Base of picture URLs; tests point it at the mock.
    package var imageBase = "https://live.staticflickr.com"

    package init() {}

    package static let source = FlickrSource.name

    package static let settings: [SourceSetting<Self>] = [
        .option(\.text, "text", "text", "Flickr: photos whose title, description or tags match this text.", parse: VisibleText.line),
        .option(\.tags, "tags", "tags", "Flickr: photos with any of these tags, separated by commas.", parse: SourceOption.list(of: "tags", example: "cat,dog")),
        .option(
            \.license, "license", "id,…", "Flickr: only photos under these licences (IDs 0 to 16, e.g. 9,10).",
            parse: SourceOption.integers(in: FlickrLicense.ids, "licence IDs", example: "9,10")),
        .option(
            \.imageSize, "image-size", "letter", "Flickr: the size letter of the picture URLs (m: 240 px on the longest side).",
            parse: SourceOption.choice(sizeLetters, of: "Flickr's size letters")),
        .hidden(\.imageBase, "image-base"),
    ]

    /// The size letters of Flickr's picture URLs, smallest to largest. Not
    /// `o` (the original): its URL needs `originalsecret`, which a search
    /// does not return for other people's photos.
    static let sizeLetters = ["s", "q", "t", "m", "n", "w", "z", "c", "b", "h", "k"]
}
