import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine

extension CatalogDescription.Table {
    /// A source table as `metadata.json` and the docs describe it.
    package init(source table: SourceTable) {
        self.init(
            name: table.name, description: table.description,
            columns: [("object_id", "The item's ID at the source; joins to works and objects")]
                + table.columns.map { ($0.name, $0.description) })
    }
}
