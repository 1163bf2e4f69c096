import ETLCore
import ETLPictures
import FetchEngine

extension Catalog {
    /// The century of a year as works_per_century counts it: 1…100 is the
    /// 1st, 1866 the 19th; BCE mirrors it: -1…-100 (and 0) the 1st BCE,
    /// -101…-200 the 2nd (stored negative).
    package static let centurySQL = """
        CASE WHEN object_begin_date > 0 THEN (object_begin_date - 1) / 100 + 1 \
        ELSE -((-object_begin_date - 1) / 100 + 1) END
        """
}
