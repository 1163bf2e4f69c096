import Foundation

/// The options given to one command, with typed accessors whose errors
/// name the flag, the value and what was expected.
public struct ParsedOptions: Sendable {
    public let command: String
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// Splits `arguments` according to `spec`; `--name=value` and `--name value` both work.
    init(arguments: [String], spec: CommandSpec) throws {
        command = spec.name
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw UsageError("Unexpected argument '\(argument)'", command: command)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.option(named: name) else {
                throw UsageError("Unknown option '--\(name)'", command: command)
            }
            if option.isFlag {
                if inlineValue != nil {
                    throw UsageError("The flag '--\(name)' does not take a value", command: command)
                }
                flags.insert(name)
                continue
            }
            if let inlineValue {
                values[name] = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                values[name] = arguments[index]
                index += 1
            } else {
                throw UsageError("Missing value for '\(option.synopsis)'", command: command)
            }
        }
    }

    public func isSet(_ flag: String) -> Bool { flags.contains(flag) }

    public func string(_ name: String) -> String? { values[name] }

    public func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw invalid(name, text, Self.describe(range))
        }
        return value
    }

    /// A number from `minimum` to `maximum`; the bound keeps absurd values
    /// (`1e300`, `inf`) from reaching conversions to whole milliseconds.
    public func number(_ name: String, atLeast minimum: Double, atMost maximum: Double = 1e9, expected: String) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text), value.isFinite, value >= minimum, value <= maximum else {
            throw invalid(name, text, expected)
        }
        return value
    }

    public func choice<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws -> T? where T.RawValue == String {
        guard let text = values[name] else { return nil }
        guard let value = T(rawValue: text) else {
            throw invalid(name, text, T.allCases.map(\.rawValue).joined(separator: " or "))
        }
        return value
    }

    /// A day as `YYYY-MM-DD`.
    public func day(_ name: String) throws -> String? {
        guard let text = values[name] else { return nil }
        guard Timestamp.date(fromDay: text) != nil else { throw invalid(name, text, "a real calendar date as YYYY-MM-DD") }
        return text
    }

    /// A duration such as `90m`, `6h`, `1h30m`, `45s` or plain seconds.
    public func duration(_ name: String) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let seconds = Self.parseDuration(text), seconds.isFinite, seconds > 0, seconds <= 1e9 else {
            throw invalid(name, text, "a duration such as 90m, 6h, 1h30m or 45s")
        }
        return seconds
    }

    /// A non-empty path.
    public func path(_ name: String) throws -> String? {
        guard let text = values[name] else { return nil }
        guard !text.isEmpty else { throw invalid(name, text, "a path") }
        return text
    }

    public func invalid(_ name: String, _ value: String, _ expected: String) -> UsageError {
        return UsageError("Invalid value '\(value)' for '--\(name)': expected \(expected)", command: command)
    }

    static func parseDuration(_ text: String) -> Double? {
        if let seconds = Double(text) { return seconds }
        var total = 0.0
        var digits = ""
        for character in text {
            if character.isNumber || character == "." {
                digits.append(character)
                continue
            }
            guard let value = Double(digits) else { return nil }
            switch character {
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            case "d": total += value * 86_400
            default: return nil
            }
            digits = ""
        }
        return digits.isEmpty ? total : nil
    }

    private static func describe(_ range: ClosedRange<Int>) -> String {
        range.upperBound == Int.max
            ? "an integer of at least \(range.lowerBound)"
            : "an integer from \(range.lowerBound) to \(range.upperBound)"
    }
}
