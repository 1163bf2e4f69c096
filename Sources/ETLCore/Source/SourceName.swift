import FetchEngine

/// A source's name: `--source`, the catalog's `settings.source`, and the
/// folder its default paths live in. Which names exist is the registry's
/// business (`SourceRegistry`), not this type's: the layers below it carry
/// a name without knowing the sources.
package struct SourceName: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    package let rawValue: String

    /// A name as the registry spells them: lower-case ASCII letters and
    /// digits, starting with a letter; nil otherwise.
    package init?(rawValue: String) {
        guard let first = rawValue.unicodeScalars.first, ("a"..."z").contains(first), rawValue.count <= 32,
              rawValue.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        else { return nil }
        self.rawValue = rawValue
    }

    /// A name written in a source's own code.
    package init(_ literal: StaticString) {
        self.init(rawValue: "\(literal)")!
    }

    package var description: String { rawValue }

    /// The first source's catalog, pages and pictures stay where they
    /// always were; every other source's live in a folder named after it.
    package func defaultPath(_ name: String, isFirst: Bool) -> String {
        isFirst ? "data/\(name)" : "data/\(rawValue)/\(name)"
    }
}
