import ETLCore

/// One setting of a source's ``SourceSettings``: the property it fills and
/// the `etl crawl` option that sets it, declared once (as
/// swift-argument-parser declares an option beside its property, without a
/// property wrapper). The value is kept as text under ``key``.
package struct SourceSetting<Settings: SourceSettings>: Sendable {
    /// The option's name without dashes; with the source, it names the key.
    package let name: String
    /// The option of `etl crawl`; nil for a setting only the library and
    /// its tests set (a mock's picture host).
    package let option: SourceOption?
    let property: PartialKeyPath<Settings> & Sendable
    /// Sets the property from its kept text (nil: absent).
    let read: @Sendable (inout Settings, String?) -> Void
    /// The property's text to keep; nil: keep nothing (its default, or no value).
    let written: @Sendable (Settings) -> String?

    /// Where the value is kept in ``CrawlOptions/sourceSettings``.
    package var key: String { SourceOption.key(name, of: Settings.source) }

    /// An option whose property is nil when it is not given.
    package static func option<Value: SettingValue>(
        _ property: WritableKeyPath<Settings, Value?> & Sendable, _ name: String, _ valueName: String, _ help: String,
        parse: @escaping @Sendable (String) throws -> String
    ) -> Self {
        Self(
            name: name, option: SourceOption(name, valueName, help, source: Settings.source, parse: parse), property: property,
            read: { $0[keyPath: property] = $1.flatMap(Value.init(setting:)) }, written: { $0[keyPath: property]?.setting })
    }

    /// An option whose property has a default (its initial value): `--help`
    /// shows it, and it is never kept.
    package static func option<Value: SettingValue>(
        _ property: WritableKeyPath<Settings, Value> & Sendable, _ name: String, _ valueName: String, _ help: String,
        parse: @escaping @Sendable (String) throws -> String
    ) -> Self {
        let initial = Settings()[keyPath: property]
        let option = SourceOption(name, valueName, help, source: Settings.source, defaultValue: initial.setting, parse: parse)
        return defaulted(property, name, option: option)
    }

    /// A flag: no value; given, its property is true (kept as ``SourceOption/flagValue``).
    package static func flag(_ property: WritableKeyPath<Settings, Bool> & Sendable, _ name: String, _ help: String) -> Self {
        Self(
            name: name, option: .flag(name, help, source: Settings.source), property: property,
            read: { $0[keyPath: property] = $1 == SourceOption.flagValue },
            written: { $0[keyPath: property] ? SourceOption.flagValue : nil })
    }

    /// A setting no option sets, kept like the others: tests point it at a mock.
    package static func hidden<Value: SettingValue>(_ property: WritableKeyPath<Settings, Value> & Sendable, _ name: String) -> Self {
        defaulted(property, name, option: nil)
    }

    private static func defaulted<Value: SettingValue>(
        _ property: WritableKeyPath<Settings, Value> & Sendable, _ name: String, option: SourceOption?
    ) -> Self {
        let initial = Settings()[keyPath: property]
        return Self(
            name: name, option: option, property: property,
            read: { $0[keyPath: property] = $1.flatMap(Value.init(setting:)) ?? initial },
            written: { $0[keyPath: property] == initial ? nil : $0[keyPath: property].setting })
    }
}
