extension RejectionReason {
    /// `rejections`: one row per (object, reason).
    static var rejectionsViewSQL: String {
        var parts = ["SELECT object_id, reason FROM object_reasons"]
        for reason in allCases {
            guard case .derived(let condition) = reason.source else { continue }
            parts.append("SELECT o.object_id, '\(reason.rawValue)' FROM objects o WHERE \(condition)")
        }
        return "CREATE VIEW rejections (object_id, reason) AS\n    "
            + parts.joined(separator: "\n    UNION ALL\n    ")
    }

    /// `rejected_objects`: one row per object that is not a work, with its
    /// first reason (in case order), all of them space-separated in that
    /// order, and how many.
    static var rejectedObjectsViewSQL: String {
        let rank = allCases.enumerated().map { "WHEN '\($0.element.rawValue)' THEN \($0.offset)" }
            .joined(separator: " ")
        let name = allCases.enumerated().map { "WHEN \($0.offset) THEN '\($0.element.rawValue)'" }
            .joined(separator: " ")
        // group_concat follows the subquery's order in practice; SQLite
        // before 3.44 has no ORDER BY inside aggregates.
        return """
            CREATE VIEW rejected_objects (object_id, first_reason, reasons, reason_count) AS
                SELECT object_id, CASE min(rank) \(name) END, group_concat(reason, ' '), count(*)
                  FROM (SELECT object_id, reason, CASE reason \(rank) ELSE \(allCases.count) END AS rank
                          FROM rejections ORDER BY object_id, rank)
                 GROUP BY object_id
            """
    }
}
