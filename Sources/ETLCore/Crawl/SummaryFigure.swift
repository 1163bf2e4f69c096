/// A figure of a crawl that only some sources have, declared by the source
/// (or the listing style) that fills it as an enum of stable names: kept in
/// ``CrawlSummary/figures`` (and so in `etl crawl --json` under `figures`)
/// and printed by the source's summary lines.
package protocol SummaryFigure: RawRepresentable, Sendable where RawValue == String {}

/// A declared figure's value: a count or a yes/no.
package enum FigureValue: Sendable, Equatable, Codable {
    case count(Int)
    case flag(Bool)

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
        } else {
            self = .count(try container.decode(Int.self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .count(let count): try container.encode(count)
        case .flag(let flag): try container.encode(flag)
        }
    }
}

extension CrawlSummary {
    /// A count the source declared; nil when the run did not fill it.
    package subscript<Figure: SummaryFigure>(count figure: Figure) -> Int? {
        get {
            guard case .count(let count)? = figures[figure.rawValue] else { return nil }
            return count
        }
        set { figures[figure.rawValue] = newValue.map(FigureValue.count) }
    }

    /// A yes/no the source declared; nil when the run did not fill it.
    package subscript<Figure: SummaryFigure>(flag figure: Figure) -> Bool? {
        get {
            guard case .flag(let flag)? = figures[figure.rawValue] else { return nil }
            return flag
        }
        set { figures[figure.rawValue] = newValue.map(FigureValue.flag) }
    }
}
