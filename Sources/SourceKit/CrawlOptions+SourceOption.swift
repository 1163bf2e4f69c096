import ETLCore

extension CrawlOptions {
    /// Whether the source's flag (``SourceOption/flag(_:_:source:)``) kept under `key` was given.
    package subscript(flag key: String) -> Bool {
        get { sourceSettings[key] == SourceOption.flagValue }
        set { sourceSettings[key] = newValue ? SourceOption.flagValue : nil }
    }
}
