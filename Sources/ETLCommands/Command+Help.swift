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

extension Command {
    /// The help and usage of this command, every default read from `Options()`.
    package var spec: CommandSpec {
        CommandSpec(
            name: name, abstract: abstract, discussion: discussion, environment: environment,
            options: options.map { option in
                OptionSpec(
                    name: option.name, valueName: option.valueName, help: option.help, defaultValue: defaultText(of: option),
                    isRequired: required.contains(option.name))
            })
    }

    /// The default of the default source, then, for the other sources
    /// whose default differs, theirs: `auto; 1 for x`, or with the source's
    /// name as a placeholder where that makes several alike,
    /// `data/catalog.sqlite; data/<source>/catalog.sqlite for x and y`.
    package func defaultText(of option: Option<Options>) -> String? {
        let base = option.describe(defaults(for: defaultSource))
        guard sourcePath != nil, option.name != SharedOptions.sourceOptionName else { return base }
        var groups: [(template: String, text: String, sources: [SourceName])] = []
        for source in SourceRegistry.names where source != defaultSource {
            guard let text = option.describe(defaults(for: source)), text != base else { continue }
            let template = text.replacingOccurrences(of: source.rawValue, with: "<source>")
            if let index = groups.firstIndex(where: { $0.template == template }) {
                groups[index].sources.append(source)
            } else {
                groups.append((template, text, [source]))
            }
        }
        guard !groups.isEmpty else { return base }
        let others = groups.map { group in
            (group.sources.count > 1 ? group.template : group.text)
                + " for " + HelpText.list(group.sources.map(\.rawValue), with: "and")
        }
        return ([base ?? "none"] + others).joined(separator: "; ")
    }
}
