import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// The options a command line gives, in order, as text: what the parser
/// reads into the options struct, and what a command's `validate` step
/// quotes back (`--rate-start 5 is above --rate-max 2`).
package struct GivenOptions: Sendable {
    package struct Entry: Sendable, Equatable {
        package let name: String
        /// The value's text; empty for a flag.
        package let text: String
    }

    package private(set) var entries: [Entry] = []

    /// `. Did you mean '--json'?` for `-json`, or for `—json` and `–json`
    /// (a dash a word processor or a web page made of `--`), when that names
    /// an option; "" otherwise.
    static func dashHint(_ argument: String, names: [String]) -> String {
        var name = Substring(argument)
        guard let first = name.first, first == "-" || first == "\u{2014}" || first == "\u{2013}" else { return "" }
        name = name.drop { $0 == "-" || $0 == "\u{2014}" || $0 == "\u{2013}" }
        if let equals = name.firstIndex(of: "=") { name = name[..<equals] }
        guard name.count > 1, names.contains(String(name)) else { return "" }
        return "." + Suggestion.didYouMean(["--\(name)"])
    }

    /// Splits `arguments`; `--name=value` and `--name value` both work.
    /// `lookup` finds an option's synopsis, and whether it is a flag, by name;
    /// `names` are the valid names an unknown one is compared with.
    package init(
        arguments: [String], command: String, names: [String],
        lookup: (String) -> (synopsis: String, isFlag: Bool)?
    ) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw UsageError("Unexpected argument '\(argument)'" + Self.dashHint(argument, names: names), command: command)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = lookup(name) else {
                let nearest = Suggestion.nearest(to: name, among: names).map { "--\($0)" }
                let hint = nearest.isEmpty ? "" : "." + Suggestion.didYouMean(nearest)
                throw UsageError("Unknown option '--\(name)'" + hint, command: command)
            }
            if option.isFlag {
                if inlineValue != nil {
                    throw UsageError("The flag '--\(name)' does not take a value", command: command)
                }
                entries.append(Entry(name: name, text: ""))
            } else if let inlineValue {
                entries.append(Entry(name: name, text: inlineValue))
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                entries.append(Entry(name: name, text: arguments[index]))
                index += 1
            } else {
                throw UsageError("Missing value for '\(option.synopsis)'", command: command)
            }
        }
    }

    package func contains(_ name: String) -> Bool {
        entries.contains { $0.name == name }
    }

    /// The text last given for `name`, which is the one that counts.
    package func text(of name: String) -> String? {
        entries.last { $0.name == name }?.text
    }
}
