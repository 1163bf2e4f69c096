import ETLCore
import ETLPictures
import FetchEngine
import Store

extension SharedReason {
    /// Where the catalog keeps the reason: a row of `object_reasons`, or a
    /// condition on the `objects` row (`o`). Every source's own reason is stored.
    package enum Storage {
        case stored
        case derived(condition: String)
    }

    package var storage: Storage {
        switch self {
        case .withdrawn: return .derived(condition: "o.is_listed = 0")
        case .gone: return .derived(condition: "o.state = \(ObjectState.gone.sql)")
        case .badID: return .derived(condition: "o.state = \(ObjectState.badID.sql)")
        case .duplicate:
            return .derived(condition: """
                o.is_complete = 1 AND o.state = \(ObjectState.fetched.sql) AND o.is_listed = 1
                   AND o.object_id NOT IN (SELECT object_id FROM works)
                """)
        case .duplicateImage:
            return .derived(condition: "o.object_id IN (\(Catalog.duplicateImageIDsSQL))")
        case .nearDuplicateImage:
            return .derived(condition: "o.object_id IN (\(Catalog.nearDuplicateImageIDsSQL))")
        default: return .stored
        }
    }
}

extension ReasonVocabulary {
    /// `rejections`: one row per (object, reason).
    package var rejectionsViewSQL: String {
        var parts = ["SELECT object_id, reason FROM object_reasons"]
        for reason in SharedReason.allCases {
            guard case .derived(let condition) = reason.storage else { continue }
            parts.append("SELECT o.object_id, '\(reason.rawValue)' FROM objects o WHERE \(condition)")
        }
        return "CREATE VIEW rejections (object_id, reason) AS\n    "
            + parts.joined(separator: "\n    UNION ALL\n    ")
    }

    /// `rejected_objects`: one row per object that is not a work, with its
    /// first reason (in precedence order), all of them space-separated in
    /// that order, and how many.
    package var rejectedObjectsViewSQL: String {
        let rank = reasons.enumerated().map { "WHEN '\($0.element.rawValue)' THEN \($0.offset)" }
            .joined(separator: " ")
        let name = reasons.enumerated().map { "WHEN \($0.offset) THEN '\($0.element.rawValue)'" }
            .joined(separator: " ")
        // group_concat follows the subquery's order in practice; SQLite
        // before 3.44 has no ORDER BY inside aggregates.
        return """
            CREATE VIEW rejected_objects (object_id, first_reason, reasons, reason_count) AS
                SELECT object_id, CASE min(rank) \(name) END, group_concat(reason, ' '), count(*)
                  FROM (SELECT object_id, reason, CASE reason \(rank) ELSE \(reasons.count) END AS rank
                          FROM rejections ORDER BY object_id, rank)
                 GROUP BY object_id
            """
    }
}
