import FetchEngine
import Foundation

// Prints how `--rate auto` fares against simulated front ends over a
// simulated day; deterministic, so the figures are the same on any machine.
// Used by scripts/bench-polite.
struct Scenario {
    var name: String
    var server: PacingSimulation.Server
    var start: Double
    var cooldown: Double
    var hours: Double
}

let arguments = CommandLine.arguments.dropFirst()
let hours = arguments.first.flatMap(Double.init) ?? 24
let scenarios = [
    Scenario(name: "Met-like 20 req/10 s, 60 s penalty", server: .init(limit: 20, window: 10, penalty: 60), start: 1, cooldown: 60, hours: hours),
    Scenario(name: "Met-like + 2% lone refusals", server: .init(limit: 20, window: 10, penalty: 60, noise: 0.02), start: 1, cooldown: 60, hours: hours),
    Scenario(name: "60 req/1 s, 2 s penalty", server: .init(limit: 60, window: 1, penalty: 2), start: 5, cooldown: 2, hours: hours),
    Scenario(name: "40 req/1 s, 60 s penalty", server: .init(limit: 40, window: 1, penalty: 60), start: 1, cooldown: 60, hours: hours),
    Scenario(name: "100 req/60 s, 60 s penalty", server: .init(limit: 100, window: 60, penalty: 60), start: 1, cooldown: 60, hours: hours),
]
print("| front end | hours | requests | held after 1 h | confirmed blocks | per 1,000 requests | server blocks | refused probes | noise dismissed | final rate |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for scenario in scenarios {
    let simulation = PacingSimulation(
        server: scenario.server, settings: .init(start: scenario.start, maximum: 80),
        cooldown: scenario.cooldown, duration: scenario.hours * 3_600)
    let result = simulation.run()
    let held = result.heldRate / scenario.server.limitRate * 100
    let perThousand = Double(result.confirmedBlocks) * 1_000 / Double(max(result.requests, 1))
    print(String(
        format: "| %@ | %.0f | %d | %.1f%% | %d | %.2f | %d | %d | %d | %.2f/s |",
        scenario.name, scenario.hours, result.requests, held, result.confirmedBlocks, perThousand,
        result.serverBlocks, result.refusedProbes, result.dismissedNoise, result.finalRate))
}
