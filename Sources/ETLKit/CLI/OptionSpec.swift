/// One option as `--help` and `Usage:` show it: the rendered view of an
/// `Option`, its default already read from the options struct.
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes, e.g. `catalog`.
    public let name: String
    /// The value's placeholder, e.g. `path`; nil for a flag that takes none.
    public let valueName: String?
    public let help: String
    /// The default, as shown in help.
    public let defaultValue: String?

    public init(name: String, valueName: String?, help: String, defaultValue: String?) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
    }

    public static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help, defaultValue: nil)
    }

    public var isFlag: Bool { valueName == nil }

    /// `--catalog <path>` or `--full`.
    public var synopsis: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }
}
