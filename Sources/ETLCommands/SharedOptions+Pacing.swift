import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import SourceKit
import SourceRegistry
import Store

/// The pacing options `crawl` and `images` share, bound to `PacingOptions`.
extension SharedOptions {
    package static let concurrency = Option<PacingOptions>.integer(
        "concurrency", "n", "Requests in flight at most.", \.concurrency, in: 1...1_024)

    /// `--rate auto|r|unlimited`; `perSource` gives a source's own default.
    package static func rate(perSource: (@Sendable (SourceName) -> RateSetting?)? = nil) -> Option<PacingOptions> {
        .custom(
            "rate", "auto|r|unlimited", "Requests per second: auto finds the highest the server tolerates.", \.rate,
            parse: rateSetting, show: text(of:), perSource: perSource)
    }

    package static let rateStart = Option<PacingOptions>.number(
        "rate-start", "r", "Starting rate for --rate auto.", \.rateStart, in: 0.01...1e6, expected: rateRange)

    package static func rateMax(perSource: (@Sendable (SourceName) -> Double?)? = nil) -> Option<PacingOptions> {
        .number(
            "rate-max", "r", "Highest rate --rate auto may reach.", \.rateMax, in: 0.01...1e6, expected: rateRange,
            perSource: perSource)
    }

    package static let cooldown = Option<PacingOptions>.number(
        "cooldown", "seconds", "Pause after the server blocks us.", \.cooldown, in: 0...1e9,
        expected: "a number of seconds from 0 to 1000000000")

    /// `--max-attempts`, whose help says what one attempt is for the command.
    package static func maxAttempts(_ help: String) -> Option<PacingOptions> {
        .integer("max-attempts", "n", help, \.maxAttempts, in: 1...100)
    }

    package static let timeout = Option<PacingOptions>.number(
        "timeout", "seconds", "Timeout of one request.", \.timeout, in: 0.001...1e9,
        expected: "a number of seconds from 0.001 to 1000000000")

    package static let maxRequests = Option<PacingOptions>.integer(
        "max-requests", "n", "Stop cleanly after this many requests.", \.maxRequests, in: 1...Int.max)

    package static let maxDuration = Option<PacingOptions>.duration(
        "max-duration", "duration", "Stop cleanly after this long, e.g. 90m or 6h.", \.maxDuration)

    /// `--rate-start` above `--rate-max`, quoting what was given.
    package static func validate(_ pacing: PacingOptions, given: GivenOptions) throws {
        guard pacing.rateStart > pacing.rateMax else { return }
        let start = given.text(of: "rate-start") ?? "\(HelpText.number(pacing.rateStart)) (the default)"
        let max = given.text(of: "rate-max") ?? "\(HelpText.number(pacing.rateMax)) (the default)"
        throw ValidationError("--rate-start \(start) is above --rate-max \(max)")
    }

    private static let rateRange = "a rate from 0.01 to 1000000 requests per second"

    @Sendable private static func rateSetting(_ text: String) throws -> RateSetting {
        switch text {
        case "auto": return .auto
        case "unlimited": return .unlimited
        default:
            guard let value = Double(text), value >= 0.01, value <= 1e6 else {
                // `Auto` for `auto`, as a choice's value is told.
                throw InvalidValue(expected: "auto, unlimited or \(rateRange)" + Suggestion.valueHint(for: text, among: ["auto", "unlimited"]))
            }
            return .fixed(value)
        }
    }

    @Sendable private static func text(of rate: RateSetting) -> String {
        switch rate {
        case .auto: "auto"
        case .unlimited: "unlimited"
        case .fixed(let value): HelpText.number(value)
        }
    }
}
