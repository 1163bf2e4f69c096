/// A link an app may follow: `http://` or `https://` (either case), and
/// nothing else. A source's link-back that is `javascript:…` or `data:…`
/// would run or show whatever it holds in the app that follows it, so it
/// is not kept (the catalog's `object_url` is NULL then), and the gallery
/// links nothing else either.
package enum WebLink {
    package static func isWebLink(_ link: String) -> Bool {
        let scheme = link.prefix(8).lowercased()
        return scheme.hasPrefix("https://") || scheme.hasPrefix("http://")
    }

    /// `link` when it is a web link, else nil.
    package static func checked(_ link: String?) -> String? {
        link.flatMap { isWebLink($0) ? $0 : nil }
    }
}
