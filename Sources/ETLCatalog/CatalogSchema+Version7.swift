import ETLCore
import ETLPictures
import FetchEngine
import Store

/// Version 7: what the pacing memory proves, and a search's depth.
/// `clean_source` says how `clean_rate` was learnt (`ramp`: a slow start
/// passed it, a floor the next run grows from; `block`: held 60 s under
/// the ceiling a block set; `long_run`: held 15 cooldowns), so a short first
/// run's ramp never caps a later night. `search_depth` is the deepest result
/// a host's search served (a source whose listing is a search learns it
/// from a refused page), so the next run asks no deeper.
///
/// Rows from before keep NULL in both: a clean rate of unknown source is
/// taken as a block's (the rules it was learnt under), and the depth is
/// learnt again once.
extension CatalogSchema {
    package static let version7SQL = """
        ALTER TABLE pacing_memory ADD COLUMN clean_source TEXT
            CHECK (clean_source IS NULL OR clean_source IN ('ramp', 'block', 'long_run'));
        ALTER TABLE pacing_memory ADD COLUMN search_depth INTEGER CHECK (search_depth IS NULL OR search_depth > 0);
        """
}
