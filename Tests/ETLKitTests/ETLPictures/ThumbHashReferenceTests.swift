import Foundation
import Testing
@testable import ETLCatalog
@testable import ETLCommands
@testable import ETLCore
@testable import ETLPictures
@testable import ETLPipeline
@testable import ETLReport
@testable import FlickrSource
@testable import MetSource
@testable import SourceKit
@testable import SourceRegistry
@testable import TMDBSource

/// Our ThumbHash encoder against the `thumbhash-python` package from PyPI
/// (`scripts/check-thumbhash` installs it in a venv and runs this suite
/// with ETL_THUMBHASH_PYTHON set; without the package the tests skip).
@Suite("ThumbHash against the reference package")
struct ThumbHashReferenceTests {
    static let python = ProcessInfo.processInfo.environment["ETL_THUMBHASH_PYTHON"] ?? "python3"
    static let available = (try? run("import thumbhash, PIL", input: Data())) != nil

    /// Runs `script` with `input` on standard input; its standard output.
    static func run(_ script: String, input: Data) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, "-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Synthetic pictures (sizes chosen so no rounding lands on a half,
    /// where the package rounds to even and the reference up): the same bytes.
    @Test(.enabled(if: available, "python3 lacks the thumbhash package (scripts/check-thumbhash installs it)"),
          arguments: [(64, 48, false), (30, 70, true), (100, 13, false), (1, 1, false), (77, 77, true)])
    func sameBytesAsThePackage(width: Int, height: Int, alpha: Bool) throws {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                rgba += [UInt8((x * 255) / max(1, width - 1)), UInt8((y * 255) / max(1, height - 1)), UInt8((x * y) % 256),
                         alpha ? UInt8(255 - (x + y) % 200) : 255]
            }
        }
        let ours = try #require(ThumbHash.base64(width: width, height: height, rgba: rgba))
        let input = try JSONSerialization.data(withJSONObject: ["w": width, "h": height, "rgba": rgba.map(Int.init)])
        let theirs = try Self.run("""
            import base64, json, sys
            from thumbhash.encode import rgba_to_thumbhash
            d = json.load(sys.stdin)
            print(base64.b64encode(rgba_to_thumbhash(d["w"], d["h"], d["rgba"])).decode())
            """, input: input)
        #expect(ours == theirs.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Real pictures' placeholders rendered by the package's decoder: the
    /// picture's aspect ratio and average colour, within ThumbHash's precision.
    @Test(.enabled(if: available, "python3 lacks the thumbhash package (scripts/check-thumbhash installs it)"),
          arguments: ["photo-1200x800.jpg", "photo-progressive-600x900.jpg", "exif-rotated-600x400.jpg", "halves-300x200.png",
                      "photo-alpha-450x450.png", "photo-800x500.webp", "photo-cmyk-640x480.jpg"])
    func decodesToThePicture(name: String) throws {
        let picture = try PictureDecoderTests.decoded(name)
        let output = try Self.run("""
            import sys
            from thumbhash import thumbhash_to_image
            image = thumbhash_to_image(sys.stdin.read().strip(), 100)
            pixels = list(image.getdata())
            weight = sum(p[3] for p in pixels) or 1
            means = [round(sum(p[i] * p[3] for p in pixels) / weight) for i in range(3)]
            print(image.size[0], image.size[1], *means)
            """, input: Data(picture.placeholder.utf8))
        let numbers = output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(numbers.count == 5)
        let aspect = Double(numbers[0]) / Double(numbers[1])
        let expected = Double(picture.width) / Double(picture.height)
        #expect(abs(aspect / expected - 1) < 0.15, "\(name): rendered \(numbers[0])×\(numbers[1])")
        let colour = try PictureDecoderTests.channels(picture.color)
        for (rendered, average) in zip(numbers[2...], colour) {
            #expect(abs(rendered - average) <= 24, "\(name): rendered mean \(numbers[2...]) vs \(picture.color)")
        }
    }
}
