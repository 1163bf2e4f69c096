import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// The time unit a run's rate chart uses, from the run's length: a rate
/// per minute of a 10-second run would be an extrapolation no run made.
package enum RateResolution: Sendable, Equatable {
    case perSecond, perMinute

    /// Runs under this many seconds get figures, not a chart.
    package static let shortest = 5.0
    /// Runs from this many seconds on are drawn per minute.
    package static let perMinuteFrom = 180.0

    /// Nil for a run too short to chart.
    package init?(runSeconds seconds: Double) {
        guard seconds.isFinite, seconds >= Self.shortest else { return nil }
        self = seconds < Self.perMinuteFrom ? .perSecond : .perMinute
    }

    package var seconds: Double { self == .perSecond ? 1 : 60 }
    package var name: String { self == .perSecond ? "second" : "minute" }
}
