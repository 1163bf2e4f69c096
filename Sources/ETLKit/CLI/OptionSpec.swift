/// One command-line option, as declared in a command's table. The table
/// drives parsing, validation messages and `--help` alike.
public struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes, e.g. `catalog`.
    public let name: String
    /// The value's placeholder, e.g. `path`; nil for a flag that takes none.
    public let valueName: String?
    public let help: String
    /// The default, as shown in help.
    public let defaultValue: String?

    public static func value(_ name: String, _ valueName: String, _ help: String, default defaultValue: String? = nil) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help, defaultValue: defaultValue)
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
