/// The one window of a listing read as one list of pages, page 1 to its
/// last (today's releases): no windows to announce or count, page 1 read
/// again after the last (a list whose top moves shows it there), and the
/// list's records up to what the API serves announced once.
package enum WholeList: Sendable {
    case list
}

extension PagedListing where Window == WholeList {
    package var firstWindow: WholeList { .list }
    package var checksFirstPage: Bool { true }
    package var announcesWindows: Bool { false }
    package func announced(_ first: Page, at spot: PageSpot<WholeList>) -> Int? { expectedCount(of: spot.window, first: first) }
}
