import ETLCore
import ETLPictures
import FetchEngine
import Store

/// Writes one source's fetch results into the catalog, with statements
/// prepared once per batch (inside the batch's transaction).
package protocol ResultWriting: SendableMetatype {
    associatedtype Record: FetchedRecord
    init(database: Database) throws
    func write(_ result: FetchResult<Record>) throws
}
