import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// The kinds of option, each binding a field of `Options` to a parser of
/// its text and a formatter of its default.
extension Option {
    /// Any value: `parse` reads the text (throwing `InvalidValue`), `show`
    /// formats the default for `--help`; `perSource` gives a source's own
    /// default, or nil to keep the struct's.
    package static func custom<T>(
        _ name: String, _ valueName: String, _ help: String, _ keyPath: WritableKeyPath<Options, T> & Sendable,
        parse: @escaping @Sendable (String) throws -> T, show: @escaping @Sendable (T) -> String?,
        perSource: (@Sendable (SourceName) -> T?)? = nil
    ) -> Option {
        custom(name, valueName, help, keyPath, update: { $0 = try parse($1) }, show: show, perSource: perSource)
    }

    /// A value the text changes rather than replaces (`--image-hosts`
    /// widens the source's hosts).
    package static func custom<T>(
        _ name: String, _ valueName: String, _ help: String, _ keyPath: WritableKeyPath<Options, T> & Sendable,
        update: @escaping @Sendable (inout T, String) throws -> Void, show: @escaping @Sendable (T) -> String?,
        perSource: (@Sendable (SourceName) -> T?)? = nil
    ) -> Option {
        Option(
            name: name, valueName: valueName, help: help,
            update: { options, text in try update(&options[keyPath: keyPath], text) },
            writeSourceDefault: { options, source in
                if let value = perSource?(source) { options[keyPath: keyPath] = value }
            },
            describe: { options in show(options[keyPath: keyPath]) })
    }

    /// An optional field: nil until given, shown as `absent` (if any) while nil.
    package static func optional<T>(
        _ name: String, _ valueName: String, _ help: String, _ keyPath: WritableKeyPath<Options, T?> & Sendable,
        parse: @escaping @Sendable (String) throws -> T, show: @escaping @Sendable (T) -> String?, absent: String? = nil
    ) -> Option {
        custom(name, valueName, help, keyPath, parse: { try parse($0) }, show: { $0.map(show) ?? absent })
    }

    /// `--full`: sets the field to true; takes no value.
    package static func flag(_ name: String, _ help: String, _ keyPath: WritableKeyPath<Options, Bool> & Sendable) -> Option {
        Option(
            name: name, valueName: nil, help: help,
            update: { options, _ in options[keyPath: keyPath] = true }, describe: { _ in nil })
    }

    /// An integer within `range`.
    package static func integer(
        _ name: String, _ valueName: String, _ help: String, _ keyPath: WritableKeyPath<Options, Int> & Sendable,
        in range: ClosedRange<Int>
    ) -> Option {
        custom(name, valueName, help, keyPath, parse: { try integer($0, in: range) }, show: { "\($0)" })
    }

    /// An integer within `range`, or nil (no limit) until given.
    package static func integer(
        _ name: String, _ valueName: String, _ help: String, _ keyPath: WritableKeyPath<Options, Int?> & Sendable,
        in range: ClosedRange<Int>
    ) -> Option {
        optional(name, valueName, help, keyPath, parse: { try integer($0, in: range) }, show: { "\($0)" })
    }

    /// A number within `range`; the bound keeps absurd values (`1e300`,
    /// `inf`) from reaching conversions to whole milliseconds.
    package static func number(
        _ name: String, _ valueName: String, _ help: String, _ keyPath: WritableKeyPath<Options, Double> & Sendable,
        in range: ClosedRange<Double>, expected: String, perSource: (@Sendable (SourceName) -> Double?)? = nil
    ) -> Option {
        custom(
            name, valueName, help, keyPath, parse: { try number($0, in: range, expected: expected) },
            show: HelpText.number, perSource: perSource)
    }

    /// A non-empty path.
    package static func path(
        _ name: String, _ valueName: String, _ help: String, _ keyPath: WritableKeyPath<Options, String> & Sendable,
        perSource: (@Sendable (SourceName) -> String?)? = nil
    ) -> Option {
        // An empty path (`etl plan` before its CSV is given) has no default to show.
        custom(name, valueName, help, keyPath, parse: path, show: { $0.isEmpty ? nil : $0 }, perSource: perSource)
    }

    /// A non-empty path, or nil until given; `absent` says what nil means
    /// (`standard output`).
    package static func path(
        _ name: String, _ valueName: String, _ help: String, _ keyPath: WritableKeyPath<Options, String?> & Sendable,
        absent: String? = nil
    ) -> Option {
        optional(name, valueName, help, keyPath, parse: path, show: { $0 }, absent: absent)
    }

