import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// A subcommand as `--help` and `Usage:` show it: its name, what it does,
/// and its options with their defaults.
package struct CommandSpec: Sendable {
    package let name: String
    package let abstract: String
    package let discussion: String?
    package let options: [OptionSpec]
    /// What the command reads from the environment, listed under ENVIRONMENT.
    package let environment: [EnvironmentVariable]

    package init(
        name: String, abstract: String, discussion: String? = nil, environment: [EnvironmentVariable] = [],
        options: [OptionSpec]
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.environment = environment
        self.options = options + [.flag("help", "Show help information.")]
    }

    package func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// `etl crawl [--api <url>] …`, wrapped like swift-argument-parser does.
    package var usage: String {
        let parts = options.filter { $0.name != "help" }.map(\.usageSynopsis)
        var lines: [String] = []
        var line = "etl \(name)"
        let indent = String(repeating: " ", count: line.count)
        for part in parts {
            // Room for the "USAGE: " prefix that `help` puts before the first line.
            if line.count + 1 + part.count > 80 - 7 {
                lines.append(line)
                line = indent
            }
            line += " " + part
        }
        lines.append(line)
        return lines.joined(separator: "\n       ")
    }

    /// The one line a usage error shows: the whole synopsis when it fits
    /// one line, else the required options and `[<options>]`, as
    /// swift-argument-parser shortens it; `--help` shows every option.
    package var usageLine: String {
        let whole = usage
        guard whole.contains("\n") else { return whole }
        let required = options.filter(\.isRequired).map(\.synopsis)
        return (["etl \(name)"] + required + ["[<options>]"]).joined(separator: " ")
    }

    /// The full `--help` text.
    package var help: String {
        var text = "OVERVIEW: \(abstract)\n\n"
        if let discussion { text += discussion + "\n\n" }
        text += "USAGE: \(usage)\n\nOPTIONS:\n"
        for option in options {
            var description = option.help
            if let value = option.defaultValue { description += " (default: \(value))" }
            text += Self.row(option.synopsis, description)
        }
        if !environment.isEmpty {
            text += "\nENVIRONMENT:\n"
            for variable in environment {
                text += Self.row(variable.name, variable.help)
            }
        }
        return text
    }

    package static func row(_ left: String, _ right: String) -> String {
        let column = 28
        let start = "  " + left
        var text = start
        if start.count >= column {
            text += "\n" + String(repeating: " ", count: column)
        } else {
            text += String(repeating: " ", count: column - start.count)
        }
        var width = column
        var first = true
        for word in right.split(separator: " ") {
            if !first && width + 1 + word.count > 80 {
                // Every line starts in the column; a word too long for it (a
                // URL) runs past the right edge rather than out of line.
                text += "\n" + String(repeating: " ", count: column)
                width = column
                first = true
            }
            text += (first ? "" : " ") + word
            width += (first ? 0 : 1) + word.count
            first = false
        }
        return text + "\n"
    }
}
