import ETLCatalog
import ETLCore
import ETLPictures
import ETLPipeline
import ETLReport
import FetchEngine
import Foundation
import MetSource
import SourceKit
import SourceRegistry
import Store

/// Runs a parsed command and says what to print and how to exit; the
/// executable does the printing.
package struct CommandRunner: Sendable {
    /// What the executable should print and return.
    package struct Outcome: Sendable, Equatable {
        package var standardOutput = ""
        package var standardError = ""
        package var exitCode: ExitCode = .success

        /// A summary of writing `path`: on stdout, unless `path` may be
        /// stdout itself (`--out /dev/stdout`), where it would corrupt the data.
        mutating func say(_ line: String, about path: String) {
            if OutputTarget.mayBeStandardOutput(path) { standardError += line } else { standardOutput += line }
        }

        /// `error` ended the command: its one line on stderr, and its exit code.
        mutating func fail(with error: any Error) {
            // An export to standard output that failed: as if the executable's print had.
            if let lost = error as? StandardOutputError {
                standardError = ""
                failedToPrint(lost)
                return
            }
            standardError = Self.errorLine(error)
            exitCode = CommandRunner.exitCode(for: error)
        }

        /// The executable could not print `standardOutput`: said after what
        /// the command had to say on stderr, and exit 74, unless the command
        /// had failed already (its own code says more). Whatever it did stands.
        /// A reader that went away (`etl export | head -n 5`) took what it
        /// wanted: nothing is said, and the code is the one a death by
        /// SIGPIPE gives, as for the other commands of a pipeline.
        package mutating func failedToPrint(_ error: StandardOutputError) {
            if error.isBrokenPipe {
                if exitCode == .success { exitCode = .brokenPipe }
                return
            }
            standardError += Self.errorLine(error)
            if exitCode == .success { exitCode = CommandRunner.exitCode(for: error) }
        }

        /// `Error: …`, one line, control characters escaped.
        private static func errorLine(_ error: any Error) -> String {
            "Error: \(TerminalText.escaped("\(error)"))\n"
        }
    }

    package let reporter: any CrawlReporter
    package let stop: StopSignal
    /// Where source credentials come from (each source names its variables).
    package let environment: [String: String]

    package init(reporter: any CrawlReporter, stop: StopSignal, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.reporter = reporter
        self.stop = stop
        self.environment = environment
    }

    package func run(_ command: ETLCommand) async -> Outcome {
        var outcome = Outcome()
        do {
            switch command {
            case .show(let text):
                outcome.standardOutput = text
            case .crawl(let options, let output):
                let summary = try await crawl(options)
                outcome.standardOutput = output.isJSON ? Report.json(summary) : Report.text(for: summary)
                outcome.exitCode = exitCode(for: summary.status)
                outcome.standardError += Self.manifestWarning(
                    summary.ignoredManifestLines ?? [], manifest: summary.ignoredManifest, folder: options.outDirectory)
                outcome.standardError += Self.writeMetadata(besideCatalog: options.catalogPath)
            case .pages(let options):
                (outcome.standardOutput, outcome.standardError) = try pages(options)
                outcome.standardError += Self.writeMetadata(besideCatalog: options.catalogPath)
            case .images(let options, let output):
                let client = try ImageDownloader.makeClient(for: options)
                let summary = try await ImageDownloader(options: options, client: client, reporter: reporter, stop: stop).run()
                outcome.standardOutput = output.isJSON ? Report.json(summary) : Report.text(for: summary)
                outcome.exitCode = summary.failure.map { Self.exitCode(for: $0.error) } ?? exitCode(for: summary.status)
                // The summary (and its JSON) says what was done; the error itself belongs on stderr.
                if summary.status == .failed, let error = summary.error {
                    outcome.standardError = "Error: \(TerminalText.escaped(error))\n"
                }
                outcome.standardError += Self.writeMetadata(besideCatalog: options.catalogPath)
            case .plan(var planner, let isJSON):
                planner.stop = stop
                let report = try await planner.run()
                outcome.standardOutput = isJSON ? Report.json(report) : Report.text(for: report)
            case .export(let options):
                let count = try CatalogExporter(options: options, stop: stop).run()
                if let path = options.outPath {
                    outcome.say("exported \(count) rows of \(options.table.rawValue) to \(TerminalText.escaped(path))\n", about: path)
                }
            case .report(let options):
                let path = try ReportBuilder(options: options).run()
                outcome.say("wrote the report to \(TerminalText.escaped(path))\n", about: path)
            case .gallery(let options):
                let paths = try GalleryBuilder(options: options).run()
                outcome.standardOutput = "wrote \(paths.count) gallery page\(paths.count == 1 ? "" : "s") to \(TerminalText.escaped(options.resolvedOutDirectory))\n"
            case .status(let path, let isJSON, let source):
                let catalog = try Catalog.openSourceForReading(path: path, requiring: source, stop: stop)
                var status = try catalog.status()
                status.reportPath = ReportOptions.defaultOutPath(catalogPath: catalog.path)
                status.hasReport = LocalPath(status.reportPath).kind == .regular && ReportBuilder.isReport(status.reportPath)
                outcome.standardOutput = isJSON ? Report.json(status) : Report.text(for: status)
            }
        } catch {
            let error = Self.userFacing(error, catalogPath: command.catalogPath)
            outcome.fail(with: error)
            if error is StoppedBySignal { outcome.exitCode = exitCode(for: .interrupted) }
        }
        return outcome
    }

    private func crawl(_ options: CrawlOptions) async throws -> CrawlSummary {
        // Checked before anything is opened or asked.
        let source = SourceRegistry.source(options.source)
        let credential = try source.credential(from: environment)
        var configuration = CurlClient.Configuration(userAgent: options.userAgent, timeout: options.pacing.timeout)
        configuration.headers = (credential?.headers ?? []) + source.headers(for: options)
        let curl = try CurlClient(configuration: configuration)
        let client = credential?.client(base: curl) ?? curl
        return try await Crawler(options: options, client: client, credential: credential, reporter: reporter, stop: stop).run()
    }

    /// `etl pages`: under the catalog's lock, like every writer.
    /// Returns what to print on stdout and stderr.
    private func pages(_ options: PagesOptions) throws -> (String, String) {
        try PageWriter(outDirectory: options.outDirectory).checkWritable()
        let lock = try CatalogLock.existing(catalogPath: options.catalogPath, purpose: .pages)
        defer { withExtendedLifetime(lock) {} }
        let catalog = try Catalog.openSource(path: options.catalogPath, create: false, requiring: options.source, stop: stop)
        guard try !catalog.keptIDs().isEmpty else { throw PagesError.noWorks(catalog: options.catalogPath) }
        let (settings, changes) = try PagesBuilder.settings(for: options.paging, in: catalog)
        let result = try PagesBuilder(catalog: catalog, settings: settings, outDirectory: options.outDirectory).build(stop: stop)
        if !changes.isEmpty { reporter.crawl(didReport: .pageSettingsChanged(changes)) }
        let paged = result.pages.reduce(0) { $0 + $1.count }
        var text = "wrote \(result.pages.count) pages (\(paged) works, \(result.unpaged) not paged"
        if settings.requireImage { text += ", \(result.withoutImage) left out without a verified image" }
        text += ") to \(TerminalText.escaped(options.outDirectory)); \(result.changedLines) lines changed\n"
        return (text, Self.manifestWarning(result.ignoredManifestLines, manifest: result.ignoredManifest, folder: result.folder))
    }

    /// Said once: the lines are dropped from the manifest as it is
    /// rewritten; a manifest ignored as a whole (`problem`) is replaced by
    /// etl's own (a link is replaced, not followed), which vouches only for
    /// the files just written.
    package static func manifestWarning(_ lines: [String], manifest problem: String? = nil, folder: String) -> String {
        let manifest = TerminalText.escaped(LocalPath(folder).appending(WrittenFiles.fileName).string)
        if let problem {
            return "Warning: ignored the manifest '\(manifest)' itself: \(TerminalText.escaped(problem)); etl wrote one of its own in its place\n"
        }
        guard !lines.isEmpty else { return "" }
        let shown = lines.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (lines.count > 5 ? ", …" : "")
        return "Warning: ignored \(lines.count) line\(lines.count == 1 ? "" : "s") of \(manifest) that \(lines.count == 1 ? "is not a name" : "are not names") etl writes there: \(shown)\n"
    }

    /// Refreshes Datasette's metadata after a command that changed the
    /// catalog; a failure is a warning, since the catalog itself is fine.
    private static func writeMetadata(besideCatalog catalogPath: String) -> String {
        guard FileManager.default.fileExists(atPath: catalogPath) else { return "" }
        do {
            // The catalog says whose data it holds; metadata follows it.
            let source = (try? Catalog.openSource(path: catalogPath, create: false).recordedSource()) ?? SourceRegistry.first.name
            try CatalogMetadata.write(besideCatalog: catalogPath, source: SourceRegistry.source(source).described, reasons: SourceRegistry.reasons)
            return ""
        } catch {
            return "Warning: \(error)\n"
        }
    }

    private func exitCode(for status: CrawlSummary.Status) -> ExitCode {
        switch status {
        case .completed, .budgetReached: return .success
        case .failed: return .failure
        case .interrupted:
            switch stop.requestedSignal {
            case SIGTERM: return .terminated
            case SIGHUP: return .hangUp
            case SIGQUIT: return .quit
            default: return .interrupted
            }
        }
    }

    /// The exit code for an error that ended a command.
    package static func exitCode(for error: any Error) -> ExitCode {
        switch error {
        case is UsageError:
            return .usage
        case CrawlError.catalogBusy:
            return .busy
        case CrawlError.invalidID, CrawlError.cannotReadIDs, PagesError.noWorks, is KeptPageSettingsError, CrawlError.invalidListing, CrawlError.tooManyWithdrawn, is CSVError, is GalleryError:
            return .dataError
        case CatalogError.notACatalog, CatalogError.newerSchema, CatalogError.damagedSchema, CatalogError.otherSource,
             CatalogError.damaged:
            return .dataError
        case let error as OutputError:
            return error.failure == .writeFailed ? .ioError : .cannotCreate
        case is StandardOutputError:
            return .ioError
        case CatalogError.cannotCreate, CatalogError.unsafeLock, CatalogError.cannotWrite(_, .readOnly), CatalogError.readOnlyNeedsUpgrade, CatalogError.readOnlyWithWAL,
             is PagesError, ImageError.notADirectory, ImageError.cannotCreate, ImageError.occupied:
            return .cannotCreate
        case CatalogError.cannotWrite:
            return .ioError
        case is CredentialError:
            return .configuration
        case HTTPError.cannotStart:
            return .osError
        default:
            return .failure
        }
    }
}