    /// One of the cases of `T`, by raw value; the value name lists them (`id|shuffle`).
    package static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ help: String, _ keyPath: WritableKeyPath<Options, T> & Sendable
    ) -> Option where T.RawValue == String {
        choice(name, help, keyPath, among: Array(T.allCases))
    }

    /// One of `values`, by raw value.
    package static func choice<T: RawRepresentable & Sendable>(
        _ name: String, _ help: String, _ keyPath: WritableKeyPath<Options, T> & Sendable, among values: [T]
    ) -> Option where T.RawValue == String {
        let names = values.map(\.rawValue)
        return custom(
            name, names.joined(separator: "|"), help, keyPath,
            parse: { text in
                guard let value = values.first(where: { $0.rawValue == text }) else {
                    // `Met` for `met`: say which spelling is meant.
                    throw InvalidValue(expected: HelpText.list(names, with: "or") + Suggestion.valueHint(for: text, among: names))
                }
                return value
            },
            show: \.rawValue)
    }

    /// A duration such as `90m`, `6h`, `1h30m` or `45s`, or nil until given.
    package static func duration(
        _ name: String, _ valueName: String, _ help: String, _ keyPath: WritableKeyPath<Options, Double?> & Sendable
    ) -> Option {
        optional(name, valueName, help, keyPath, parse: duration, show: { HelpText.number($0) + "s" })
    }

    /// A non-empty single line of text.
    package static func line(
        _ name: String, _ valueName: String, _ help: String, _ keyPath: WritableKeyPath<Options, String> & Sendable,
        show: @escaping @Sendable (String) -> String? = { $0 }
    ) -> Option {
        custom(name, valueName, help, keyPath, parse: line, show: show)
    }

    /// A non-empty single line of text, or nil until given.
    package static func line(
        _ name: String, _ valueName: String, _ help: String, _ keyPath: WritableKeyPath<Options, String?> & Sendable
    ) -> Option {
        optional(name, valueName, help, keyPath, parse: line, show: { $0 })
    }

    // MARK: Parsers the kinds share

    package static func integer(_ text: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw InvalidValue(
                expected: range.upperBound == Int.max
                    ? "an integer of at least \(range.lowerBound)"
                    : "an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    package static func number(_ text: String, in range: ClosedRange<Double>, expected: String) throws -> Double {
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw InvalidValue(expected: expected)
        }
        return value
    }

    @Sendable package static func path(_ text: String) throws -> String { try SourceOption.path(text) }

    /// A single line that shows something: a search text of `' '` or of a zero width
    /// space would send a search for nothing.
    @Sendable package static func line(_ text: String) throws -> String { try VisibleText.line(text) }

    /// A duration with its unit: a bare `6` is refused, since a cron line
    /// meant as six hours would otherwise run six seconds.
    @Sendable package static func duration(_ text: String) throws -> Double {
        if Double(text) != nil {
            // `6` is told `6h`; a number written otherwise (`1e3`, `-6`) gets the plain example.
            let isPlain = !text.isEmpty && text.count <= 10 && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            let example = isPlain ? text : "6"
            throw InvalidValue(
                expected: "a duration with a unit (s, m, h or d), such as \(example)h for \(example) hours or \(example)m for \(example) minutes")
        }
        guard let seconds = seconds(inDuration: text), seconds.isFinite, seconds > 0, seconds <= 1e9 else {
            throw InvalidValue(expected: "a duration such as 90m, 6h, 1h30m or 45s")
        }
        return seconds
    }

    /// Seconds in `90m`, `6h`, `1h30m`, `45s`, `1d`; nil for anything else
    /// (a bare number, or units out of order or repeated: `1h1h`, `30m1h`).
    package static func seconds(inDuration text: String) -> Double? {
        let units: [Character: Double] = ["d": 86_400, "h": 3600, "m": 60, "s": 1]
        var total = 0.0
        var digits = ""
        var lastUnit = Double.infinity
        for character in text {
            if character.isASCII && (character.isNumber || character == ".") {
                digits.append(character)
                continue
            }
            // Each unit once, largest first, as a person writes a duration.
            guard let value = Double(digits), let unit = units[character], unit < lastUnit else { return nil }
            total += value * unit
            lastUnit = unit
            digits = ""
        }
        return digits.isEmpty ? total : nil
    }
}
