import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// Text for the report: HTML escaping and numbers formatted the same way
/// on every machine (no locale), so a report is reproducible byte for byte.
package enum ReportFormat {
    /// Escapes text for HTML content and attribute values; control
    /// characters from the network become U+FFFD.
    package static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out += " "
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `1,234,567`.
    package static func integer(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// A tick label: integers grouped, fractions with as many digits as the step needs.
    package static func tick(_ value: Double, step: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return integer(Int(value)) }
        let decimals = max(0, min(6, Int((-log10(step)).rounded(.up))))
        return String(format: "%.\(decimals)f", value)
    }

    /// `12.3` with one decimal.
    package static func decimal(_ value: Double, digits: Int = 1) -> String {
        guard value.isFinite else { return "unlimited" }
        return String(format: "%.\(digits)f", value)
    }

    /// A coordinate: one decimal is finer than a screen pixel at any size the page is shown.
    package static func coordinate(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// `42.0%` of a whole.
    package static func percent(_ part: Int, of whole: Int) -> String {
        whole > 0 ? String(format: "%.1f%%", Double(part) * 100 / Double(whole)) : "–"
    }
}
