import FetchEngine
import Store

/// How one page of a listing-only source ended: its decoded body, or why
/// the page could not be read (the listing is then incomplete).
package enum PageAnswer<Body: Sendable>: Sendable {
    case body(Body)
    case failed(String)
}
