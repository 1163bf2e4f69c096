import ETLCore

/// A source's `etl crawl` settings as one value (a search's words, a
/// picture's size), declared once: each stored property an option sets is
/// named in ``settings`` with its option, and its default is the property's
/// initial value. From that the kit derives the options `--help` lists
/// (``options``), the keys in ``CrawlOptions/sourceSettings``, and the
/// value's reading (``init(settings:)``) and writing (``store(in:)``), so
/// that an option, its key and its property cannot drift apart.
package protocol SourceSettings: Sendable, Equatable {
    /// The source the settings belong to: it names their keys and takes their options.
    static var source: SourceName { get }
    /// Every setting, in the order `--help` lists their options.
    static var settings: [SourceSetting<Self>] { get }
    /// The defaults.
    init()
}

extension SourceSettings {
    /// The value kept in `stored` (a crawl's ``CrawlOptions/sourceSettings``);
    /// a setting absent or unreadable there has its default.
    package init(settings stored: [String: String]) {
        self.init()
        for setting in Self.settings { setting.read(&self, stored[setting.key]) }
    }

    /// Keeps the value in `stored`, where ``init(settings:)`` reads it; a
    /// setting at its default is not kept, so a catalog's `settings` rows stay as they were.
    package func store(in stored: inout [String: String]) {
        for setting in Self.settings { stored[setting.key] = setting.written(self) }
    }

    /// The `etl crawl` options that set them (a setting without one is left out).
    package static var options: [SourceOption] { settings.compactMap(\.option) }

    /// Where `property`'s value is kept; a property no setting declares is a programming error.
    package static func key(for property: PartialKeyPath<Self>) -> String {
        guard let setting = settings.first(where: { $0.property == property }) else {
            preconditionFailure("no setting of \(Self.self) declares \(property)")
        }
        return setting.key
    }
}

extension CrawlOptions {
    /// A source's settings of this crawl, read from and written to ``sourceSettings``.
    package subscript<Settings: SourceSettings>(settings type: Settings.Type) -> Settings {
        get { Settings(settings: sourceSettings) }
        set { newValue.store(in: &sourceSettings) }
    }
}
