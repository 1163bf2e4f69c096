import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// One command-line option, bound to a field of its command's `Options`.
///
/// Parsing starts from `Options()` and writes each given option into its
/// field; `--help` reads the default from the same field of `Options()`,
/// so a default is written once, in the struct. The kinds of option
/// (`.flag`, `.integer`, `.path`, `.choice`, `.custom`, …) are in
/// `Option+Kinds.swift`.
package struct Option<Options>: Sendable {
    /// The long name without dashes, e.g. `catalog`.
    package let name: String
    /// The value's placeholder, e.g. `path`; nil for a flag, which takes none.
    package let valueName: String?
    package let help: String
    /// The sources the option is valid with; nil for every source.
    package let sources: [SourceName]?
    /// Reads the given text into the field (a flag ignores it); throws
    /// `InvalidValue` saying what was expected.
    package let update: @Sendable (inout Options, String) throws -> Void
    /// Writes the source's own default into the field, before the given
    /// options are read.
    package let writeSourceDefault: @Sendable (inout Options, SourceName) -> Void
    /// The field's value as `--help` shows it; nil when there is none.
    package let describe: @Sendable (Options) -> String?

    package init(
        name: String, valueName: String?, help: String, sources: [SourceName]? = nil,
        update: @escaping @Sendable (inout Options, String) throws -> Void,
        writeSourceDefault: @escaping @Sendable (inout Options, SourceName) -> Void = { _, _ in },
        describe: @escaping @Sendable (Options) -> String?
    ) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.sources = sources
        self.update = update
        self.writeSourceDefault = writeSourceDefault
        self.describe = describe
    }

    package var isFlag: Bool { valueName == nil }

    /// `--catalog <path>` or `--full`.
    package var synopsis: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }

    /// The same option, refused unless `--source` is one of `sources`.
    package func validOnly(with sources: SourceName...) -> Option {
        validOnly(with: sources)
    }

    package func validOnly(with sources: [SourceName]) -> Option {
        Option(
            name: name, valueName: valueName, help: help, sources: sources,
            update: update, writeSourceDefault: writeSourceDefault, describe: describe)
    }

    /// The same option bound to the `Options` inside a larger struct, so
    /// one declaration serves every command that holds such a field
    /// (`PacingOptions` in `crawl` and `images`).
    package func scoped<Outer>(to keyPath: WritableKeyPath<Outer, Options> & Sendable) -> Option<Outer> {
        let update = self.update
        let writeSourceDefault = self.writeSourceDefault
        let describe = self.describe
        return Option<Outer>(
            name: name, valueName: valueName, help: help, sources: sources,
            update: { outer, text in try update(&outer[keyPath: keyPath], text) },
            writeSourceDefault: { outer, source in writeSourceDefault(&outer[keyPath: keyPath], source) },
            describe: { outer in describe(outer[keyPath: keyPath]) })
    }

    /// `'--ids' is only valid with '--source met'`, or nil when `source` may use it.
    package func problem(with source: SourceName) -> String? {
        guard let sources, !sources.contains(source) else { return nil }
        let allowed = sources.map { "'--source \($0.rawValue)'" }
        return "'--\(name)' is only valid with \(HelpText.list(allowed, with: "or"))"
    }
}
