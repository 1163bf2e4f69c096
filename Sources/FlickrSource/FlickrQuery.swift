import ETLCore
import Foundation
import SourceKit

/// What `etl crawl --source flickr` searches for.
package struct FlickrQuery: Sendable, Equatable {
    /// `--text`: free text matched against titles, descriptions and tags.
    package var text: String?
    /// `--tags`: comma-separated tags.
    package var tags: String?
    /// `--license`: comma-separated Flickr licence IDs.
    package var license: String?
    /// `--image-size`: the size letter of the picture URL (`m` = 240 px).
    package var imageSize = "m"
    /// Base of picture URLs; tests point it at the mock.
    package var imageBase = "https://live.staticflickr.com"

    package init() {}

    /// The query as kept in a crawl's ``CrawlOptions/sourceSettings``.
    package init(settings: [String: String]) {
        self.init()
        text = settings[Self.key("text")]
        tags = settings[Self.key("tags")]
        license = settings[Self.key("license")]
        imageSize = settings[Self.key("image-size")] ?? imageSize
        imageBase = settings[Self.key("image-base")] ?? imageBase
    }

    /// Keeps the query in `settings`, where ``init(settings:)`` reads it.
    package func store(in settings: inout [String: String]) {
        settings[Self.key("text")] = text
        settings[Self.key("tags")] = tags
        settings[Self.key("license")] = license
        settings[Self.key("image-size")] = imageSize == FlickrQuery().imageSize ? nil : imageSize
        settings[Self.key("image-base")] = imageBase == FlickrQuery().imageBase ? nil : imageBase
    }

    private static func key(_ name: String) -> String { SourceOption.key(name, of: FlickrSource.name) }

    /// The options of `etl crawl` that only Flickr takes.
    static let options: [SourceOption] = [
        SourceOption("text", "text", "Flickr: photos whose title, description or tags match this text.", source: FlickrSource.name, parse: VisibleText.line),
        SourceOption("tags", "tags", "Flickr: photos with any of these tags, separated by commas.", source: FlickrSource.name, parse: tagList),
        SourceOption(
            "license", "id,…", "Flickr: only photos under these licences (IDs 0 to 16, e.g. 9,10).", source: FlickrSource.name,
            parse: licenses),
        SourceOption(
            "image-size", "letter", "Flickr: the size letter of the picture URLs (m: 240 px on the longest side).",
            source: FlickrSource.name, defaultValue: FlickrQuery().imageSize, parse: sizeLetter),
    ]

    /// Flickr's licence IDs: 0 (all rights reserved) to 16 (CC BY-NC-ND 4.0).
    static let licenseIDs = FlickrLicense.ids

    /// The size letters of Flickr's picture URLs, smallest to largest. Not
    /// `o` (the original): its URL needs `originalsecret`, which a search
    /// does not return for other people's photos.
    static let sizeLetters = ["s", "q", "t", "m", "n", "w", "z", "c", "b", "h", "k"]

    /// ` cat, dog ` → `cat,dog`: at least one tag that shows something;
    /// empty items (`,,,`) dropped, since Flickr would read them as no tag.
    @Sendable static func tagList(_ text: String) throws -> String {
        guard !text.contains(where: \.isNewline) else { throw InvalidValue(expected: "a non-empty single line") }
        let tags = text
            .split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { VisibleText.isVisible($0) }
        guard !tags.isEmpty else { throw InvalidValue(expected: "one or more tags separated by commas, such as cat,dog") }
        return tags.joined(separator: ",")
    }

    /// `4,9,10` → `4,9,10`: integers within `licenseIDs`, repeats dropped.
    @Sendable static func licenses(_ text: String) throws -> String {
        var ids: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let id = Int(part), licenseIDs.contains(id) else {
                throw InvalidValue(
                    expected: "licence IDs from \(licenseIDs.lowerBound) to \(licenseIDs.upperBound) separated by commas, e.g. 9,10")
            }
            if !ids.contains(id) { ids.append(id) }
        }
        return ids.map(String.init).joined(separator: ",")
    }

    @Sendable static func sizeLetter(_ text: String) throws -> String {
        guard sizeLetters.contains(text) else {
            throw InvalidValue(expected: "one of Flickr's size letters " + HelpText.list(sizeLetters, with: "or"))
        }
        return text
    }
}

extension CrawlOptions {
    /// `--source flickr`: the search.
    package var flickr: FlickrQuery {
        get { FlickrQuery(settings: sourceSettings) }
        set { newValue.store(in: &sourceSettings) }
    }
}
