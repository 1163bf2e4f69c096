/// The seam between the crawler and the network.
///
/// The crawler only ever issues GETs and needs whole bodies, so this is the
/// whole interface; tests substitute a stub, production uses ``CurlClient``.
public protocol HTTPClient: Sendable {
    /// Fetches `url` and returns the complete response, or throws ``HTTPError``.
    func get(_ url: String) async throws -> HTTPResponse
}
