import FetchEngine
import Foundation

/// How summaries, the report and progress lines write figures.
package enum FigureText {
    /// `812 B`, `4.2 KB`, `1.3 MB`, `2.0 GB` (powers of 1024).
    package static func bytes(_ count: Int) -> String {
        let units = ["KB", "MB", "GB", "TB"]
        guard count >= 1024 else { return "\(count) B" }
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return String(format: "%.1f", value) + " " + units[unit]
    }

    /// `1h02m`, `3m05s`, `4.2s`.
    package static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "unknown" }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        // A server's number (a Retry-After of 2^63 s) or a damaged catalog's
        // (1e308) must neither trap the conversion below nor print 300 digits.
        if seconds >= 100 * 365 * 86_400 { return "over 100 years" }
        let total = Int(seconds.rounded())
        if total < 3600 { return String(format: "%dm%02ds", total / 60, total % 60) }
        if total < 86_400 { return String(format: "%dh%02dm", total / 3600, (total % 3600) / 60) }
        return String(format: "%dd%02dh", total / 86_400, (total % 86_400) / 3600)
    }

    /// `2.5/s`; `unlimited` when there is no limit.
    package static func rate(_ value: Double) -> String {
        value.isFinite ? String(format: "%.1f/s", value) : "unlimited"
    }
}
