import Foundation
import Testing
@testable import FetchEngine

/// A credential travels as any query value does, through the one
/// percent-encoder, and is masked in errors.
@Suite("Credential client")
struct CredentialClientTests {
    /// The old CredentialClient kept `!$'()*;:@/` too; the one query-value
    /// set encodes them. Kept: the stricter set, because a credential is a
    /// query value like any other (a server decodes both spellings alike)
    /// and one spelling on the wire is one fewer for the masking to know.
    @Test func aCredentialIsSentAsAQueryValueAndMaskedInErrors() async throws {
        let key = "k3y:with/slash;semi!and@more"
        let encoded = "k3y%3Awith%2Fslash%3Bsemi%21and%40more"
        let base = StubClient(clock: ManualClock()) { url, _, _ in
            let sent = url.components(separatedBy: "api_key=").last ?? ""
            return .fail(.cannotConnect(url: url, reason: "server answered for key \(sent)"))
        }
        let client = CredentialClient(base: base, parameter: "api_key", value: key)
        let error = await #expect(throws: HTTPError.self) { try await client.get("http://127.0.0.1:9/list?page=1") }
        #expect(base.requests.map(\.url) == ["http://127.0.0.1:9/list?page=1&api_key=\(encoded)"])
        #expect(error == .cannotConnect(url: "http://127.0.0.1:9/list?page=1", reason: "server answered for key ***"))
    }
}
