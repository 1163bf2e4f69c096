/// Flickr's own answer that ends a crawl (its API's errors are the kit's ``SourceAPIError``).
package enum FlickrError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Photos outside the upload-date window asked for: the API (`--api`)
    /// ignores `min_upload_date`, so no window can split a large result.
    case ignoresUploadDates(api: String)

    package var description: String {
        switch self {
        case .ignoresUploadDates(let api):
            return "\(api) answered photos outside the upload dates asked for; it ignores min_upload_date, "
                + "so more than 4,000 results cannot be listed; nothing was withdrawn"
        }
    }
}
