import Foundation

/// Timestamps as the catalog stores them: ISO 8601 in UTC, to the
/// millisecond, which sort correctly as text.
public enum Timestamp {
    public static func string(from date: Date) -> String {
        let parts = utcParts(of: date)
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
            parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec, milliseconds)
    }

    /// The calendar day (UTC) of `date`, as `YYYY-MM-DD`.
    public static func day(of date: Date) -> String {
        let parts = utcParts(of: date)
        return String(format: "%04d-%02d-%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday)
    }

    /// Parses `YYYY-MM-DD` as midnight UTC, or nil when it is not a real date.
    public static func date(fromDay text: String) -> Date? {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, fields.count == 3,
              let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
              fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        let seconds = timegm(&parts)
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        // timegm normalizes 2026-02-31 to March; a round trip rejects it.
        return Self.day(of: date) == text ? date : nil
    }

    private static func utcParts(of date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }
}
