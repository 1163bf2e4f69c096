import ETLCore
import ETLPictures
import FetchEngine
import Store

/// Version 6: decoded pictures. Each verified picture's thumbnail, ThumbHash
/// placeholder, average colour and difference hash; the hash's four 16-bit
/// quarters are indexed so near copies are found without comparing every
/// pair; the rejection views are rebuilt to add `near_duplicate_image`.
///
/// Rows from before keep NULLs until the next `etl images`, which decodes
/// their files again without downloading them.
///
/// Frozen as version 6 shipped (b89cc4b): the views are that day's text
/// (`CatalogSchema+Version6Views.swift`), not today's reasons.
extension CatalogSchema {
    package static let version6SQL = """
        ALTER TABLE images ADD COLUMN thumb_file TEXT;
        ALTER TABLE images ADD COLUMN thumb_width INTEGER;
        ALTER TABLE images ADD COLUMN thumb_height INTEGER;
        ALTER TABLE images ADD COLUMN placeholder TEXT;
        ALTER TABLE images ADD COLUMN color TEXT;
        ALTER TABLE images ADD COLUMN phash TEXT;
        ALTER TABLE images ADD COLUMN phash_0 INTEGER;
        ALTER TABLE images ADD COLUMN phash_1 INTEGER;
        ALTER TABLE images ADD COLUMN phash_2 INTEGER;
        ALTER TABLE images ADD COLUMN phash_3 INTEGER;
        CREATE INDEX images_by_phash_0 ON images (phash_0) WHERE state = 'ok';
        CREATE INDEX images_by_phash_1 ON images (phash_1) WHERE state = 'ok';
        CREATE INDEX images_by_phash_2 ON images (phash_2) WHERE state = 'ok';
        CREATE INDEX images_by_phash_3 ON images (phash_3) WHERE state = 'ok';
        DROP VIEW rejected_objects;
        DROP VIEW rejections;
        \(version6RejectionsViewSQL);
        \(version6RejectedObjectsViewSQL);
        """
}
