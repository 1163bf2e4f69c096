import ETLCore
import FetchEngine

/// An `etl crawl` option only one source takes, such as the words a photo search looks for:
/// its value, normalized by `parse`, is kept in
/// ``CrawlOptions/sourceSettings`` under ``key``, where the source reads it.
package struct SourceOption: Sendable {
    /// The option without dashes.
    package var name: String
    package var valueName: String
    package var help: String
    /// The source it belongs to; the command line refuses it with another.
    package var source: SourceName
    /// The value as the source keeps it; throws ``InvalidValue`` otherwise.
    package var parse: @Sendable (String) throws -> String
    /// How `--help` shows the default; nil when there is none.
    package var defaultValue: String?
    /// A flag takes no value: given, it is kept as ``flagValue``.
    package var isFlag = false

    package static let flagValue = "true"

    package init(
        _ name: String, _ valueName: String, _ help: String, source: SourceName, defaultValue: String? = nil,
        parse: @escaping @Sendable (String) throws -> String
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.source = source
        self.defaultValue = defaultValue
        self.parse = parse
    }

    /// A flag of `source`'s: no value; ``CrawlOptions/isSet(_:)`` reads it.
    package static func flag(_ name: String, _ help: String, source: SourceName) -> SourceOption {
        var option = SourceOption(name, "", help, source: source) { _ in flagValue }
        option.isFlag = true
        return option
    }

    /// A non-empty path; the one parser of every path option.
    @Sendable package static func path(_ text: String) throws -> String {
        guard !text.isEmpty else { throw InvalidValue(expected: "a path") }
        return text
    }

    /// The parser of an option that picks one of `choices`, kept as
    /// written; `noun` names them in the error (`one of <noun> a, b or c`).
    package static func choice(_ choices: [String], of noun: String? = nil) -> @Sendable (String) throws -> String {
        let expected = (noun.map { "one of \($0) " } ?? "") + HelpText.list(choices, with: "or")
        return { text in
            guard choices.contains(text) else { throw InvalidValue(expected: expected + Suggestion.valueHint(for: text, among: choices)) }
            return text
        }
    }

    /// Where the value is kept: named by source, so two sources' options never meet.
    package var key: String { Self.key(name, of: source) }

    package static func key(_ name: String, of source: SourceName) -> String { "\(source.rawValue).\(name)" }
}
