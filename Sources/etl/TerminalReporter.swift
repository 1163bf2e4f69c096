import ETLCommands
import ETLCore
import FetchEngine
import Foundation
import Synchronization

/// Progress on stderr: one updating line on a terminal, a plain line every
/// 30 s otherwise (cron, logs), nothing with `--quiet`.
final class TerminalReporter: CrawlReporter {
    private let isQuiet: Bool
    private let isTerminal: Bool
    private let lastLine: Mutex<(throttle: ProgressThrottle, isOpen: Bool)>

    init(isQuiet: Bool) {
        self.isQuiet = isQuiet
        isTerminal = isatty(STDERR_FILENO) == 1
        lastLine = Mutex((ProgressThrottle(isTerminal: isTerminal), false))
    }

    func crawl(didReport event: CrawlEvent) {
        // A changed setting is said once, when it is stored, so even --quiet says it.
        if case .pageSettingsChanged(let changes) = event {
            line("pages: \(changes.joined(separator: ", ")); kept in the catalog for later crawl and pages runs")
            return
        }
        guard !isQuiet else { return }
        switch event {
        case .planned("images", _, _, let queued):
            line("images: \(queued) to download")
        case .planned(let mode, let listed, let changes, let queued):
            var text = "\(mode) crawl: "
            if let listed { text += "\(listed) IDs listed, " }
            if let changes { text += "\(changes.added) new, \(changes.withdrawn) withdrawn, \(changes.relisted) back, " }
            text += "\(queued) to fetch"
            line(text)
        case .pacer(.confirmedBlock(let reason, let cooldown, let rate)):
            line("confirmed block (\(reason)); pausing \(FigureText.duration(cooldown)), then \(FigureText.rate(rate))")
        case .pacer(.waitingOutBlock(let seconds)):
            line("the block the last run met lasts another \(FigureText.duration(seconds)); waiting it out before the first request")
        case .pacer(.leftoverBlock(let reason, let cooldown)):
            line("refused before any answer (\(reason)): the last run's block, not a new limit; pausing \(FigureText.duration(cooldown)), rate unchanged")
        case .pacer(.noise(let reason)):
            line("refusal was noise (\(reason)); a probe answered normally, rate unchanged")
        case .pacer(.cappedRetryAfter(let asked, let waited)):
            line("the server asked to wait \(FigureText.duration(asked)) (Retry-After); etl waits \(FigureText.duration(waited)), "
                + "and no longer in all for such asks this run")
        case .stopping(let reason):
            line("stopping: \(reason)")
        case .pageSettingsChanged:
            break
        case .progress(let progress):
            show(progress)
        case .listing(let progress):
            show(progress.line)
        }
    }

    /// Ends an open progress line so what follows starts on its own line.
    func finish() {
        let wasOpen = lastLine.withLock { state -> Bool in
            defer { state.isOpen = false }
            return state.isOpen
        }
        if wasOpen { Console.writeError("\n") }
    }

    private func show(_ progress: CrawlProgress) {
        let percent = progress.total > 0 ? Double(progress.done) * 100 / Double(progress.total) : 100
        var text = "\(progress.done)/\(progress.total) (\(String(format: "%.1f", percent))%)"
        text += " rate \(progress.achievedRate.map(FigureText.rate) ?? "-") of \(FigureText.rate(progress.allowedRate))"
        text += " eta \(progress.etaSeconds.map(FigureText.duration) ?? "-")"
        text += " blocks \(progress.blocks) refusals \(progress.refusals) retries \(progress.retries) failed \(progress.failures)"
        if progress.isCoolingDown { text += " (cooling down)" }
        show(text)
    }

    /// A progress line, when the throttle says one is due.
    private func show(_ text: String) {
        let now = Date().timeIntervalSince1970
        let isDue = lastLine.withLock { state -> Bool in
            guard state.throttle.isDue(at: now) else { return false }
            state.isOpen = isTerminal
            return true
        }
        guard isDue else { return }
        if isTerminal {
            Console.writeError("\r\u{1B}[K" + text)
        } else {
            Console.writeError("[\(Timestamp.string(from: Date()))] \(text)\n")
        }
    }

    private func line(_ text: String) {
        let prefix = lastLine.withLock { state -> String in
            defer { state.isOpen = false }
            return state.isOpen ? "\r\u{1B}[K" : ""
        }
        let stamp = isTerminal ? "" : "[\(Timestamp.string(from: Date()))] "
        // Reasons can quote the network (a block page, a server message).
        Console.writeError(prefix + stamp + TerminalText.escaped(text) + "\n")
    }
}
