import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// A subcommand in swift-argument-parser's shape: its help, its options
/// bound to the fields of `Options`, a `validate` step for the rules
/// across options, and the `ETLCommand` the parsed options make.
package struct Command<Options: CommandOptions>: Sendable {
    package let name: String
    package let abstract: String
    package let discussion: String?
    package let options: [Option<Options>]
    /// The field `--source` sets; nil for a command that serves one source.
    package let sourcePath: (WritableKeyPath<Options, SourceName> & Sendable)?
    /// Throws `ValidationError` for options that do not go together.
    package let validate: @Sendable (Options, GivenOptions) throws -> Void
    package let makeCommand: @Sendable (Options) -> ETLCommand
    /// The environment variables the command reads, for `--help`.
    package private(set) var environment: [EnvironmentVariable] = []
    /// Options the command cannot run without (its `validate` says so when
    /// one is missing); the usage line shows them without brackets.
    package private(set) var required: [String] = []

    /// A command whose `--source` option writes `sourcePath`.
    package init(
        name: String, abstract: String, discussion: String? = nil, options: [Option<Options>],
        source sourcePath: WritableKeyPath<Options, SourceName> & Sendable,
        validate: @escaping @Sendable (Options, GivenOptions) throws -> Void = { _, _ in },
        makeCommand: @escaping @Sendable (Options) -> ETLCommand
    ) {
        self.init(
            name: name, abstract: abstract, discussion: discussion, options: options, sourcePath: sourcePath,
            validate: validate, makeCommand: makeCommand)
    }

    /// A command that serves one source.
    package init(
        name: String, abstract: String, discussion: String? = nil, options: [Option<Options>],
        validate: @escaping @Sendable (Options, GivenOptions) throws -> Void = { _, _ in },
        makeCommand: @escaping @Sendable (Options) -> ETLCommand
    ) {
        self.init(
            name: name, abstract: abstract, discussion: discussion, options: options, sourcePath: nil,
            validate: validate, makeCommand: makeCommand)
    }

    private init(
        name: String, abstract: String, discussion: String?, options: [Option<Options>],
        sourcePath: (WritableKeyPath<Options, SourceName> & Sendable)?,
        validate: @escaping @Sendable (Options, GivenOptions) throws -> Void,
        makeCommand: @escaping @Sendable (Options) -> ETLCommand
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.sourcePath = sourcePath
        self.validate = validate
        self.makeCommand = makeCommand
    }

    /// The same command, its help naming `variables`.
    package func reading(_ variables: [EnvironmentVariable]) -> Command {
        var command = self
        command.environment = variables
        return command
    }

    /// The same command, `names` shown as required in its usage.
    package func requiring(_ names: [String]) -> Command {
        var command = self
        command.required = names
        return command
    }

    package func option(named name: String) -> Option<Options>? {
        options.first { $0.name == name }
    }

    /// The source when `--source` is not given.
    package var defaultSource: SourceName {
        sourcePath.map { Options()[keyPath: $0] } ?? SourceRegistry.first.name
    }

    /// `Options()` with `source`'s own defaults written in: where parsing
    /// starts, and what `--help` shows.
    package func defaults(for source: SourceName) -> Options {
        var defaults = Options()
        guard let sourcePath else { return defaults }
        defaults[keyPath: sourcePath] = source
        for option in options {
            option.writeSourceDefault(&defaults, source)
        }
        return defaults
    }

    /// Reads `arguments` (after the subcommand's name) into `Options`:
    /// the source's defaults first, then each given option in order, then
    /// `validate`. Every problem is a one-line `UsageError`.
    package func parse(_ arguments: [String]) throws -> Options {
        let given = try GivenOptions(arguments: arguments, command: name, names: options.map(\.name) + ["help"]) { optionName in
            // `--help` is answered before parsing; here it only needs to be known.
            if optionName == "help" { return ("--help", true) }
            return option(named: optionName).map { ($0.synopsis, $0.isFlag) }
        }
        let source = try source(in: given)
        var parsed = defaults(for: source)
        for entry in given.entries {
            guard let option = option(named: entry.name) else { continue }
            if let problem = option.problem(with: source) {
                throw UsageError(problem, command: name)
            }
            try read(entry.text, by: option, into: &parsed)
        }
        if given.contains(SharedOptions.sourceOptionName) { parsed.givenSource = source }
        do {
            try validate(parsed, given)
        } catch let error as ValidationError {
            throw UsageError(error.message, command: name)
        }
        return parsed
    }

    /// `--source`, read before the rest because it picks their defaults.
    private func source(in given: GivenOptions) throws -> SourceName {
        guard let sourcePath, let option = option(named: SharedOptions.sourceOptionName),
              let text = given.text(of: SharedOptions.sourceOptionName)
        else {
            return defaultSource
        }
        var options = Options()
        try read(text, by: option, into: &options)
        return options[keyPath: sourcePath]
    }

    private func read(_ text: String, by option: Option<Options>, into options: inout Options) throws {
        do {
            try option.update(&options, text)
        } catch let invalid as InvalidValue where invalid.mayHoldSecret {
            throw UsageError("Invalid value for '--\(option.name)' (not shown): expected \(invalid.expected)", command: name)
        } catch let invalid as InvalidValue {
            throw UsageError("Invalid value '\(text)' for '--\(option.name)': expected \(invalid.expected)", command: name)
        }
    }
}

extension Command: Subcommand {
    package func command(from arguments: [String]) throws -> ETLCommand {
        makeCommand(try parse(arguments))
    }
}
