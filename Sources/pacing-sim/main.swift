import FetchEngine
import Foundation

// Prints how `--rate auto` fares against simulated front ends: over one
// simulated day from nothing, then over a week of nightly runs, each
// starting from what the one before remembered. Deterministic, so the
// figures are the same on any machine. Used by scripts/bench-polite.
//
//     pacing-sim [HOURS] [--nights N] [--night-minutes M]
struct Scenario {
    var name: String
    var server: PacingSimulation.Server
    var start: Double
    var cooldown: Double
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func value(of flag: String, default fallback: Double) -> Double {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count, let number = Double(arguments[index + 1]) else {
        return fallback
    }
    arguments.removeSubrange(index...(index + 1))
    return number
}
let nights = Int(value(of: "--nights", default: 7))
let nightMinutes = value(of: "--night-minutes", default: 360)
let hours = arguments.first.flatMap(Double.init) ?? 24
let scenarios = [
    Scenario(name: "Met-like 30 req/10 s, 60 s penalty", server: .init(limit: 30, window: 10, penalty: 60), start: 1, cooldown: 60),
    Scenario(name: "Met-like 20 req/10 s, 60 s penalty", server: .init(limit: 20, window: 10, penalty: 60), start: 1, cooldown: 60),
    Scenario(name: "Met-like + 2% lone refusals", server: .init(limit: 20, window: 10, penalty: 60, noise: 0.02), start: 1, cooldown: 60),
    Scenario(name: "60 req/1 s, 2 s penalty", server: .init(limit: 60, window: 1, penalty: 2), start: 5, cooldown: 2),
    Scenario(name: "40 req/1 s, 60 s penalty", server: .init(limit: 40, window: 1, penalty: 60), start: 1, cooldown: 60),
    Scenario(name: "100 req/60 s, 60 s penalty", server: .init(limit: 100, window: 60, penalty: 60), start: 1, cooldown: 60),
]

if hours > 0 {
    print("#### One day from nothing (\(String(format: "%g", hours)) hours)\n")
    print("| front end | hours | requests | held after 1 h | confirmed blocks | per 1,000 requests | server blocks | refused probes | noise dismissed | final rate |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for scenario in scenarios {
        let simulation = PacingSimulation(
            server: scenario.server, settings: .init(start: scenario.start, maximum: 80),
            cooldown: scenario.cooldown, duration: hours * 3_600)
        let result = simulation.run()
        let held = result.heldRate / scenario.server.limitRate * 100
        let perThousand = Double(result.confirmedBlocks) * 1_000 / Double(max(result.requests, 1))
        print(String(
            format: "| %@ | %.0f | %d | %.1f%% | %d | %.2f | %d | %d | %d | %.2f/s |",
            scenario.name, hours, result.requests, held, result.confirmedBlocks, perThousand,
            result.serverBlocks, result.refusedProbes, result.dismissedNoise, result.finalRate))
    }
    print()
}

if nights > 0 {
    print("#### \(nights) nights of \(String(format: "%g", nightMinutes)) minutes, one a day, each from the last one's memory\n")
    print("| front end | " + (1...nights).map { "night \($0)" }.joined(separator: " | ") + " |")
    print("|---|" + String(repeating: "---:|", count: nights))
    for scenario in scenarios {
        let simulation = PacingSimulation(
            server: scenario.server, settings: .init(start: scenario.start, maximum: 80),
            cooldown: scenario.cooldown, duration: nightMinutes * 60)
        let results = simulation.nights(nights, gap: 24 * 3_600 - nightMinutes * 60)
        let cells = results.map { result in
            String(format: "%.1f%%, %d blk", result.heldRate / scenario.server.limitRate * 100, result.confirmedBlocks)
        }
        print("| \(scenario.name) | " + cells.joined(separator: " | ") + " |")
    }
    print("\nEach cell: answered requests over the whole night as a share of the limit, and confirmed blocks.")
}
