import Testing
@testable import ETLCatalog
@testable import ETLCore
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource

/// The shared reasons are ETLCore's; each source's own are declared in its
/// target and registered through `Source.reasons`. The catalog ranks them
/// all, and must rank them as it did when every reason was one enum.
@Suite("Rejection reasons: shared, and each source's own")
struct ReasonVocabularyTests {
    @Test("the registry's vocabulary is the shared reasons and every source's declared ones, each once")
    func registryCollectsEverySource() {
        let vocabulary = SourceRegistry.reasons
        #expect(Set(vocabulary.reasons).count == vocabulary.entries.count)
        #expect(vocabulary.entries.filter { $0.source == nil }.map(\.reason) == SharedReason.allCases.map(\.reason))
        for source in SourceRegistry.all {
            #expect(vocabulary.entries.filter { $0.source == source.name }.map(\.reason) == source.reasons.map(\.reason),
                    "\(source.name)")
        }
        #expect(vocabulary.entries.count == SharedReason.allCases.count + SourceRegistry.all.map(\.reasons.count).reduce(0, +))
    }

    @Test("a source's reasons sit right after their shared reason, in registration order")
    func placement() {
        enum First: String, SourceReasons {
            case a, b
            var summary: String { rawValue }
            var ranksAfter: SharedReason { self == .a ? .gone : .duplicate }
        }
        enum Second: String, SourceReasons {
            case c
            var summary: String { rawValue }
            var ranksAfter: SharedReason { .gone }
        }
        let vocabulary = ReasonVocabulary(sources: [(SourceName("one"), First.declared), (SourceName("two"), Second.declared)])
        #expect(vocabulary.reasons.map(\.rawValue) == [
            "withdrawn", "gone", "a", "c", "bad_id", "not_public_domain", "missing_primaryImage", "missing_artistDisplayName",
            "missing_title", "missing_classification", "missing_objectDate", "invalid_id", "duplicate", "b",
            "duplicate_image", "near_duplicate_image",
        ])
        #expect(vocabulary.entries.first { $0.reason.rawValue == "c" }?.source == SourceName("two"))
        #expect(vocabulary.summary(of: RejectionReason(rawValue: "b")) == "b")
        #expect(vocabulary.summary(of: RejectionReason(rawValue: "nowhere")) == nil)
    }

    /// Version 6 froze the views of the reasons known then, all of them one
    /// enum in ETLCore; today's registry ranks them the same, so a catalog
    /// of any version keeps its views' text and its `first_reason`s.
    @Test("the registry's rejection views are exactly the ones version 6 shipped")
    func sameViewsAsVersion6() {
        #expect(SourceRegistry.reasons.rejectionsViewSQL == CatalogSchema.version6RejectionsViewSQL)
        #expect(SourceRegistry.reasons.rejectedObjectsViewSQL == CatalogSchema.version6RejectedObjectsViewSQL)
    }

    @Test("the shared vocabulary ranks the shared reasons alone; a source's reason it does not know ranks last")
    func sharedAlone() {
        let shared = ReasonVocabulary.shared
        #expect(shared.reasons == SharedReason.allCases.map(\.reason))
        #expect(!shared.rejectedObjectsViewSQL.contains("'\(FlickrReason.missingFarm.rawValue)'"))
        #expect(SourceRegistry.reasons.rejectedObjectsViewSQL.contains("'\(FlickrReason.missingFarm.rawValue)'"))
        #expect(shared.rejectedObjectsViewSQL.contains("ELSE \(SharedReason.allCases.count) END"))
    }
}
