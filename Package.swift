// swift-tools-version:6.0
import PackageDescription

// Layers, each depending only on those above it:
//   CSQLite, CCurl, CCrypto, CVips   system libraries from Debian's -dev packages
//   CVipsShim        fixed-argument C wrappers over libvips's varargs calls
//   Store            the SQLite wrapper (Database, Statement, Row)
//   FetchEngine      HTTP, pacing, refusal confirmation, retries, budgets,
//                    bounded fan-out; knows no source and no catalog
//   ETLKit           the Met source, catalog, pages, images, commands
//   etl              the executable: parse, run, report, exit
let package = Package(
    name: "etl",
    products: [
        .executable(name: "etl", targets: ["etl"]),
        .library(name: "ETLKit", targets: ["ETLKit"]),
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
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        // Fixed-argument C wrappers over libvips's varargs API.
        .target(
            name: "CVipsShim",
            dependencies: ["CVips"]
        ),
        .target(
            name: "Store",
            dependencies: ["CSQLite"]
        ),
        .target(
            name: "FetchEngine",
            dependencies: ["CCurl"]
        ),
        .target(
            name: "ETLKit",
            dependencies: ["CSQLite", "CCrypto", "CVipsShim", "Store", "FetchEngine"]
        ),
        .executableTarget(
            name: "etl",
            dependencies: ["ETLKit", "FetchEngine"]
        ),
        .executableTarget(
            name: "pacing-sim",
            dependencies: ["FetchEngine"]
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
            dependencies: ["ETLKit", "Store", "FetchEngine"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
