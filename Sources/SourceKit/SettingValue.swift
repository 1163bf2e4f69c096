/// A setting's value as kept in ``CrawlOptions/sourceSettings``: as text.
package protocol SettingValue: Sendable, Equatable {
    /// Nil when `setting` is not a value of the type.
    init?(setting: String)
    var setting: String { get }
}

extension String: SettingValue {
    package init?(setting: String) { self = setting }
    package var setting: String { self }
}

extension Int: SettingValue {
    package init?(setting: String) { self.init(setting) }
    package var setting: String { String(self) }
}
