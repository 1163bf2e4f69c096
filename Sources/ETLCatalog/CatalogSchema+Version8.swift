import ETLCore
import ETLPictures
import FetchEngine
import Store

/// Version 8: the rights a work comes under and its picture's size, shared
/// by every source (a photo's licence, a museum's CC0, a picture's pixels
/// where the API says them), on `objects` and on `works`.
///
/// Rows from before: the only records that version 7 marked public domain
/// on `objects` were the Met's (its `isPublicDomain`; the listing sources
/// kept theirs in their own tables), and the Met's open-access records are
/// CC0, so those get it here, as today's code writes them. Every other row
/// stays NULL until its next crawl: a listing source stores every listed
/// item each run, and the picture sizes of version 7's records were never
/// stored.
extension CatalogSchema {
    package static let version8SQL = """
        ALTER TABLE objects ADD COLUMN rights TEXT;
        ALTER TABLE objects ADD COLUMN rights_url TEXT;
        ALTER TABLE objects ADD COLUMN primary_image_width INTEGER;
        ALTER TABLE objects ADD COLUMN primary_image_height INTEGER;
        ALTER TABLE works ADD COLUMN rights TEXT;
        ALTER TABLE works ADD COLUMN rights_url TEXT;
        ALTER TABLE works ADD COLUMN primary_image_width INTEGER;
        ALTER TABLE works ADD COLUMN primary_image_height INTEGER;
        UPDATE objects SET rights = 'CC0 1.0', rights_url = 'https://creativecommons.org/publicdomain/zero/1.0/'
         WHERE is_public_domain = 1;
        UPDATE works SET rights = 'CC0 1.0', rights_url = 'https://creativecommons.org/publicdomain/zero/1.0/'
         WHERE object_id IN (SELECT object_id FROM objects WHERE is_public_domain = 1);
        """
}
