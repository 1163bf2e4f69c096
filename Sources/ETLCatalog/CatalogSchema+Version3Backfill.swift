import ETLCore
import ETLPictures
import FetchEngine
import Store

/// The columns version 3 added to `objects`, filled from each stored body as
/// etl 3's crawl filled them (`MetObject.decode` then `PromotedColumns.values`
/// at 9d4f6e2), with SQLite's JSON functions and a copy of that day's markup
/// rule: frozen, so a later decoder or column list changes nothing here.
///
/// The rules copied: a body that is not a JSON object leaves every column
/// NULL; a date is a JSON integer, or a real with no fraction below 9.2e18;
/// text is a JSON string, NULL when empty or all Unicode white space;
/// `is_highlight` is 1 for `true`, 0 for `false`, else NULL; `title_text` is
/// the `title` string without markup (``Version3PlainText``), NULL when
/// `title` is not a string.
///
/// Where SQLite's JSON reading differs from that decoder, only on bodies the
/// API does not send: a key spelled with escapes (`"titl\u0065"`) is not
/// found, and a string stops at an escaped NUL. A body that is not one
/// JSON object (`json_valid`, as strict as the decoder) leaves the columns
/// NULL in both.
extension CatalogSchema {
    package static func backfillVersion3Columns(_ database: Database) throws {
        try database.execute(sql: version3BackfillSQL)
        let titles = try database.makeStatement(sql: """
            SELECT object_id, json_extract(raw_json, '$.title') FROM objects_raw
             WHERE json_valid(raw_json) AND json_type(raw_json) = 'object' AND json_type(raw_json, '$.title') = 'text'
            """)
        let update = try database.makeStatement(sql: "UPDATE objects SET title_text = ? WHERE object_id = ?")
        try titles.forEachRow { row in
            guard case .integer(let id) = row[0], case .text(let title) = row[1] else { return }
            try update.execute(arguments: [.text(Version3PlainText.from(markup: title)), .integer(id)])
        }
    }

    package static let version3BackfillSQL = """
        UPDATE objects SET
            object_begin_date = \(version3Integer("objectBeginDate")),
            object_end_date = \(version3Integer("objectEndDate")),
            culture = \(version3Text("culture")),
            period = \(version3Text("period")),
            country = \(version3Text("country")),
            artist_nationality = \(version3Text("artistNationality")),
            accession_number = \(version3Text("accessionNumber")),
            credit_line = \(version3Text("creditLine")),
            is_highlight = CASE json_type(r.raw_json, '$.isHighlight') WHEN 'true' THEN 1 WHEN 'false' THEN 0 END
          FROM objects_raw r
         WHERE r.object_id = objects.object_id AND json_valid(r.raw_json) AND json_type(r.raw_json) = 'object'
        """

    private static func version3Integer(_ key: String) -> String {
        let value = "json_extract(r.raw_json, '$.\(key)')"
        return """
            CASE json_type(r.raw_json, '$.\(key)') \
            WHEN 'integer' THEN CASE WHEN typeof(\(value)) = 'integer' THEN \(value) END \
            WHEN 'real' THEN CASE WHEN \(value) = round(\(value)) AND abs(\(value)) < 9.2e18 \
            THEN CAST(\(value) AS INTEGER) END END
            """
    }

    /// The 25 characters with Unicode's White_Space property.
    private static let version3WhiteSpace = "char(9, 10, 11, 12, 13, 32, 133, 160, 5760, 8192, 8193, 8194, 8195, 8196, "
        + "8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288)"

    private static func version3Text(_ key: String) -> String {
        let value = "json_extract(r.raw_json, '$.\(key)')"
        return """
            CASE WHEN json_type(r.raw_json, '$.\(key)') = 'text' \
            AND trim(\(value), \(version3WhiteSpace)) <> '' THEN \(value) END
            """
    }
}

/// `PlainText.from(markup:)` as it was at 9d4f6e2, for the version 3 step:
/// tags removed, the five XML entities, `&#39;` and `&nbsp;` decoded,
/// white-space runs collapsed.
package enum Version3PlainText {
    package static func from(markup text: String) -> String {
        guard text.contains("<") || text.contains("&") else { return collapsed(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "<", let end = tagEnd(in: text, from: index) {
                index = end
                continue
            }
            if character == "&", let (decoded, end) = entity(in: text, from: index) {
                result.append(decoded)
                index = end
                continue
            }
            result.append(character)
            index = text.index(after: index)
        }
        return collapsed(result)
    }

    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `<` then a letter, `/` or `!`, up to the next `>`: "a < b" stays text.
    private static func tagEnd(in text: String, from start: String.Index) -> String.Index? {
        let next = text.index(after: start)
        guard next < text.endIndex else { return nil }
        let first = text[next]
        guard first.isLetter || first == "/" || first == "!" else { return nil }
        guard let close = text[next...].firstIndex(of: ">") else { return nil }
        return text.index(after: close)
    }

    private static let entities: [Substring: Character] = [
        "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&apos;": "'", "&#39;": "'", "&nbsp;": " ",
    ]

    private static func entity(in text: String, from start: String.Index) -> (Character, String.Index)? {
        guard let semicolon = text[start...].prefix(7).firstIndex(of: ";") else { return nil }
        let end = text.index(after: semicolon)
        guard let character = entities[text[start..<end]] else { return nil }
        return (character, end)
    }
}
