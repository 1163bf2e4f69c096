import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource
import Store

@Suite("Centuries")
struct CenturyTests {
    @Test(arguments: [
        (1866, 19), (1900, 19), (1901, 20), (100, 1), (1, 1),
        (0, -1), (-1, -1), (-100, -1), (-101, -2), (-1000, -10), (-1001, -11),
    ])
    func yearsFallInTheirCentury(year: Int, century: Int) throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("c.sqlite"))
        let sql = "SELECT \(Catalog.centurySQL) AS century FROM (SELECT ? AS object_begin_date)"
        let row = try database.fetchOne(sql: sql, arguments: [.integer(Int64(year))])
        #expect(try row?.integer(named: "century") == century)
    }

    @Test func names() {
        #expect(Catalog.centuryName(19) == "19th c.")
        #expect(Catalog.centuryName(-1) == "1st c. BCE")
        #expect(Catalog.centuryName(-11) == "11th c. BCE")
        #expect(Catalog.centuryName(21) == "21st c.")
    }
}
