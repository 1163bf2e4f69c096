import FetchEngine
import Foundation

// Prints how `--rate auto` fares against simulated front ends: over one
// simulated day from nothing, then over a week of nightly runs, each
// starting from what the one before remembered, then after a short first
// run. Each figure is shown for today's rules without the count of the
// answers let through at a block (`Settings.previous`) and for today's
// (`before → after`), from the same binary in the same run.
// Deterministic, so the figures are the same on any machine. Used by
// scripts/benchmarks/bench-polite.
//
//     pacing-sim [HOURS] [--nights N] [--night-minutes M] [--first-minutes A,B,…] [--later-minutes M,…] [--job N]
struct Scenario {
    var name: String
    var server: PacingSimulation.Server
    var start: Double
    var cooldown: Double

    /// The controller's settings for this front end, by today's rules or the previous ones.
    func settings(previous: Bool) -> RateController.Settings {
        if previous { return .previous(start: start, maximum: 80, cooldown: cooldown) }
        return .paced(start: start, maximum: 80, cooldown: cooldown)
    }

    func simulation(previous: Bool, minutes: Double) -> PacingSimulation {
        PacingSimulation(server: server, settings: settings(previous: previous), cooldown: cooldown, duration: minutes * 60)
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func text(of flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...(index + 1)) }
    return arguments[index + 1]
}
@MainActor func value(of flag: String, default fallback: Double) -> Double {
    text(of: flag).flatMap(Double.init) ?? fallback
}
@MainActor func values(of flag: String, default fallback: [Double]) -> [Double] {
    guard let list = text(of: flag) else { return fallback }
    return list.split(separator: ",").compactMap { Double($0) }
}
let nights = Int(value(of: "--nights", default: 7))
let nightMinutes = value(of: "--night-minutes", default: 360)
let firstMinutes = values(of: "--first-minutes", default: [1, 2, 4])
let laterMinutes = values(of: "--later-minutes", default: [4, 30])
let job = Int(value(of: "--job", default: 1_520))
let hours = arguments.first.flatMap(Double.init) ?? 24
let scenarios = [
    Scenario(name: "Met-like 30 req/10 s, 60 s penalty", server: .init(limit: 30, window: 10, penalty: 60), start: 1, cooldown: 60),
    Scenario(name: "Met-like 20 req/10 s, 60 s penalty", server: .init(limit: 20, window: 10, penalty: 60), start: 1, cooldown: 60),
    Scenario(name: "Met-like + 2% lone refusals", server: .init(limit: 20, window: 10, penalty: 60, noise: 0.02), start: 1, cooldown: 60),
    Scenario(name: "60 req/1 s, 2 s penalty", server: .init(limit: 60, window: 1, penalty: 2), start: 5, cooldown: 2),
    Scenario(name: "40 req/1 s, 60 s penalty", server: .init(limit: 40, window: 1, penalty: 60), start: 1, cooldown: 60),
    Scenario(name: "100 req/60 s, 60 s penalty", server: .init(limit: 100, window: 60, penalty: 60), start: 1, cooldown: 60),
]

func share(_ result: PacingSimulation.Result, _ scenario: Scenario) -> String {
    String(format: "%.1f%%, %d blk", result.heldRate / scenario.server.limitRate * 100, result.confirmedBlocks)
}

if hours > 0 {
    print("#### One day from nothing (\(String(format: "%g", hours)) hours), before → after\n")
    print("| front end | requests | held after 1 h | confirmed blocks | per 1,000 requests | server blocks | refused probes | noise dismissed | final rate |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for scenario in scenarios {
        let results = [true, false].map { previous in
            var simulation = scenario.simulation(previous: previous, minutes: hours * 60)
            simulation.warmUp = 3_600
            return simulation.run()
        }
        func cell(_ figure: (PacingSimulation.Result) -> String) -> String { results.map(figure).joined(separator: " → ") }
        print("| \(scenario.name) | " + [
            cell { "\($0.requests)" },
            cell { String(format: "%.1f%%", $0.heldRate / scenario.server.limitRate * 100) },
            cell { "\($0.confirmedBlocks)" },
            cell { String(format: "%.2f", Double($0.confirmedBlocks) * 1_000 / Double(max($0.requests, 1))) },
            cell { "\($0.serverBlocks)" }, cell { "\($0.refusedProbes)" }, cell { "\($0.dismissedNoise)" },
            cell { String(format: "%.2f/s", $0.finalRate) },
        ].joined(separator: " | ") + " |")
    }
    print()
}

if nights > 0 {
    print("#### \(nights) nights of \(String(format: "%g", nightMinutes)) minutes, one a day, each from the last one's memory, before → after\n")
    print("| front end | " + (1...nights).map { "night \($0)" }.joined(separator: " | ") + " |")
    print("|---|" + String(repeating: "---|", count: nights))
    for scenario in scenarios {
        let runs = [true, false].map { previous in
            scenario.simulation(previous: previous, minutes: nightMinutes).nights(nights, gap: 24 * 3_600 - nightMinutes * 60)
        }
        let cells = (0..<nights).map { "\(share(runs[0][$0], scenario)) → \(share(runs[1][$0], scenario))" }
        print("| \(scenario.name) | " + cells.joined(separator: " | ") + " |")
    }
    print("\nEach cell: answered requests over the whole night as a share of the limit, and confirmed blocks.\n")
}

if !firstMinutes.isEmpty, !laterMinutes.isEmpty {
    print("#### A short first run, then one later run from its memory (a day later), before → after\n")
    print("| front end | first run | " + laterMinutes.map { "then \(String(format: "%g", $0)) minutes" }.joined(separator: " | ") + " |")
    print("|---|---|" + String(repeating: "---|", count: laterMinutes.count))
    for scenario in scenarios {
        for first in firstMinutes {
            let cells = laterMinutes.map { later in
                let runs = [true, false].map { previous in
                    scenario.simulation(previous: previous, minutes: later).nights(durations: [first * 60, later * 60])
                }
                return "\(share(runs[0][1], scenario)) → \(share(runs[1][1], scenario))"
            }
            let firstRun = [true, false].map { scenario.simulation(previous: $0, minutes: first).nights(durations: [first * 60])[0] }
            print("| \(scenario.name) | \(String(format: "%g", first)) min: \(share(firstRun[0], scenario)) → \(share(firstRun[1], scenario)) | "
                + cells.joined(separator: " | ") + " |")
        }
    }
    print("\nEach cell: answered requests over that run as a share of the limit, and confirmed blocks.")
}

if job > 0 {
    print("\n#### A first job of \(job) requests from nothing, with the default start (\(String(format: "%g", RateController.Settings().start))/s), before → after\n")
    print("| front end | seconds | × the oracle (\(job) ÷ the limit) | confirmed blocks |")
    print("|---|---:|---:|---:|")
    for scenario in scenarios {
        var results: [PacingSimulation.Result] = []
        for previous in [true, false] {
            var defaults = scenario
            defaults.start = RateController.Settings().start
            var simulation = defaults.simulation(previous: previous, minutes: 24 * 60)
            simulation.job = job
            results.append(simulation.run())
        }
        let oracle = Double(job) / scenario.server.limitRate
        print("| \(scenario.name) | " + [
            results.map { String(format: "%.1f", $0.elapsed) }.joined(separator: " → "),
            results.map { String(format: "%.2f×", $0.elapsed / oracle) }.joined(separator: " → "),
            results.map { "\($0.confirmedBlocks)" }.joined(separator: " → "),
        ].joined(separator: " | ") + " |")
    }
}
