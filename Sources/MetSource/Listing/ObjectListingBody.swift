import ETLCatalog
import ETLCore
import FetchEngine
import Foundation
import SourceKit
import Store

/// A checked `/objects` answer: the IDs to use, and what was dropped.
///
/// A listing decides what the catalog withdraws, so a damaged one must not
/// pass for a small one: `total` must match the array, `objectIDs` may be
/// null only in a changed-since listing with `total` 0, IDs that cannot be
/// objects (0, negative) are skipped and counted, and repeats are dropped.
package struct ObjectListingBody: Sendable, Equatable {
    /// Positive IDs, each once, in listing order.
    package var ids: [Int]
    /// IDs of 0 or below, never requested.
    package var invalidIDs = 0
    /// Repeats of an ID listed earlier in the same answer.
    package var duplicateIDs = 0

    private struct Wire: Decodable {
        var total: Int?
        var objectIDs: [Int]?
    }

    /// The IDs of `body`, or nil when it is not a JSON object at all (an
    /// HTML block page, which the caller treats as a block). Throws
    /// ``CrawlError/invalidListing(url:reason:)`` for JSON that is not a
    /// consistent listing. `isChangedListing`: a `?metadataDate=` answer,
    /// where no change is `{"total": 0, "objectIDs": null}`.
    package static func decode(_ body: [UInt8], url: String, isChangedListing: Bool) throws -> ObjectListingBody? {
        guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "{") else {
            return nil
        }
        func invalid(_ reason: String) -> CrawlError { .invalidListing(url: url, reason: reason) }
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: Data(body))
        } catch {
            throw invalid("the body is not {\"total\": N, \"objectIDs\": [positive integers]}")
        }
        guard let total = wire.total else { throw invalid("\"total\" is missing") }
        guard let listed = wire.objectIDs else {
            if isChangedListing && total == 0 { return ObjectListingBody(ids: []) }
            throw invalid("\"objectIDs\" is null (\"total\" is \(total))")
        }
        guard total == listed.count else {
            throw invalid("\"total\" is \(total) but \"objectIDs\" holds \(listed.count) IDs")
        }
        var result = ObjectListingBody(ids: [])
        result.ids.reserveCapacity(listed.count)
        var seen = Set<Int>(minimumCapacity: listed.count)
        for id in listed {
            if id <= 0 {
                result.invalidIDs += 1
            } else if seen.insert(id).inserted {
                result.ids.append(id)
            } else {
                result.duplicateIDs += 1
            }
        }
        return result
    }
}
