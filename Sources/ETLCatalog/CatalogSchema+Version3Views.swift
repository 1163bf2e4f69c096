import ETLCore
import ETLPictures
import FetchEngine

/// The rejection views as version 3 shipped them (generated then from the
/// reasons known at 9d4f6e2, kept here as text): part of that frozen step.
extension CatalogSchema {
    package static let version3RejectionsViewSQL = """
        CREATE VIEW rejections (object_id, reason) AS
            SELECT object_id, reason FROM object_reasons
            UNION ALL
            SELECT o.object_id, 'withdrawn' FROM objects o WHERE o.is_listed = 0
            UNION ALL
            SELECT o.object_id, 'gone' FROM objects o WHERE o.state = 'gone'
            UNION ALL
            SELECT o.object_id, 'bad_id' FROM objects o WHERE o.state = 'bad_id'
            UNION ALL
            SELECT o.object_id, 'duplicate' FROM objects o WHERE o.is_complete = 1 AND o.state = 'fetched' AND o.is_listed = 1
           AND o.object_id NOT IN (SELECT object_id FROM works)
            UNION ALL
            SELECT o.object_id, 'duplicate_image' FROM objects o WHERE o.object_id IN (SELECT di.object_id FROM images di JOIN works dw ON dw.object_id = di.object_id
         WHERE di.state = 'ok' AND di.url = coalesce(nullif(trim(dw.primary_image_small), ''), nullif(trim(dw.primary_image), '')) AND EXISTS (
            SELECT 1 FROM images fi JOIN works fw ON fw.object_id = fi.object_id
             WHERE fi.state = 'ok' AND fi.sha256 = di.sha256 AND fi.object_id < di.object_id
               AND fi.url = coalesce(nullif(trim(fw.primary_image_small), ''), nullif(trim(fw.primary_image), ''))))
        """

    package static let version3RejectedObjectsViewSQL = """
        CREATE VIEW rejected_objects (object_id, first_reason, reasons, reason_count) AS
            SELECT object_id, CASE min(rank) WHEN 0 THEN 'withdrawn' WHEN 1 THEN 'gone' WHEN 2 THEN 'bad_id' WHEN 3 THEN 'invalid_objectID' WHEN 4 THEN 'not_public_domain' WHEN 5 THEN 'missing_primaryImage' WHEN 6 THEN 'missing_artistDisplayName' WHEN 7 THEN 'missing_title' WHEN 8 THEN 'missing_classification' WHEN 9 THEN 'missing_objectDate' WHEN 10 THEN 'csv_not_public_domain' WHEN 11 THEN 'csv_missing_artistDisplayName' WHEN 12 THEN 'csv_missing_title' WHEN 13 THEN 'csv_missing_classification' WHEN 14 THEN 'csv_missing_objectDate' WHEN 15 THEN 'duplicate' WHEN 16 THEN 'duplicate_image' END, group_concat(reason, ' '), count(*)
              FROM (SELECT object_id, reason, CASE reason WHEN 'withdrawn' THEN 0 WHEN 'gone' THEN 1 WHEN 'bad_id' THEN 2 WHEN 'invalid_objectID' THEN 3 WHEN 'not_public_domain' THEN 4 WHEN 'missing_primaryImage' THEN 5 WHEN 'missing_artistDisplayName' THEN 6 WHEN 'missing_title' THEN 7 WHEN 'missing_classification' THEN 8 WHEN 'missing_objectDate' THEN 9 WHEN 'csv_not_public_domain' THEN 10 WHEN 'csv_missing_artistDisplayName' THEN 11 WHEN 'csv_missing_title' THEN 12 WHEN 'csv_missing_classification' THEN 13 WHEN 'csv_missing_objectDate' THEN 14 WHEN 'duplicate' THEN 15 WHEN 'duplicate_image' THEN 16 ELSE 17 END AS rank
                      FROM rejections ORDER BY object_id, rank)
             GROUP BY object_id
        """
}
