// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "etl",
    products: [
        .executable(name: "etl", targets: ["etl"]),
        .library(name: "ETLKit", targets: ["ETLKit"]),
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
        .target(
            name: "ETLKit",
            dependencies: ["CSQLite", "CCurl", "CCrypto"]
        ),
        .executableTarget(
            name: "etl",
            dependencies: ["ETLKit"]
        ),
        .testTarget(
            name: "ETLKitTests",
            dependencies: ["ETLKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
