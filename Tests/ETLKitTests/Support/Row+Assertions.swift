import Testing
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
import Store

/// Non-throwing accessors for assertions: an unknown column records a test
/// issue naming it (so a typo still fails the test) and reads as NULL.
extension Row {
    subscript(_ name: String) -> DatabaseValue {
        do {
            return try value(named: name)
        } catch {
            Issue.record("\(error)")
            return .null
        }
    }

    func int(_ name: String) -> Int? {
        switch self[name] {
        case .integer(let value): return Int(value)
        case .real(let value): return Int(value)
        default: return nil
        }
    }

    func string(_ name: String) -> String? {
        switch self[name] {
        case .text(let value): return value
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        default: return nil
        }
    }

    func double(_ name: String) -> Double? {
        switch self[name] {
        case .integer(let value): return Double(value)
        case .real(let value): return value
        default: return nil
        }
    }
}
