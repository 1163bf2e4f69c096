import ETLCatalog
import ETLCore
import FetchEngine
import SourceKit
import Store

/// Reads the Met's open-access `MetObjects.csv` and judges each row on its
/// own fields, streaming, so the ~500,000-row file never sits in memory.
///
/// The header must match ``header`` exactly. Data rows with the wrong number
/// of fields or an unusable `Object ID` are skipped and counted as bad rows;
/// once more than `maxBadRows` turn up the file is taken to be broken and
/// reading stops with `CSVError.tooManyBadRows`. More than ``maxRows`` data
/// rows stop it too (`CSVError.tooManyRows`): an endless input (a pipe that
/// never closes) ends there instead of reading forever.
package struct MetObjectsCSV: Sendable {
    /// Data rows read at most: four times the ~500,000 of the real file, the
    /// same bound as an `--ids` file's lines.
    package static let maxRows = 2_000_000

    /// The 54 column names of MetObjects.csv, in file order.
    package static let header: [String] = [
        "Object Number", "Is Highlight", "Is Timeline Work", "Is Public Domain",
        "Object ID", "Gallery Number", "Department", "AccessionYear",
        "Object Name", "Title", "Culture", "Period", "Dynasty", "Reign",
        "Portfolio", "Constituent ID", "Artist Role", "Artist Prefix",
        "Artist Display Name", "Artist Display Bio", "Artist Suffix",
        "Artist Alpha Sort", "Artist Nationality", "Artist Begin Date",
        "Artist End Date", "Artist Gender", "Artist ULAN URL",
        "Artist Wikidata URL", "Object Date", "Object Begin Date",
        "Object End Date", "Medium", "Dimensions", "Credit Line",
        "Geography Type", "City", "State", "County", "Country", "Region",
        "Subregion", "Locale", "Locus", "Excavation", "River", "Classification",
        "Rights and Reproduction", "Link Resource", "Object Wikidata URL",
        "Metadata Date", "Repository", "Tags", "Tags AAT URL", "Tags Wikidata URL",
    ]

    /// `Is Public Domain` is anything other than exactly `True`.
    package static let notPublicDomainReason = MetReason.csvNotPublicDomain.reason
    /// Every `|`-separated part of `Artist Display Name` is blank.
    package static let missingArtistReason = MetReason.csvMissingArtistDisplayName.reason
    /// `Title` is blank.
    package static let missingTitleReason = MetReason.csvMissingTitle.reason
    /// `Classification` is blank.
    package static let missingClassificationReason = MetReason.csvMissingClassification.reason
    /// `Object Date` is blank.
    package static let missingObjectDateReason = MetReason.csvMissingObjectDate.reason

    /// Positions in ``header`` of the columns the rules read. Hard-coded
    /// rather than looked up because the header is validated before any row
    /// is judged, so these cannot drift from the file.
    private enum Column: Int {
        case isPublicDomain = 3
        case objectID = 4
        case title = 9
        case artistDisplayName = 18
        case objectDate = 28
        case classification = 45
    }

    /// The file to read.
    package let path: String
    /// How many bad rows are tolerated before the file counts as broken.
    package let maxBadRows: Int
    /// How many data rows are read at most (``maxRows``).
    package let maxRows: Int

    /// Prepares to read `path`; nothing is opened until ``forEachRow(_:)``.
    package init(path: String, maxBadRows: Int = 100, maxRows: Int = Self.maxRows) {
        self.path = path
        self.maxBadRows = maxBadRows
        self.maxRows = maxRows
    }

    /// Validates the header, then calls `body` once per good data row in file
    /// order, holding only the current row in memory.
    /// - Returns: totals for the whole file.
    /// - Throws: `CSVError.missingHeader` or `.wrongHeader` for a bad header,
    ///   `.tooManyBadRows` past `maxBadRows`, any reader error, and whatever
    ///   `body` throws.
    package func forEachRow(stop: StopSignal? = nil, _ body: (CSVPlanRow) throws -> Void) throws -> CSVReadSummary {
        let reader = try CSVReader(path: path, stop: stop)
        guard let headerRecord = try reader.nextRecord() else {
            throw CSVError.missingHeader(file: reader.fileName)
        }
        try Self.validateHeader(headerRecord.fields, file: reader.fileName)

        var summary = CSVReadSummary()
        while let record = try reader.nextRecord() {
            guard summary.rowsRead < maxRows else { throw CSVError.tooManyRows(file: reader.fileName, line: record.line, limit: maxRows) }
            summary.rowsRead += 1
            // ~4,000 rows take a few milliseconds: a signal ends the read at once.
            if summary.rowsRead & 0xFFF == 0 { try StoppedBySignal.check(stop) }
            switch Self.planRow(for: record, file: reader.fileName) {
            case let .success(row):
                summary.recordVerdict(row.verdict)
                try body(row)
            case let .failure(error):
                summary.recordBadRow(error)
                if summary.badRows > maxBadRows {
                    throw CSVError.tooManyBadRows(
                        file: reader.fileName,
                        count: summary.badRows,
                        limit: maxBadRows,
                        firstLines: summary.firstBadRowLines
                    )
                }
            }
        }
        return summary
    }

    /// Throws `wrongHeader` naming the first column that differs.
    package static func validateHeader(_ fields: [String], file: String) throws {
        let expected = header
        for column in 0..<max(fields.count, expected.count) {
            let expectedName = column < expected.count ? expected[column] : ""
            let foundName = column < fields.count ? fields[column] : ""
            if expectedName != foundName {
                throw CSVError.wrongHeader(file: file, column: column + 1, expected: expectedName, found: foundName)
            }
        }
    }

    /// Turns a data record into a plan row, or explains why it is a bad row.
    package static func planRow(for record: CSVRecord, file: String) -> Result<CSVPlanRow, CSVError> {
        let fields = record.fields
        guard fields.count == header.count else {
            return .failure(.wrongFieldCount(file: file, line: record.line, expected: header.count, found: fields.count))
        }
        let rawID = fields[Column.objectID.rawValue]
        guard let objectID = Int(trimmingWhitespace(rawID)), objectID > 0 else {
            return .failure(.invalidObjectID(file: file, line: record.line, value: rawID))
        }
        return .success(CSVPlanRow(objectID: objectID, verdict: verdict(for: fields)))
    }

    /// Applies the completeness rules to a row already known to have 54 fields.
    package static func verdict(for fields: [String]) -> CSVVerdict {
        var reasons: [RejectionReason] = []
        if fields[Column.isPublicDomain.rawValue] != "True" {
            reasons.append(notPublicDomainReason)
        }
        // Multi-artist cells join names with "|", and the Met pads the
        // empty slots (" | "), so one real name anywhere is enough.
        let artists = fields[Column.artistDisplayName.rawValue].split(separator: "|")
        if artists.allSatisfy(isBlank) {
            reasons.append(missingArtistReason)
        }
        if isBlank(fields[Column.title.rawValue]) {
            reasons.append(missingTitleReason)
        }
        if isBlank(fields[Column.classification.rawValue]) {
            reasons.append(missingClassificationReason)
        }
        if isBlank(fields[Column.objectDate.rawValue]) {
            reasons.append(missingObjectDateReason)
        }
        return reasons.isEmpty ? .likelyComplete : .cannotPass(reasons: reasons)
    }

    private static func isBlank(_ text: some StringProtocol) -> Bool {
        !VisibleText.isVisible(text)
    }

    private static func trimmingWhitespace(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return Substring(scalars[first...last])
    }
}
