import Foundation

/// Hands out permission to send a request: the rate, the gate of an open
/// refusal suspicion, the cooldown of a confirmed block, and the request and
/// time budgets. Shared by every fetching task, hence an actor; the
/// decisions themselves are made by the pure ``RateController`` and
/// ``RefusalJudge``.
public actor RequestPacer {
    /// Why a request was not granted.
    public enum StopReason: Sendable, Equatable {
        case stopped
        case requestBudget
        case timeBudget
    }

    /// What a refused request does next (see ``RefusalJudge``).
    public enum RefusalRole: Sendable, Equatable {
        /// Probe suspicion `id` with `url` (nil: the refused URL itself).
        case probe(id: Int, url: String?)
        /// A suspicion or a block is being handled: queue again.
        case wait
        /// A lone weak refusal: the item's own failure; nothing pauses.
        case noise
    }

    /// What the pacer times and sleeps by; loops built on it use it too.
    public nonisolated let clock: any FetchClock
    private let startedAt: Duration
    /// The wall-clock time of `startedAt`, to date what is remembered.
    private let startDate: Date
    /// The memory this run started from, if any: kept for what it did not relearn.
    private let startMemory: PacingMemory?
    private var lastBlockSeconds: Double?
    private let fixedRate: Double?
    private var controller: RateController?
    private var judge: RefusalJudge
    private let maxRequests: Int?
    let deadline: Duration?
    /// The longest `Retry-After` honoured, in seconds.
    public nonisolated let maxRetryAfter: Double
    public nonisolated let stop: StopSignal
    private var nextSlot: Duration
    private var isResuming = false
    /// Requests waiting for a suspicion to settle wait for the gate's next
    /// opening: its level counts the openings (one waiter mechanism,
    /// ``LevelWaiters``, which drops a cancelled wait).
    private let gate = LevelWaiters()
    private var gateOpenings = 0
    /// Whether a request sleeps until the next turn; the others wait for it to pass (`turns`).
    private var isTurnBooked = false
    /// Requests queued behind the booked turn wait for it to pass: the level counts the turns passed.
    private let turns = LevelWaiters()
    private var turnsPassed = 0
    private var events: [PacerEvent] = []
    private var lastRefusal = ""
    private var hasReportedCap = false
    /// Seconds of long `Retry-After` waits (past ``maxRetryAfter``) granted this run.
    private var longWaited = 0.0
    private var listener: (@Sendable (PacerEvent) -> Void)?
    /// A URL that answered normally lately: what probes ask for.
    private var knownGoodURL: String?
    /// Whether any answer of this run was let through (a normal answer or an answered probe).
    private var hasAdmitted = false
    /// Whether the last run's block ended so lately (within the longest
    /// Retry-After honoured) that a refusal before any answer is still it.
    private var mayMeetLeftoverBlock = false

    /// Requests granted so far, probes included.
    public private(set) var requests = 0
    /// When the first and the latest request were let through, on ``clock``.
    private var firstGrant: Duration?
    private var latestGrant: Duration?
    /// Probes sent to confirm or dismiss a suspected block.
    public private(set) var probes = 0

    public init(
        rate: RateSetting, controllerSettings: RateController.Settings = .init(), cooldown: Double,
        maxRequests: Int?, maxDuration: Double?, maxRetryAfter: Double = 600, memory: PacingMemory? = nil,
        stop: StopSignal, clock: any FetchClock = ContinuousFetchClock(), startDate: Date = Date()
    ) {
        self.clock = clock
        let now = clock.now
        startedAt = now
        self.startDate = startDate
        nextSlot = now
        switch rate {
        case .auto:
            fixedRate = nil
            startMemory = memory
            controller = RateController(settings: controllerSettings, now: 0, remembered: memory?.remembered(at: startDate))
        case .fixed(let value):
            fixedRate = value
            startMemory = nil
        case .unlimited:
            fixedRate = .infinity
            startMemory = nil
        }
        judge = RefusalJudge(cooldown: cooldown)
        self.maxRequests = maxRequests
        self.deadline = maxDuration.map { now + .seconds($0) }
        self.maxRetryAfter = maxRetryAfter
        self.stop = stop
        // Started inside the block the last run met: its refusals would
        // read as a new, lower limit (and cost a second cooldown), so the
        // first request waits for it to end, as long as a Retry-After is
        // honoured at most; `--max-duration` still ends the wait.
        if controller != nil, let memory, let at = memory.lastBlockAt, let seconds = memory.lastBlockSeconds {
            mayMeetLeftoverBlock = at.addingTimeInterval(seconds + maxRetryAfter) > startDate
        }
        if controller != nil, let end = memory?.blockEnd(after: startDate) {
            let wait = min(end.timeIntervalSince(startDate), maxRetryAfter)
            nextSlot = now + .seconds(wait)
            events.append(.waitingOutBlock(seconds: wait))
        }
    }

    /// The rate in force, in requests per second (infinity when unlimited).
    public var currentRate: Double { controller?.rate ?? fixedRate ?? .infinity }
    /// Requests per second as measured: the requests after the first over
    /// the time from the first to the latest, so the turns the pacer spaced
    /// are what is timed, and a run's first request (let through at once)
    /// is not a rate. Nil until two requests went at different instants.
    public var measuredRate: Double? {
        guard requests >= 2, let firstGrant, let latestGrant, latestGrant > firstGrant else { return nil }
        return Double(requests - 1) / (latestGrant - firstGrant).inSeconds
    }
    /// The ceiling `--rate auto` learnt from confirmed blocks, if any.
    public var ceiling: Double? { controller?.ceiling }
    /// Confirmed blocks.
    public var blocks: Int { judge.confirmed }

    /// What `--rate auto` knows now, for the next run against the same host;
    /// nil for a fixed or unlimited rate, or when nothing was learnt.
    public var memory: PacingMemory? {
        guard let controller else { return nil }
        let learnt = controller.remembered
        guard !learnt.isEmpty else { return nil }
        let blockDate = learnt.lastBlockAt.map { startDate.addingTimeInterval($0) }
        let isNewBlock = controller.blocks > 0
        return PacingMemory(
            ceiling: learnt.ceiling, cleanRate: learnt.cleanRate, cleanSource: learnt.cleanSource, lastBlockAt: blockDate,
            lastBlockSeconds: isNewBlock ? lastBlockSeconds : startMemory?.lastBlockSeconds,
            updatedAt: startDate.addingTimeInterval(now))
    }
    /// Refused answers (403, 429, HTML where data was expected).
    public var refusals: Int { judge.refusals }
    /// Suspicions that a probe dismissed as noise.
    public var noise: Int { judge.noise }
    public var cooldownSeconds: Double { judge.cooldown }
    public var isCoolingDown: Bool { judge.isCoolingDown(at: now) }
    /// Time left before the run's `--max-duration`, if any.
    public var remainingTime: Duration? { deadline.map { $0 - clock.now } }

    /// Waits for this request's turn; returns nil when granted, or why not.
    public func acquire() async -> StopReason? {
        while true {
            if let reason = budgetStop() { return reason }
            if judge.isSuspecting {
                await waitForGate()
                if Task.isCancelled { return budgetStop() ?? .stopped }
                continue
            }
            // One request at a time waits for the next turn: the others queue
            // behind it and book theirs when it goes, at the rate then in
            // force (booked all at once, `concurrency` turns ran at the rate
            // of the moment they were booked: a slow start from 1/s with 8
            // in flight held 1/s for 8 s whatever it had grown to).
            if isTurnBooked {
                await waitForTurn()
                if Task.isCancelled { return budgetStop() ?? .stopped }
                continue
            }
            let now = clock.now
            var slot = max(now, nextSlot)
            if let until = judge.cooldownUntil.map(instant), until > slot { slot = until }
            // A turn that falls after the deadline is no turn at all.
            if let deadline, slot >= deadline { return .timeBudget }
            nextSlot = slot + interval
            if slot > now {
                let epoch = judge.epoch
                isTurnBooked = true
                let slept = await stop.sleep(until: slot, on: clock)
                isTurnBooked = false
                passTurn()
                guard slept else { return budgetStop() ?? .stopped }
                // A suspicion or a block during the wait moved everything: queue again.
                if judge.epoch != epoch { continue }
            }
            if let reason = budgetStop() { return reason }
            requests += 1
            noteGrant()
            // The first request after a block's cooldown: the rate controller
            // times its quiet period and quick-block rule from here.
            if isResuming, !judge.isCoolingDown(at: self.now) {
                isResuming = false
                controller?.recordResume(at: self.now)
            }
            controller?.recordRequest(at: self.now)
            return nil
        }
    }

    /// Notes an answer that was not a refusal; `url` answered as expected
    /// when `isGood`, so it may serve as a probe.
    public func recordNormalAnswer(url: String, isGood: Bool) {
        judge.recordNormalAnswer(at: now)
        // Let through, whatever it said: the front end counted it.
        controller?.recordAdmitted(at: now)
        hasAdmitted = true
        if isGood { knownGoodURL = url }
    }

    /// Notes a refused answer and says what the request does next.
    public func recordRefusal(reason: String, isStrong: Bool) -> RefusalRole {
        lastRefusal = reason
        let confirmedBefore = judge.confirmed
        let (role, isNewBlock) = judge.recordRefusal(at: now, isStrong: isStrong)
        if judge.confirmed > confirmedBefore { settleBlock(isNew: isNewBlock) }
        switch role {
        case .probe(let id): return .probe(id: id, url: knownGoodURL)
        case .wait: return .wait
        case .noise: return .noise
        }
    }

    /// Sleeps the confirm delay of suspicion `id`; false when the run
    /// stopped instead (the suspicion is then dropped). Counts the probe.
    public func waitToProbe(id: Int) async -> Bool {
        guard judge.suspicion?.id == id else { return false }
        let delay = judge.confirmDelay(rate: currentRate)
        guard await stop.sleep(until: clock.now + .seconds(delay), on: clock), budgetStop() == nil else {
            abandonProbe(id: id)
            return false
        }
        // Answers that arrived meanwhile may have settled it: a probe into a
        // confirmed block's cooldown would only be refused again.
        guard judge.suspicion?.id == id else { return false }
        requests += 1
        noteGrant()
        probes += 1
        return true
    }

    /// The probe of suspicion `id` came back; `isAnswered` false: with no
    /// answer (a timeout), which says nothing about a block and is not an
    /// answer let through either.
    public func recordProbe(id: Int, isRefused: Bool, isAnswered: Bool = true) {
        if !isRefused, isAnswered {
            controller?.recordAdmitted(at: now)
            hasAdmitted = true
        }
        switch judge.recordProbe(id: id, isRefused: isRefused, at: now) {
        case .block(let isNewEpisode):
            settleBlock(isNew: isNewEpisode)
        case .noise:
            post(.noise(reason: lastRefusal))
            openGate()
        case .settled:
            break
        }
    }

    /// The probe of suspicion `id` was not sent or got no answer.
    public func abandonProbe(id: Int) {
        judge.abandonProbe(id: id)
        openGate()
    }

    /// `seconds` of `Retry-After`, capped at ``maxRetryAfter`` and at the
    /// time left; the first cap is reported. A longer ask than
    /// ``maxRetryAfter`` is a long wait: the run's long waits add up to
    /// ``maxRetryAfter`` at most (and end with `--max-duration`), so a
    /// server asking for days costs one capped wait per run, not one per
    /// attempt. Nil once that is spent: the request gives up instead.
    public func boundedRetryAfter(_ seconds: Double) -> Double? {
        var bounded = min(max(seconds, 0), maxRetryAfter)
        if let remaining = remainingTime { bounded = min(bounded, max(remaining.inSeconds, 0)) }
        if seconds > maxRetryAfter {
            let left = maxRetryAfter - longWaited
            guard left > 0 else { return nil }
            bounded = min(bounded, left)
            longWaited += bounded
        }
        if bounded < seconds, !hasReportedCap {
            hasReportedCap = true
            post(.cappedRetryAfter(askedSeconds: seconds, waitedSeconds: bounded))
        }
        return bounded
    }

    /// Takes the events since the last call.
    public func takeEvents() -> [PacerEvent] {
        defer { events.removeAll() }
        return events
    }

    /// Hands every event to `listener` as it happens (those waiting first)
    /// instead of keeping it for ``takeEvents()``, for a loop with no
    /// heartbeat of its own (a listing read page by page); nil keeps them again.
    public func deliverEvents(to listener: (@Sendable (PacerEvent) -> Void)?) {
        self.listener = listener
        if let listener { takeEvents().forEach(listener) }
    }

    private func post(_ event: PacerEvent) {
        if let listener { listener(event) } else { events.append(event) }
    }

    private func settleBlock(isNew: Bool) {
        let cooldown = max(0, (judge.cooldownUntil ?? now) - now)
        // Refused before anything was let through, after a run that met a
        // block lately: that block, still in force (it lasted longer than the
        // cooldown remembered), says nothing of the limit; the rate and the
        // memory stay as they were. Its episode lasts until an answer is let
        // through (see ``RefusalJudge``), so every block after is a new one.
        let isLeftover = !hasAdmitted && mayMeetLeftoverBlock
        if !isLeftover {
            if isNew { controller?.recordBlock(at: now) }
            lastBlockSeconds = cooldown
        }
        if let until = judge.cooldownUntil.map(instant) {
            nextSlot = max(nextSlot, until)
            isResuming = true
        }
        post(isLeftover
            ? .leftoverBlock(reason: lastRefusal, cooldownSeconds: cooldown)
            : .confirmedBlock(reason: lastRefusal, cooldownSeconds: cooldown, newRate: currentRate))
        openGate()
    }

    /// Wakes the requests waiting for a suspicion to settle; each sees the
    /// stop when it queues again.
    func releaseQueuedRequests() {
        if stop.isRequested { openGate() }
    }

    /// Requests waiting for a suspicion to settle (for tests).
    var queuedBehindGate: Int { gate.count }

    /// Requests queued behind the booked turn (for tests).
    var queuedForTurn: Int { turns.count }

    /// A request (a probe too) went now: what ``measuredRate`` counts from.
    private func noteGrant() {
        (firstGrant, latestGrant) = (firstGrant ?? clock.now, clock.now)
    }

    /// Returns at the gate's next opening, or when the task is cancelled.
    private func waitForGate() async {
        await gate.wait(until: gateOpenings + 1)
    }

    /// Returns when the booked turn passes, or when the task is cancelled.
    private func waitForTurn() async {
        await turns.wait(until: turnsPassed + 1)
    }

    /// Lets the requests queued for a turn book one again (the first to run books it).
    private func passTurn() {
        turnsPassed += 1
        turns.set(turnsPassed)
    }

    private func openGate() {
        gateOpenings += 1
        gate.set(gateOpenings)
    }

    private func budgetStop() -> StopReason? {
        if stop.isRequested { return .stopped }
        if let maxRequests, requests >= maxRequests { return .requestBudget }
        if let deadline, clock.now >= deadline { return .timeBudget }
        return nil
    }

    private var interval: Duration {
        let rate = currentRate
        guard rate.isFinite, rate > 0 else { return .zero }
        return .nanoseconds(Int64(1e9 / rate))
    }

    private var now: Double { (clock.now - startedAt).inSeconds }

    private func instant(_ seconds: Double) -> Duration { startedAt + .seconds(seconds) }
}
