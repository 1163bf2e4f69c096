import ETLCore

/// The page settings a catalog keeps (its `pages_layout` setting) are out of
/// range: edited by hand, or damaged. They are the catalog's, not options
/// the user gave, so the error names them and the options that replace them.
package struct KeptPageSettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The setting as the catalog stores it.
    package let stored: String
    package let catalogPath: String
    /// Why the settings in force cannot be used.
    package let reason: String

    package var description: String {
        "the page settings kept in catalog '\(catalogPath)' (\(stored)) cannot be used: \(reason); "
            + "give --pages and --page-size to replace them"
    }
}
