/// Decides the request rate from what the server answers; pure and
/// clock-free (times are passed in), so it is unit-tested without sleeping.
///
/// Auto mode works like TCP congestion control, tuned for a front end that
/// punishes with a one-minute block instead of dropping packets:
/// - **Probe**: until the first block, multiply the rate by 1.25 every
///   `probeInterval` seconds in which the rate was actually used.
/// - **Block**: remember the rate in use as the ceiling, drop to half of it.
/// - **Recover**: climb back linearly to 80% of the ceiling within a minute
///   or so, then creep up by 1% of the ceiling a minute, so a server whose
///   limit rose is found again, while blocks become rare.
public struct RateController: Sendable, Equatable {
    public struct Settings: Sendable, Equatable {
        public var start: Double
        public var maximum: Double
        public var minimum: Double
        public var probeInterval: Double

        public init(start: Double = 1, maximum: Double = 80, minimum: Double = 0.1, probeInterval: Double = 2) {
            self.start = start
            self.maximum = maximum
            self.minimum = minimum
            self.probeInterval = probeInterval
        }
    }

    public let settings: Settings
    /// Requests per second allowed now.
    public private(set) var rate: Double
    /// The rate at which the last block happened, once one has.
    public private(set) var ceiling: Double?
    private var intervalStart: Double
    private var grantsInInterval = 0

    public init(settings: Settings, now: Double) {
        self.settings = settings
        self.rate = min(max(settings.start, settings.minimum), settings.maximum)
        self.intervalStart = now
    }

    /// Notes that a request was sent at `now`, and raises the rate when a
    /// whole interval passed without a block while the rate was really used
    /// (a crawl held back by its concurrency must not ratchet the rate up).
    public mutating func recordRequest(at now: Double) {
        grantsInInterval += 1
        let elapsed = now - intervalStart
        guard elapsed >= settings.probeInterval else { return }
        let used = Double(grantsInInterval) / elapsed
        if used >= rate * 0.8 {
            rate = min(nextRate(after: elapsed), settings.maximum)
        }
        intervalStart = now
        grantsInInterval = 0
    }

    /// Notes a block: the ceiling is the rate in use, and the rate halves.
    public mutating func recordBlock(at now: Double) {
        let ceiling = rate
        self.ceiling = ceiling
        rate = max(ceiling * 0.5, settings.minimum)
        intervalStart = now
        grantsInInterval = 0
    }

    private func nextRate(after elapsed: Double) -> Double {
        guard let ceiling else { return rate * 1.25 }
        let target = ceiling * 0.8
        if rate < target {
            // Half the ceiling back in about 60 s of clean running.
            return min(target, rate + ceiling * 0.5 * elapsed / 60)
        }
        return rate + ceiling * 0.01 * elapsed / 60
    }
}
