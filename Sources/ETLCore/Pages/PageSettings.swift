import FetchEngine
import Store

/// How the pages are cut (`--pages`, `--page-size`, `--order`, `--seed`)
/// and what goes on them (`--require-image`, `--bundles`). The catalog
/// remembers the settings its pages were last written with, so a later
/// `crawl` or `pages` that does not give an option keeps it: the same
/// catalog then gives byte-identical files whichever command wrote them.
package struct PageSettings: Sendable, Equatable {
    /// A setting, named as its option.
    package enum Field: String, CaseIterable, Sendable {
        case pages, pageSize = "page-size", order, seed, requireImage = "require-image", bundles
    }

    package var layout = PageLayout()
    /// Page only works whose picture `etl images` verified.
    package var requireImage = false
    /// Also write the `N.json` bundles beside the page files.
    package var writesBundles = false
    /// The settings the command line gave; the others are the catalog's.
    package var given: Set<Field> = []

    package init(layout: PageLayout = PageLayout(), requireImage: Bool = false, writesBundles: Bool = false) {
        self.layout = layout
        self.requireImage = requireImage
        self.writesBundles = writesBundles
    }

    /// The settings in force: each given one from here, the rest from
    /// `stored` (the catalog's), or from here when the catalog has none.
    package func resolved(over stored: PageSettings?) -> PageSettings {
        guard let stored else { return self }
        var result = stored
        result.given = given
        for field in given {
            switch field {
            case .pages: result.layout.pageCount = layout.pageCount
            case .pageSize: result.layout.pageSize = layout.pageSize
            case .order: result.layout.order = layout.order
            case .seed: result.layout.seed = layout.seed
            case .requireImage: result.requireImage = requireImage
            case .bundles: result.writesBundles = writesBundles
            }
        }
        return result
    }

    /// `--order id (was shuffle)` for each setting that differs from `old`.
    package func changes(from old: PageSettings) -> [String] {
        Field.allCases.compactMap { field in
            let (now, before) = (value(of: field), old.value(of: field))
            return now == before ? nil : "--\(field.rawValue) \(now) (was \(before))"
        }
    }

    /// A setting as the catalog stores it and the notices show it.
    package func value(of field: Field) -> String {
        switch field {
        case .pages: "\(layout.pageCount)"
        case .pageSize: "\(layout.pageSize)"
        case .order: layout.order.rawValue
        case .seed: "\(layout.seed)"
        case .requireImage: requireImage ? "on" : "off"
        case .bundles: writesBundles ? "on" : "off"
        }
    }

    /// `pages=30 page-size=100 order=shuffle seed=0 require-image=off bundles=off`.
    package var stored: String {
        Field.allCases.map { "\($0.rawValue)=\(value(of: $0))" }.joined(separator: " ")
    }

    /// Reads `stored`; catalogs written before the last two fields were
    /// kept have them off, as they were. Nil when the text is not one.
    package init?(stored text: String) {
        var fields: [Substring: Substring] = [:]
        for part in text.split(separator: " ") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            fields[pair[0]] = pair[1]
        }
        guard let count = fields["pages"].flatMap({ Int($0) }), count > 0,
              let size = fields["page-size"].flatMap({ Int($0) }), size > 0,
              let order = fields["order"].flatMap({ PageOrder(rawValue: String($0)) }),
              let seed = fields["seed"].flatMap({ UInt64($0) })
        else { return nil }
        func flag(_ field: Field) -> Bool? {
            switch fields[Substring(field.rawValue)] {
            case nil, "off": false
            case "on": true
            default: nil
            }
        }
        guard let requireImage = flag(.requireImage), let writesBundles = flag(.bundles) else { return nil }
        self.init(
            layout: PageLayout(pageCount: count, pageSize: size, order: order, seed: seed),
            requireImage: requireImage, writesBundles: writesBundles)
    }
}
