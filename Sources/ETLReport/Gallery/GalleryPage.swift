import Basics
import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// One gallery file: a page of works as the app's grid shows them.
package struct GalleryPage {
    package var page: Int
    package var pageCount: Int
    package var source: SourceName
    package var entries: [GalleryEntry]
    /// The images folder relative to the gallery folder, ending in `/` (or empty).
    package var imagePrefix: String

    package func html() -> String {
        var out = HTMLDocument.opening(title: "Page \(page) of \(pageCount) · \(source.rawValue)", style: Self.style) + """
            <header><h1>Page \(page) of \(pageCount)</h1>\(navigation())</header>
            <main>

            """
        for entry in entries { out += figure(entry) }
        if entries.isEmpty { out += "<p class=\"empty\">This page is empty.</p>\n" }
        out += "</main>\n<script>\(GalleryScript.source)</script>\n</body>\n</html>\n"
        return out
    }

    private func navigation() -> String {
        var links: [String] = []
        if page > 1 { links.append("<a href=\"page-\(page - 1).html\">← Page \(page - 1)</a>") }
        if page < pageCount { links.append("<a href=\"page-\(page + 1).html\">Page \(page + 1) →</a>") }
        return links.isEmpty ? "" : "<nav>" + links.joined(separator: " ") + "</nav>"
    }

    private func figure(_ entry: GalleryEntry) -> String {
        var style: [String] = []
        if let color = entry.color, Self.isColor(color) { style.append("background-color:\(color)") }
        var attributes = "class=\"work\""
        if let width = entry.thumbWidth, let height = entry.thumbHeight, width > 0, height > 0 {
            style.append("aspect-ratio:\(width)/\(height)")
        }
        if let hash = entry.placeholder, Self.isBase64(hash) { attributes += " data-hash=\"\(hash)\"" }
        var picture = "<div class=\"frame\"\(style.isEmpty ? "" : " style=\"\(style.joined(separator: ";"))\"")>"
        if let thumb = entry.thumb, let width = entry.thumbWidth, let height = entry.thumbHeight {
            picture += "<img src=\"\(ReportFormat.html(Self.urlPath(imagePrefix + thumb)))\" width=\"\(width)\" height=\"\(height)\""
                + " alt=\"\(ReportFormat.html(entry.title))\">"
        } else {
            picture += "<span class=\"none\">No picture yet</span>"
        }
        picture += "</div>"
        var caption = "<figcaption><strong>\(ReportFormat.html(entry.title))</strong>"
        if !entry.artist.isEmpty { caption += "<span>\(ReportFormat.html(entry.artist))</span>" }
        if !entry.date.isEmpty { caption += "<span>\(ReportFormat.html(entry.date))</span>" }
        // Only web links become `href`s (a catalog of an earlier release may
        // hold another): a `javascript:` or `data:` URL is left out.
        if let link = entry.link, WebLink.isWebLink(link) {
            caption += "<a href=\"\(ReportFormat.html(link))\" rel=\"noopener\">\(ReportFormat.html(source.rawValue)) #\(entry.objectID)</a>"
        }
        // The licence beside the credit, as the sources' terms ask (a
        // photo's own licence, a museum's CC0); linked when its text is on the web.
        if let rights = entry.rights, !rights.isEmpty {
            caption += entry.rightsLink.map(WebLink.isWebLink) == true
                ? "<a class=\"rights\" href=\"\(ReportFormat.html(entry.rightsLink ?? ""))\" rel=\"license noopener\">\(ReportFormat.html(rights))</a>"
                : "<span class=\"rights\">\(ReportFormat.html(rights))</span>"
        }
        return "<figure \(attributes)>\(picture)\(caption)</figcaption></figure>\n"
    }

    /// `#rrggbb`, lowercase: the only colours etl writes.
    package static func isColor(_ text: String) -> Bool {
        text.count == 7 && text.hasPrefix("#") && text.dropFirst().allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    package static func isBase64(_ text: String) -> Bool {
        !text.isEmpty && text.count < 64 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) }
    }

    /// A relative file path as a URL path: each byte outside the unreserved
    /// set and `/` percent-encoded, so any folder name works.
    package static func urlPath(_ path: String) -> String {
        PercentEncoding.encoded(path, keeping: .filePath)
    }

    /// A frame takes its picture's shape (`aspect-ratio`) and no minimum
    /// height: with one, CSS widens a wide picture's frame past its card
    /// (the height's minimum carried over to the width) and the card crops it.
    package static let style = """
        body{margin:0;font:15px/1.4 system-ui,sans-serif;background:#f6f5f2;color:#222}
        header{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;padding:12px 16px}
        h1{font-size:20px;margin:0}nav a{margin-left:12px}
        main{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:16px;padding:0 16px 24px}
        @media (min-width:700px){main{grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}}
        figure{margin:0;background:#fff;border-radius:8px;overflow:hidden;box-shadow:0 1px 3px rgba(0,0,0,.15)}
        .frame{position:relative;background-size:cover;background-position:center;display:flex;align-items:center;justify-content:center}
        .frame img{display:block;width:100%;height:auto}
        .none{color:#666;font-size:13px;padding:50px 8px}
        figcaption{display:flex;flex-direction:column;gap:2px;padding:8px 10px 10px;font-size:13px}
        figcaption strong{font-size:14px}figcaption span{color:#555}
        .empty{padding:16px}
        """
}
