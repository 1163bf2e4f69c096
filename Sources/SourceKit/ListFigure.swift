import ETLCore

/// The figures of a listing read as one list of pages (a page number or an
/// offset per request, not windows): the sources that list so fill them and
/// print them in their own words.
package enum ListFigure: String, SummaryFigure {
    /// False when the list still moved while it was read (nothing withdrawn).
    case isListSettled
    /// Pages of the list.
    case listPages
    /// Times a whole list was read (more than one when it moved meanwhile).
    case listPasses
}

extension CrawlSummary {
    package var isListSettled: Bool? {
        get { self[flag: ListFigure.isListSettled] }
        set { self[flag: ListFigure.isListSettled] = newValue }
    }

    package var listPages: Int? {
        get { self[count: ListFigure.listPages] }
        set { self[count: ListFigure.listPages] = newValue }
    }

    package var listPasses: Int? {
        get { self[count: ListFigure.listPasses] }
        set { self[count: ListFigure.listPasses] = newValue }
    }
}

extension CrawlSummary {
    /// What a summary line adds when the list never held still.
    package var stillMoving: String { isListSettled == false ? ", still moving: nothing withdrawn" : "" }

    /// How a list read whole went: `read once`, or `read 3 times (the list
    /// moved)` and whether it never held still; nil when no list was read so.
    package var listRead: String? {
        listPasses.map { ($0 == 1 ? "read once" : "read \($0) times (the list moved)") + stillMoving }
    }
}
