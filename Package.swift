// swift-tools-version:6.0
import PackageDescription

// Layers, each depending only on those above it (the compiler refuses a
// cycle; Tests/ETLKitTests/Architecture checks that no source is named below
// the registration table):
//   CSQLite, CCurl, CCrypto, CVips   system libraries from Debian's -dev packages
//   CVipsShim        fixed-argument C wrappers over libvips's varargs calls
//   Basics           what the bottom layers share: the one percent-encoder
//   Store            the SQLite wrapper (Database, Statement, Row)
//   FetchEngine      HTTP, pacing, refusal confirmation, retries, budgets,
//                    bounded fan-out; knows no source and no catalog
//   ETLCore          shared vocabulary: source names, reasons, states,
//                    results, summaries, options, terminal text, file output
//   ETLPictures      decoding, thumbnails, ThumbHash, hashes (libvips)
//   ETLCatalog       the SQLite catalog: schema, migrations, queries
//   SourceKit        the Source protocol a source implements and what every
//                    source shares: its own table (columns, storage, upgrades
//                    on open), listed items, listing pagers, options, credentials
//   MetSource, FlickrSource, TMDBSource, AICSource, CMASource   one target per source
//   SourceRegistry   the one table of sources
//   ETLPipeline      crawl, images, pages, telemetry, export, status
//   ETLReport        the HTML report and the gallery
//   ETLCommands      the command line: options, help, running, summaries
//   etl              the executable: signals, terminal, exit
let package = Package(
    name: "etl",
    products: [
        .executable(name: "etl", targets: ["etl"]),
        .library(name: "FetchEngine", targets: ["FetchEngine"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // libvips's headers are in the default path; they need GLib's, which
        // gobject-2.0's pkg-config flags give. vips.pc's own flags pull in
        // OpenEXR's `-pthread`, which SwiftPM refuses with a warning on every
        // build, so CVipsShim links libvips itself.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "gobject-2.0",
            providers: [.apt(["libvips-dev"])]
        ),
        // Fixed-argument C wrappers over libvips's varargs API.
        .target(
            name: "CVipsShim",
            dependencies: ["CVips"],
            linkerSettings: [.linkedLibrary("vips")]
        ),
        // Dependency-free helpers both bottom layers need, in the spirit of
        // SwiftPM's own `Basics`: a mechanism written once below everything.
        .target(name: "Basics"),
        .target(
            name: "Store",
            dependencies: ["CSQLite", "Basics"]
        ),
        .target(
            name: "FetchEngine",
            dependencies: ["CCurl", "Basics"]
        ),
        .target(name: "ETLCore", dependencies: ["Basics", "FetchEngine", "Store"]),
        .target(name: "ETLPictures", dependencies: ["ETLCore", "CVipsShim", "CCrypto"]),
        .target(name: "ETLCatalog", dependencies: ["ETLCore", "ETLPictures", "FetchEngine", "Store", "CSQLite"]),
        .target(name: "SourceKit", dependencies: ["ETLCore", "ETLCatalog", "FetchEngine", "Store"]),
        .target(name: "MetSource", dependencies: ["SourceKit", "ETLCore", "ETLCatalog", "FetchEngine", "Store"]),
        .target(name: "FlickrSource", dependencies: ["Basics", "SourceKit", "ETLCore", "ETLCatalog", "FetchEngine", "Store"]),
        .target(name: "TMDBSource", dependencies: ["Basics", "SourceKit", "ETLCore", "ETLCatalog", "FetchEngine", "Store"]),
        // The Met's rule for duplicates (normalized artist and title) is AIC's too.
        .target(name: "AICSource", dependencies: ["Basics", "SourceKit", "ETLCore", "ETLCatalog", "FetchEngine", "Store"]),
        .target(name: "CMASource", dependencies: ["Basics", "SourceKit", "ETLCore", "FetchEngine", "Store"]),
        .target(
            name: "SourceRegistry", dependencies: ["SourceKit", "ETLCore", "MetSource", "FlickrSource", "TMDBSource", "AICSource", "CMASource", "FetchEngine"]),
        .target(
            name: "ETLPipeline",
            dependencies: ["Basics", "ETLCore", "ETLPictures", "ETLCatalog", "SourceKit", "SourceRegistry", "FetchEngine", "Store"]
        ),
        .target(
            name: "ETLReport",
            dependencies: [
                "Basics", "ETLCore", "ETLPictures", "ETLCatalog", "SourceKit", "SourceRegistry", "ETLPipeline", "FetchEngine", "Store",
            ]
        ),
        .target(
            name: "ETLCommands",
            dependencies: [
                "ETLCore", "ETLPictures", "ETLCatalog", "SourceKit", "SourceRegistry", "ETLPipeline", "ETLReport", "FetchEngine",
                "Store", "CSQLite",
                // `etl plan` is the Met's CSV planner: the one command of a single source.
                "MetSource",
            ]
        ),
        .executableTarget(
            name: "etl",
            dependencies: ["ETLCommands", "ETLCore", "FetchEngine"]
        ),
        .executableTarget(
            name: "pacing-sim",
            dependencies: ["FetchEngine"]
        ),
        .testTarget(
            name: "BasicsTests",
            dependencies: ["Basics"]
        ),
        .testTarget(
            name: "StoreTests",
            dependencies: ["Store"]
        ),
        .testTarget(
            name: "FetchEngineTests",
            dependencies: ["FetchEngine"]
        ),
        .testTarget(
            name: "ETLKitTests",
            dependencies: [
                "ETLCore", "ETLPictures", "ETLCatalog", "SourceKit", "MetSource", "FlickrSource", "TMDBSource", "AICSource", "CMASource", "SourceRegistry",
                "ETLPipeline", "ETLReport", "ETLCommands", "Store", "FetchEngine",
            ],
            exclude: []
        ),
    ],
    swiftLanguageModes: [.v6]
)
