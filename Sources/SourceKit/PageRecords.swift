/// Where a listing page holds its records (the object keys leading to
/// their array) and how many a page was asked for: a page is read to that
/// many, however many it holds (``PageScan``).
package struct PageRecords: Sendable {
    package var path: [String]
    package var limit: Int

    package init(_ path: String..., limit: Int) {
        self.path = path
        self.limit = limit
    }
}
