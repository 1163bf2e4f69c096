import Testing
@testable import AICSource
@testable import CMASource
@testable import ETLCommands
@testable import ETLCore
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource

/// A source declares each `etl crawl` setting once (``SourceSetting``); the
/// kit derives its option, its key, and its reading and writing.
@Suite("Source settings declared once")
struct SourceSettingsTests {
    /// Every kind of setting the kit offers, on a source of no registry.
    struct Sample: SourceSettings {
        static let source = SourceName("sample")
        var word: String?
        var size = 3
        var isLoud = false
        var host = "https://example.org"

        init() {}

        static let settings: [SourceSetting<Self>] = [
            .option(\.word, "word", "text", "Sample: a word.", parse: VisibleText.line),
            .option(\.size, "size", "n", "Sample: a size.", parse: SourceOption.choice(["3", "5"], of: "the sizes")),
            .flag(\.isLoud, "loud", "Sample: say it loudly."),
            .hidden(\.host, "host"),
        ]
    }

    @Test("the options come from the declarations: name, value name, help, default shown, flag; a hidden setting has none")
    func options() {
        let options = Sample.options
        #expect(options.map(\.name) == ["word", "size", "loud"])
        #expect(options.map(\.valueName) == ["text", "n", ""])
        #expect(options.map(\.help) == ["Sample: a word.", "Sample: a size.", "Sample: say it loudly."])
        #expect(options.map(\.defaultValue) == [nil, "3", nil], "the default is the property's initial value")
        #expect(options.map(\.isFlag) == [false, false, true])
        #expect(options.allSatisfy { $0.source == Sample.source })
        #expect(options.map(\.key) == ["sample.word", "sample.size", "sample.loud"])
        #expect(Sample.key(for: \.host) == "sample.host" && Sample.key(for: \.isLoud) == "sample.loud")
    }

    @Test("a value round-trips through the stored settings; defaults are not kept, other sources' keys untouched")
    func roundTrip() {
        var stored = ["other.word": "kept"]
        Sample().store(in: &stored)
        #expect(stored == ["other.word": "kept"], "defaults add no settings row")

        var sample = Sample()
        (sample.word, sample.size, sample.isLoud, sample.host) = ("hi", 5, true, "http://127.0.0.1:8080")
        sample.store(in: &stored)
        #expect(stored == [
            "other.word": "kept", "sample.word": "hi", "sample.size": "5", "sample.loud": SourceOption.flagValue,
            "sample.host": "http://127.0.0.1:8080",
        ])
        #expect(Sample(settings: stored) == sample)

        sample = Sample()
        sample.store(in: &stored)
        #expect(stored == ["other.word": "kept"], "back at the defaults, the rows go")
    }

    @Test("stored text the type cannot read leaves the default")
    func unreadable() {
        let sample = Sample(settings: ["sample.size": "many", "sample.loud": "yes"])
        #expect(sample == Sample())
    }

    @Test("CrawlOptions reads and writes a source's settings in sourceSettings")
    func crawlOptions() {
        var options = CrawlOptions()
        options[settings: Sample.self].word = "fox"
        #expect(options.sourceSettings == ["sample.word": "fox"])
        #expect(options[settings: Sample.self].word == "fox" && options[settings: Sample.self].size == 3)
        options[settings: FlickrQuery.self].imageSize = "z"
        #expect(options.sourceSettings == ["sample.word": "fox", "flickr.image-size": "z"])
    }

    @Test("a choice refuses anything else with the exact expectation")
    func choice() throws {
        #expect(try SourceOption.choice(["web", "print"])("print") == "print")
        #expect(throws: InvalidValue(expected: "web or print. Did you mean 'web'? Values are case-sensitive.")) {
            try SourceOption.choice(["web", "print"])("Web")
        }
        #expect(throws: InvalidValue(expected: "web or print")) { try SourceOption.choice(["web", "print"])("jpeg") }
        #expect(throws: InvalidValue(expected: "one of the sizes 3 or 5")) { try Sample.options[1].parse("4") }
    }

    @Test("a declared setting's bad value is a usage error naming it and what was expected")
    func commandLine() throws {
        #expect(throws: UsageError("Invalid value 'jpeg' for '--picture': expected web or print", command: "crawl")) {
            try ETLCommand.parse(["crawl", "--source", "cma", "--picture", "jpeg"])
        }
        // A source's own choices are told the nearest, as the CLI's are.
        #expect(throws: UsageError(
            "Invalid value 'Web' for '--picture': expected web or print. Did you mean 'web'? Values are case-sensitive.", command: "crawl")) {
            try ETLCommand.parse(["crawl", "--source", "cma", "--picture", "Web"])
        }
        #expect(throws: UsageError("Invalid value 'prnit' for '--picture': expected web or print. Did you mean 'print'?", command: "crawl")) {
            try ETLCommand.parse(["crawl", "--source", "cma", "--picture", "prnit"])
        }
        guard case .crawl(let options, _) = try ETLCommand.parse(["crawl", "--source", "cma", "--picture", "print"]) else {
            Issue.record("not a crawl")
            return
        }
        #expect(options[settings: CMAQuery.self].picture == "print")
        #expect(options.sourceSettings[CMASource.pictureKey] == "print", "the key CMA's listing reads")
    }

    @Test("each source's options are its declared settings, named by its own source")
    func sourcesDeclare() {
        func check<Settings: SourceSettings>(_ source: some Source, _ settings: Settings.Type) {
            let declared = Settings.settings.filter { $0.option != nil }
            #expect(source.options.map(\.key) == declared.map(\.key), "\(source.name)")
            #expect(Settings.source == source.name && source.options.allSatisfy { $0.source == source.name }, "\(source.name)")
        }
        check(MetSource(), MetPlanning.self)
        check(FlickrSource(), FlickrQuery.self)
        check(TMDBSource(), TMDBQuery.self)
        check(AICSource(), AICQuery.self)
        check(CMASource(), CMAQuery.self)
    }
}
