/// The options of `etl crawl` that only Flickr or TMDB take, and the
/// checks of their values.
extension CrawlCommand {
    static let sourceOptions: [Option<CrawlOptions>] = [
        Option.line("text", "text", "Flickr: photos whose title, description or tags match this text.", \.flickr.text)
            .validOnly(with: .flickr),
        Option.optional("tags", "tags", "Flickr: photos with any of these tags, separated by commas.", \.flickr.tags, parse: flickrTags, show: { $0 })
            .validOnly(with: .flickr),
        Option.custom(
            "license", "id,…", "Flickr: only photos under these licences (IDs 0 to 16, e.g. 9,10).", \.flickr.license,
            parse: flickrLicenses, show: { $0 }
        ).validOnly(with: .flickr),
        Option.custom(
            "image-size", "letter", "Flickr: the size letter of the picture URLs (m: 240 px on the longest side).",
            \.flickr.imageSize, parse: flickrImageSize, show: { $0 }
        ).validOnly(with: .flickr),
        Option.custom(
            "region", "code", "TMDB: the country whose release dates and ratings apply, e.g. US.", \.tmdb.region,
            parse: region, show: { $0 }
        ).validOnly(with: .tmdb),
        Option.custom(
            "language", "code", "TMDB: the language of titles and overviews, e.g. en or en-US.", \.tmdb.language,
            parse: language, show: { $0 }
        ).validOnly(with: .tmdb),
    ]

    /// Flickr's licence IDs: 0 (all rights reserved) to 16 (CC BY-NC-ND 4.0).
    static let flickrLicenseIDs = FlickrLicense.ids

    /// The size letters of Flickr's picture URLs, smallest to largest. Not
    /// `o` (the original): its URL needs `originalsecret`, which a search
    /// does not return for other people's photos.
    static let flickrSizeLetters = ["s", "q", "t", "m", "n", "w", "z", "c", "b", "h", "k"]

    /// ` cat, dog ` → `cat,dog`: at least one tag that shows something;
    /// empty items (`,,,`) dropped, since Flickr would read them as no tag.
    @Sendable static func flickrTags(_ text: String) throws -> String {
        guard !text.contains(where: \.isNewline) else { throw InvalidValue(expected: "a non-empty single line") }
        let tags = text
            .split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { VisibleText.isVisible($0) }
        guard !tags.isEmpty else { throw InvalidValue(expected: "one or more tags separated by commas, such as cat,dog") }
        return tags.joined(separator: ",")
    }

    /// `4,9,10` → `4,9,10`: integers within `flickrLicenseIDs`, repeats dropped.
    @Sendable static func flickrLicenses(_ text: String) throws -> String {
        var ids: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let id = Int(part), flickrLicenseIDs.contains(id) else {
                throw InvalidValue(
                    expected: "licence IDs from \(flickrLicenseIDs.lowerBound) to \(flickrLicenseIDs.upperBound) "
                        + "separated by commas, e.g. 9,10")
            }
            if !ids.contains(id) { ids.append(id) }
        }
        return ids.map(String.init).joined(separator: ",")
    }

    @Sendable static func flickrImageSize(_ text: String) throws -> String {
        guard flickrSizeLetters.contains(text) else {
            throw InvalidValue(expected: "one of Flickr's size letters " + HelpText.list(flickrSizeLetters, with: "or"))
        }
        return text
    }

    /// `us` → `US`: an ISO 3166-1 code, two letters.
    @Sendable static func region(_ text: String) throws -> String {
        guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw InvalidValue(expected: "a country code of two letters such as US")
        }
        return text.uppercased()
    }

    /// `en` or `en-US` (`EN-us` → `en-US`): a language, and maybe a country.
    @Sendable static func language(_ text: String) throws -> String {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } })
        else {
            throw InvalidValue(expected: "a language code such as en or en-US")
        }
        return ([parts[0].lowercased()] + parts.dropFirst().map { $0.uppercased() }).joined(separator: "-")
    }
}
