import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// `etl gallery`: one static HTML file per page file (`page-N.html`), the
/// works as an app shows them: each thumbnail over its average colour and
/// its ThumbHash preview, with title, artist, date and a link back to the
/// source. Thumbnails are referenced by relative path from the gallery
/// folder to the images folder, so the folder opens offline; nothing else
/// is fetched. The same catalog gives the same bytes.
///
/// Files are written like pictures (temporary file, fsync, rename; a
/// manifest of what etl wrote), so a file of the user's is never replaced.
package struct GalleryBuilder: Sendable {
    package let options: GalleryOptions

    package init(options: GalleryOptions) {
        self.options = options
    }

    /// Writes the pages; returns the paths written.
    package func run() throws -> [String] {
        let folder = ImageDirectory(path: options.resolvedOutDirectory, accepts: Self.isPageName)
        // Counted before the open may upgrade the catalog (an upgrade leaves the pages as they are).
        var counted: Int?
        let catalog = try Catalog.openSourceForReading(path: options.catalogPath, requiring: options.source) { catalog in
            counted = try pageCount(in: catalog)
            try folder.checkWritable(option: "--out")
        }
        let last = try counted ?? pageCount(in: catalog)
        let pages = try entries(in: catalog)
        let wanted = options.page.map { [$0] } ?? Array(1...last)
        try folder.create(option: "--out")
        let images = try catalog.setting(Catalog.imageDirectoryKey)
        let prefix = images.map { Self.relativePath(from: folder.path, to: $0) } ?? ""
        var written: [String] = []
        for page in wanted {
            let html = GalleryPage(page: page, pageCount: last, source: options.source, entries: pages[page] ?? [], imagePrefix: prefix).html()
            let name = "page-\(page).html"
            try folder.write(Array(html.utf8), as: name)
            written.append(folder.filePath(name))
        }
        folder.sync()
        return written
    }

    /// The catalog's page count; refuses one without pages (said as `etl
    /// pages` would: it refuses a catalog without works) or a `--page` past
    /// the last. Also run before the open may upgrade the catalog: it reads
    /// only `page_lines` and the works' IDs, which every version holds.
    private func pageCount(in catalog: Catalog) throws -> Int {
        let last = try catalog.recordedPages().count
        guard last > 0 else {
            if try catalog.keptIDs().isEmpty { throw GalleryError.noWorks(catalog: options.catalogPath) }
            throw GalleryError.noPages(catalog: options.catalogPath)
        }
        if let page = options.page, !(1...last).contains(page) { throw GalleryError.noSuchPage(page, count: last) }
        return last
    }

    /// The paged works by page, in page order, with their verified pictures.
    package func entries(in catalog: Catalog) throws -> [Int: [GalleryEntry]] {
        var pages: [Int: [GalleryEntry]] = [:]
        let rows = try catalog.database.fetchAll(sql: """
            SELECT w.page, w.object_id, w.title, w.artist_display_name, w.object_date, w.object_url, w.rights, w.rights_url,
                   i.thumb_file, i.thumb_width, i.thumb_height, i.placeholder, i.color
              FROM works w
              LEFT JOIN images i ON i.object_id = w.object_id AND i.state = \(ImageState.ok.sql)
                                AND i.url = \(Catalog.imageURL(ofWork: "w"))
             WHERE w.page IS NOT NULL
             ORDER BY w.page, w.position
            """)
        for row in rows {
            guard let page = try row.integer(named: "page"), let id = try row.integer(named: "object_id") else { continue }
            pages[page, default: []].append(GalleryEntry(
                objectID: id, title: try row.text(named: "title") ?? "", artist: try row.text(named: "artist_display_name") ?? "",
                date: try row.text(named: "object_date") ?? "", link: try row.text(named: "object_url"),
                thumb: try row.text(named: "thumb_file"), thumbWidth: try row.integer(named: "thumb_width"),
                thumbHeight: try row.integer(named: "thumb_height"), placeholder: try row.text(named: "placeholder"),
                color: try row.text(named: "color"), rights: try row.text(named: "rights"),
                rightsLink: try row.text(named: "rights_url")))
        }
        return pages
    }

    /// `to` relative to the folder `from`, both resolved against the
    /// working directory: `../images/`, or `` when they are the same.
    package static func relativePath(from: String, to: String) -> String {
        func parts(_ path: String) -> [String] {
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            var result: [String] = []
            for part in absolute.split(separator: "/") {
                if part == "." || part.isEmpty { continue }
                if part == "..", !result.isEmpty { result.removeLast(); continue }
                result.append(String(part))
            }
            return result
        }
        let a = parts(from), b = parts(to)
        var common = 0
        while common < min(a.count, b.count), a[common] == b[common] { common += 1 }
        let path = Array(repeating: "..", count: a.count - common) + b[common...]
        return path.isEmpty ? "" : path.joined(separator: "/") + "/"
    }

    /// `page-N.html`, N from 1 without leading zeros: what the gallery writes.
    @Sendable package static func isPageName(_ name: String) -> Bool {
        guard name.hasPrefix("page-"), name.hasSuffix(".html") else { return false }
        let number = name.dropFirst(5).dropLast(5)
        return Int(number).map { String($0) == number && $0 > 0 } ?? false
    }
}
