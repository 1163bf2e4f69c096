import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// One option as `--help` and `Usage:` show it: the rendered view of an
/// `Option`, its default already read from the options struct.
package struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes, e.g. `catalog`.
    package let name: String
    /// The value's placeholder, e.g. `path`; nil for a flag that takes none.
    package let valueName: String?
    package let help: String
    /// The default, as shown in help.
    package let defaultValue: String?
    /// Shown without brackets in the usage line (`etl plan`'s CSV path).
    package let isRequired: Bool

    package init(name: String, valueName: String?, help: String, defaultValue: String?, isRequired: Bool = false) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
        self.isRequired = isRequired
    }

    package static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help, defaultValue: nil)
    }

    package var isFlag: Bool { valueName == nil }

    /// `--catalog <path>` or `--full`.
    package var synopsis: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }

    /// As the usage line shows it: in brackets unless required.
    package var usageSynopsis: String { isRequired ? synopsis : "[\(synopsis)]" }
}
