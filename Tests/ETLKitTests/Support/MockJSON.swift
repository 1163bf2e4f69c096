import Foundation
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource

/// What the mocks' test hooks (`/__stats`, `/__expected`) and the mocked
/// APIs answer, read with the JSON type etl itself uses, which tells `1` from
/// `"1"` and `true`, and `null` from a missing key.
typealias MockJSON = JSONValue

extension JSONValue {
    static func decode(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// A whole number, as JSON counts are.
    var int: Int? {
        switch self {
        case .integer(let value): return Int(value)
        case .number(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }

    var keys: Set<String> {
        if case .object(let members) = self { return Set(members.keys) }
        return []
    }
}
