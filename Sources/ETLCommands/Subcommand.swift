import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// A subcommand whatever its options struct: what `ETLCommand.parse`
/// dispatches to and `etl --help` lists.
package protocol Subcommand: Sendable {
    var name: String { get }
    /// The help and usage text, defaults included.
    var spec: CommandSpec { get }
    func command(from arguments: [String]) throws -> ETLCommand
}
