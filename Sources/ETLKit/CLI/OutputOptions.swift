/// How a crawl or an image run reports while it runs.
public struct OutputOptions: Sendable, Equatable {
    public var isQuiet = false
    public var isJSON = false
    public init() {}
}
