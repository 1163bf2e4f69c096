import FetchEngine
import Foundation

/// Where a listing stands, for progress lines: a source whose listing
/// carries its records reads for minutes at a slow rate,
/// and says so while it reads, not only when it is done.
package struct ListingProgress: Sendable, Equatable {
    /// Records read so far; an offset listing, whose probes read earlier
    /// pages again, counts how far it has read, never past the total.
    package var listed = 0
    /// How many the listing holds, once a page has said it.
    package var total: Int?
    /// Pages read, and windows opened (ranges of IDs or of upload dates).
    package var pages = 0
    package var windows = 0
    /// The pacer's requests so far, retries included.
    package var requests = 0
    package var elapsedSeconds = 0.0
    /// Requests per second as the pacer measured them; nil until two
    /// requests went (one request over a fraction of a second is no rate).
    package var rate: Double?

    package init(
        listed: Int = 0, total: Int? = nil, pages: Int = 0, windows: Int = 0, requests: Int = 0, elapsedSeconds: Double = 0,
        rate: Double? = nil
    ) {
        self.listed = listed
        self.total = total
        self.pages = pages
        self.windows = windows
        self.requests = requests
        self.elapsedSeconds = elapsedSeconds
        self.rate = rate
    }

    /// Seconds left at the pace so far, when a total is known.
    package var etaSeconds: Double? {
        guard let total, listed > 0, elapsedSeconds > 0 else { return nil }
        return Double(max(0, total - listed)) / (Double(listed) / elapsedSeconds)
    }

    /// The progress line: `listing: 1200 of 5000 records (24.0%), 12 pages, 3 windows, 13 requests, rate 1.0/s, eta 1m10s`.
    package var line: String {
        var text = "listing: \(listed)"
        if let total {
            let percent = total > 0 ? min(100, Double(listed) * 100 / Double(total)) : 100
            text += " of \(total) records (\(String(format: "%.1f", percent))%)"
        } else {
            text += " records"
        }
        text += ", \(Self.count(pages, "page")), "
        if windows > 0 { text += "\(Self.count(windows, "window")), " }
        text += "\(Self.count(requests, "request")), rate \(rate.map(FigureText.rate) ?? "-"), eta \(etaSeconds.map(FigureText.duration) ?? "-")"
        return text
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
