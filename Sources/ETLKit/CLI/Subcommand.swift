/// A subcommand whatever its options struct: what `ETLCommand.parse`
/// dispatches to and `etl --help` lists.
protocol Subcommand: Sendable {
    var name: String { get }
    /// The help and usage text, defaults included.
    var spec: CommandSpec { get }
    func command(from arguments: [String]) throws -> ETLCommand
}
