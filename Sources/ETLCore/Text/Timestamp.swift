import FetchEngine
import Foundation
import Store

/// Timestamps as the catalog stores them: ISO 8601 in UTC, to the
/// millisecond, which sort correctly as text.
package enum Timestamp {
    package static func string(from date: Date) -> String {
        let parts = utcParts(of: date)
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
        // Fixed-width digits by hand: String(format:) goes through CFString
        // and cost 3% of a crawl's CPU (one call per stored result).
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var index = 0
            func put(_ value: Int, _ width: Int) {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                var rest = value
                for _ in 0..<width {
                    buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest / divisor)
                    rest %= divisor
                    divisor /= 10
                    index += 1
                }
            }
            func char(_ c: Unicode.Scalar) { buffer[index] = UInt8(ascii: c); index += 1 }
            put(Int(parts.tm_year) + 1900, 4); char("-"); put(Int(parts.tm_mon) + 1, 2); char("-")
            put(Int(parts.tm_mday), 2); char("T"); put(Int(parts.tm_hour), 2); char(":")
            put(Int(parts.tm_min), 2); char(":"); put(Int(parts.tm_sec), 2); char(".")
            put(milliseconds, 3); char("Z")
            return index
        }
    }

    /// The calendar day (UTC) of `date`, as `YYYY-MM-DD`.
    package static func day(of date: Date) -> String {
        let parts = utcParts(of: date)
        return String(format: "%04d-%02d-%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday)
    }

    /// Parses `YYYY-MM-DD` as midnight UTC, or nil when it is not a real date.
    package static func date(fromDay text: String) -> Date? {
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
