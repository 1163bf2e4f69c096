import FetchEngine
import Store

/// How help and error texts write lists and numbers.
package enum HelpText {
    /// `a`, `a and b`, `a, b and c`.
    package static func list(_ items: [String], with conjunction: String) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }

    /// `80`, `0.5`, `1000000`: a number as the command line writes it.
    package static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
