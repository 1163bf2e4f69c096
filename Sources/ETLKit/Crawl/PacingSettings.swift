/// The pacing and retry settings `etl crawl` and `etl images` share.
protocol PacingSettings {
    var rate: RateSetting { get }
    var rateStart: Double { get }
    var rateMax: Double { get }
    var cooldown: Double { get }
    var maxRequests: Int? { get }
    var maxDuration: Double? { get }
}

extension PacingSettings {
    /// The run's one pacer: rate, cooldowns and budgets.
    func makePacer(stop: StopSignal) -> RequestPacer {
        RequestPacer(
            rate: rate, controllerSettings: .init(start: rateStart, maximum: rateMax),
            cooldown: cooldown, maxRequests: maxRequests, maxDuration: maxDuration, stop: stop)
    }
}

extension CrawlOptions: PacingSettings {}
extension ImageOptions: PacingSettings {}
