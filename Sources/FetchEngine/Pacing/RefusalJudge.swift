/// Tells a lone odd answer from a real block; pure and clock-free (times in
/// seconds are passed in), like ``RateController``.
///
/// A refusal (403, 429, or an HTML page where data was expected) is only a
/// suspicion: new requests stop, and the one that was refused first probes
/// again after a short delay, with a URL that answered normally before. A
/// refused probe, or `threshold` refusals while the suspicion is open,
/// confirm a block. A page with status 200 is weak evidence (a maintenance
/// page or one broken item looks the same): outside a block episode it is
/// noise at once, with no pause and no probe; only `threshold` of them in a
/// row (no normal answer between) open a suspicion. So a 403 block costs one
/// refused probe, and lone pages cost nothing but their own item's attempt.
/// A confirmed block means: everything cools down for the cooldown (doubled for each
/// further confirmation with no normal answer between, up to
/// `maxCooldownFactor` times), and the rate controller learns from it. A
/// probe that answers normally dismisses the suspicion as noise: nothing
/// cools down and the rate does not move.
public struct RefusalJudge: Sendable, Equatable {
    /// What the refused request is to do next.
    public enum Role: Sendable, Equatable {
        /// Probe for suspicion `id` once the confirm delay has passed.
        case probe(id: Int)
        /// A lone weak refusal: the item's own problem, nothing pauses.
        case noise
        /// A suspicion or a block is already being handled: queue again.
        case wait
    }

    public var cooldown: Double
    public var threshold: Int
    public var maxCooldownFactor: Double

    /// Refused answers seen.
    public private(set) var refusals = 0
    /// Suspicions dismissed as noise.
    public private(set) var noise = 0
    /// Blocks confirmed.
    public private(set) var confirmed = 0
    /// No request may start before this time while a block cools down.
    public private(set) var cooldownUntil: Double?
    /// An open suspicion: its id and the refusals seen since it opened.
    public struct Suspicion: Sendable, Equatable {
        public var id: Int
        public var refusals: Int
    }

    /// What a probe's answer settled.
    public enum ProbeOutcome: Sendable, Equatable {
        /// A block is confirmed; `isNewEpisode`: the rate must drop.
        case block(isNewEpisode: Bool)
        case noise
        /// The suspicion was already settled by other answers.
        case settled
    }

    public private(set) var suspicion: Suspicion?
    /// Bumped by every new suspicion and every confirmation: a waiter that
    /// sees it change queues again.
    public private(set) var epoch = 0
    private var consecutive = 0
    /// Weak refusals since the last normal answer.
    private var weakInARow = 0

    public init(cooldown: Double, threshold: Int = 3, maxCooldownFactor: Double = 8) {
        self.cooldown = cooldown
        self.threshold = max(1, threshold)
        self.maxCooldownFactor = maxCooldownFactor
    }

    public var isSuspecting: Bool { suspicion != nil }

    /// How long a probe waits at `rate`: one request interval, so answers in
    /// flight land first, within 0.02–1 s and never longer than a cooldown.
    public func confirmDelay(rate: Double) -> Double {
        min(max(1 / rate, 0.02), 1, max(cooldown, 0.02))
    }

    public func isCoolingDown(at now: Double) -> Bool { cooldownUntil.map { now < $0 } ?? false }

    /// A refused answer arrived at `now`. `confirmedBlock` is true when this
    /// refusal confirmed a block that starts a new episode (the rate must drop).
    public mutating func recordRefusal(at now: Double, isStrong: Bool = true) -> (role: Role, confirmedBlock: Bool) {
        refusals += 1
        if isCoolingDown(at: now) { return (.wait, false) }
        if !isStrong && suspicion == nil && consecutive == 0 {
            weakInARow += 1
            if weakInARow < threshold {
                noise += 1
                return (.noise, false)
            }
        }
        if var open = suspicion {
            open.refusals += 1
            suspicion = open
            if open.refusals >= threshold { return (.wait, confirm(at: now)) }
            return (.wait, false)
        }
        epoch += 1
        suspicion = Suspicion(id: epoch, refusals: 1)
        if threshold == 1 { return (.wait, confirm(at: now)) }
        return (.probe(id: epoch), false)
    }

    /// The probe of suspicion `id` answered: refused or not.
    public mutating func recordProbe(id: Int, isRefused: Bool, at now: Double) -> ProbeOutcome {
        if isRefused { refusals += 1 }
        guard suspicion?.id == id else { return .settled }
        guard isRefused else {
            suspicion = nil
            noise += 1
            consecutive = 0
            weakInARow = 0
            return .noise
        }
        return .block(isNewEpisode: confirm(at: now))
    }

    /// The probe of suspicion `id` could not be sent (the run is stopping):
    /// nothing was learnt.
    public mutating func abandonProbe(id: Int) {
        if suspicion?.id == id { suspicion = nil }
    }

    /// A normal answer arrived at `now`: a block episode, if any, is over.
    public mutating func recordNormalAnswer(at now: Double) {
        weakInARow = 0
        if !isCoolingDown(at: now) && suspicion == nil { consecutive = 0 }
    }

    private mutating func confirm(at now: Double) -> Bool {
        suspicion = nil
        weakInARow = 0
        epoch += 1
        confirmed += 1
        consecutive += 1
        var factor = 1.0
        for _ in 1..<consecutive where factor < maxCooldownFactor { factor *= 2 }
        cooldownUntil = now + cooldown * min(factor, maxCooldownFactor)
        return consecutive == 1
    }
}
