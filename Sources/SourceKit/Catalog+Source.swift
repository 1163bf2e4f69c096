import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import Store

extension Catalog {
    /// The `settings` key naming the source whose data the catalog holds.
    package static let sourceKey = "source"

    /// The name of the source whose data the catalog holds; nil for a
    /// catalog from before sources existed (it holds the first source's).
    package func recordedSourceName() throws -> SourceName? {
        guard let text = try setting(Self.sourceKey) else { return nil }
        guard let source = SourceName(rawValue: text) else {
            throw CatalogError.notACatalog(path: path, reason: "its source '\(TerminalText.escaped(text))' is unknown")
        }
        return source
    }

    /// The source whose data the catalog holds: the recorded one; `legacy`
    /// for a catalog with objects but none recorded (from before sources
    /// existed); nil for an empty one that no source has bound yet.
    package func heldSourceName(legacy: SourceName) throws -> SourceName? {
        if let recorded = try recordedSourceName() { return recorded }
        // Asked on every open: EXISTS stops at the first row, where count(*) reads them all.
        let isEmpty = try database.fetchOne(sql: "SELECT EXISTS (SELECT 1 FROM objects) AS held")?.integer(named: "held") == 0
        return isEmpty ? nil : legacy
    }

    /// Makes the catalog `source`'s: a new catalog records it (and gets the
    /// source's own `table`); one holding another source's data is refused,
    /// so one file never mixes two datasets. A catalog with objects but no
    /// recorded source is `legacy`'s, the source that came before sources.
    package func bind(to source: SourceName, table: SourceTable?, legacy: SourceName) throws {
        try database.transaction {
            let recorded = try recordedSourceName()
            let holds = try heldSourceName(legacy: legacy) ?? source
            guard holds == source else { throw CatalogError.otherSource(path: path, holds: holds, asked: source) }
            if recorded == nil { try setSetting(Self.sourceKey, to: source.rawValue) }
            guard let table else { return }
            try Self.addSourceColumns(table, in: database)
        }
        // Columns an upgrade appended go where a fresh catalog has them.
        if let table { try orderColumnsAsFresh(table) }
    }

    /// Records the items of a listing-only source, read at `date`: each
    /// one's core columns, raw JSON, rejection reasons and own columns.
    package func store(_ items: [ListedItem], table: SourceTable?, at date: Date) throws {
        try database.transaction { try storeRows(items, table: table, at: date) }
    }

    /// ``store(_:table:at:)`` inside the caller's transaction.
    func storeRows(_ items: [ListedItem], table: SourceTable?, at date: Date) throws {
        let fetchedAt = DatabaseValue.text(Timestamp.string(from: date))
        let upsert = try database.makeStatement(sql: """
            INSERT INTO objects (
                object_id, state, needs_fetch, http_status, fetched_at, attempts, error, primary_image,
                artist_display_name, title, title_text, object_date, object_begin_date, object_end_date,
                object_url, is_complete, dedup_key, department, classification, medium, culture, credit_line,
                accession_number, rights, rights_url, primary_image_width, primary_image_height)
            VALUES (?, \(ObjectState.fetched.sql), 0, 200, ?, 1, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (object_id) DO UPDATE SET
                state = \(ObjectState.fetched.sql), needs_fetch = 0, http_status = 200, fetched_at = excluded.fetched_at,
                attempts = attempts + 1, error = NULL, primary_image = excluded.primary_image,
                artist_display_name = excluded.artist_display_name, title = excluded.title,
                title_text = excluded.title_text, object_date = excluded.object_date,
                object_begin_date = excluded.object_begin_date, object_end_date = excluded.object_end_date,
                object_url = excluded.object_url, is_complete = excluded.is_complete, dedup_key = excluded.dedup_key,
                department = excluded.department, classification = excluded.classification, medium = excluded.medium,
                culture = excluded.culture, credit_line = excluded.credit_line, accession_number = excluded.accession_number,
                rights = excluded.rights, rights_url = excluded.rights_url,
                primary_image_width = excluded.primary_image_width, primary_image_height = excluded.primary_image_height
            """)
        let rawAndReasons = try RawRecordWriter(database: database)
        let details = try table.map { try database.makeStatement(sql: $0.upsertSQL) }
        for item in items {
            let id = DatabaseValue.integer(Int64(item.id))
            // works.artist_display_name is NOT NULL: a source without
            // creators (a list of movies) stores an empty name.
            try upsert.execute(arguments: [
                id, fetchedAt, .text(item.imageURL), .text(item.creator ?? ""), .text(item.title),
                .text(item.title.flatMap { PlainText.from(markup: $0) }), .text(item.date), .int(item.year),
                .int(item.endYear ?? item.year), .text(item.pageURL), .bool(item.isComplete),
                item.isComplete ? .text(item.duplicateKey ?? String(item.id)) : .null,
                // The shared work fields: NULL when blank, as the Met's are.
                .text(Self.shown(item.department)), .text(Self.shown(item.classification)), .text(Self.shown(item.medium)),
                .text(Self.shown(item.culture)), .text(Self.shown(item.creditLine)), .text(Self.shown(item.accessionNumber)),
                .text(Self.shown(item.rights)), .text(Self.shown(item.rightsURL)),
                .int(item.imageWidth.flatMap { $0 > 0 ? $0 : nil }), .int(item.imageHeight.flatMap { $0 > 0 ? $0 : nil }),
            ])
            try rawAndReasons.write(id: id, raw: .text(item.rawJSON), reasons: item.reasons)
            if let table, let details { try details.execute(arguments: try table.arguments(id: id, values: item.details)) }
        }
    }

    /// `text` when it shows something, else nil.
    private static func shown(_ text: String?) -> String? {
        text.flatMap { VisibleText.isVisible($0) ? $0 : nil }
    }

    /// Copies the source's own columns onto the kept works, writing only
    /// rows that differ (an unchanged night leaves `works` untouched).
    package func copySourceColumns(from table: SourceTable) throws {
        let names = table.columns.map(\.name)
        try database.execute(sql: """
            UPDATE works SET \(names.map { "\($0) = s.\($0)" }.joined(separator: ", "))
              FROM \(table.name) AS s
             WHERE s.object_id = works.object_id
               AND (\(names.map { "works.\($0)" }.joined(separator: ", "))) IS NOT (\(names.map { "s.\($0)" }.joined(separator: ", ")))
            """)
    }
}
