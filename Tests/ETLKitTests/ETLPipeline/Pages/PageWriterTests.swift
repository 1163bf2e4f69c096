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
import FetchEngine

@Suite("PageWriter")
struct PageWriterTests {
    static let pages: [[Int]] = [[436_535, 12, 7], [], [1_000_000]]
    static let otherPages: [[Int]] = [[5], [6, 8], []]

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }

    static func fileType(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// Checks that `folder` holds exactly the files for `pages`, in the expected format.
    static func expectFiles(in folder: String, _ pages: [[Int]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (index, ids) in pages.enumerated() {
            let data = try bytes("\(folder)/\(index + 1).txt")
            #expect(String(decoding: data, as: UTF8.self) == ids.map { "\($0)\n" }.joined(), sourceLocation: sourceLocation)
            if ids.isEmpty {
                #expect(data.isEmpty, "empty page is an empty file", sourceLocation: sourceLocation)
            } else {
                #expect(Array(data.prefix(3)) != [0xEF, 0xBB, 0xBF], "no BOM", sourceLocation: sourceLocation)
                #expect(data.last == UInt8(ascii: "\n"), sourceLocation: sourceLocation)
                #expect(!data.contains(UInt8(ascii: "\r")), sourceLocation: sourceLocation)
                let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
                #expect(lines.allSatisfy { !$0.isEmpty && $0.allSatisfy { (48...57).contains($0) } },
                        "only digit lines", sourceLocation: sourceLocation)
            }
        }
        #expect(fileType("\(folder)/\(pages.count + 1).txt") == nil, sourceLocation: sourceLocation)
    }

    /// Hidden generation folders beside `--out`, sorted.
    static func generations(_ parent: String, name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: parent)
            .filter { $0.hasPrefix(".\(name).") && !$0.contains(".link-") }.sorted()
    }

    // MARK: plain folder

    @Test func plainFolderGetsOneFilePerPage() throws {
        let directory = TemporaryDirectory()
        let out = directory.path("pages")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let notes = Data("my notes\n".utf8)
        try notes.write(to: URL(fileURLWithPath: out + "/notes.md"))
        let folder = try PageWriter(outDirectory: out).write(pages: Self.pages).folder
        #expect(folder == out)
        #expect(Self.fileType(out) == S_IFDIR)
        try Self.expectFiles(in: out, Self.pages)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/notes.md")) == notes)
        let entries = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(entries == [WrittenFiles.fileName, "1.txt", "2.txt", "3.txt", "notes.md"], "no staging files left")
        #expect(WrittenFiles(folder: out, accepts: PageWriter.isPageName).names() == ["1.txt", "2.txt", "3.txt"], "the manifest lists what etl wrote")
    }

    @Test func plainFolderIsRewrittenInPlace() throws {
        let directory = TemporaryDirectory()
        let out = directory.path("pages")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try PageWriter(outDirectory: out).write(pages: Self.pages)
        try PageWriter(outDirectory: out + "/").write(pages: Self.otherPages)
        #expect(Self.fileType(out) == S_IFDIR)
        try Self.expectFiles(in: out, Self.otherPages)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [WrittenFiles.fileName, "1.txt", "2.txt", "3.txt"])
    }

    /// Going from 3 pages to 2 (a smaller `--pages`) must not leave a stale 3.txt
    /// that `works` no longer describes.
    @Test func plainFolderWithFewerPagesDropsTheExtraPageFiles() throws {
        let directory = TemporaryDirectory()
        let out = directory.path("pages")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: out + "/notes.md"))
        try PageWriter(outDirectory: out).write(pages: Self.pages)
        try PageWriter(outDirectory: out).write(pages: [[1], [2]])
        try Self.expectFiles(in: out, [[1], [2]])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [WrittenFiles.fileName, "1.txt", "2.txt", "notes.md"])
    }

    /// A `4.txt` etl never wrote (the user's) survives going down to 2 pages.
    @Test func plainFolderKeepsPageNamedFilesEtlDidNotWrite() throws {
        let directory = TemporaryDirectory()
        let out = directory.path("pages")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/4.txt"))
        try PageWriter(outDirectory: out).write(pages: Self.pages)
        try PageWriter(outDirectory: out).write(pages: [[1], [2]])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == [WrittenFiles.fileName, "1.txt", "2.txt", "4.txt"])
        #expect(FileManager.default.contents(atPath: out + "/4.txt") == Data("mine".utf8))
    }

    @Test func aSymbolicLinkEtlDidNotMakeIsNeverReplaced() throws {
        let directory = TemporaryDirectory()
        let mine = directory.path("mine")
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: false)
        let link = directory.path("pages")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "mine")
        #expect {
            try PageWriter(outDirectory: link).write(pages: Self.pages)
        } throws: { error in
            guard let error = error as? OutputError, error.output == "pages to", error.failure == .cannotCreate else { return false }
            let path = error.path
            return path == link
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mine) == [])
        // etl's own link is swapped as before.
        let own = directory.path("own")
        try PageWriter(outDirectory: own).write(pages: Self.pages)
        try PageWriter(outDirectory: own).write(pages: [[1]])
        #expect(FileManager.default.contents(atPath: own + "/1.txt") == Data("1\n".utf8))
    }

    @Test func plainFolderNeverOverwritesAFileEtlDidNotWrite() throws {
        let directory = TemporaryDirectory()
        let out = directory.path("pages")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: out + "/1.json"))
        #expect {
            try PageWriter(outDirectory: out).write(pages: [[1], [2]], bundles: [Array("[]".utf8), Array("[]".utf8)])
        } throws: { error in
            guard let error = error as? OutputError, error.output == "pages to", error.failure == .cannotCreate else { return false }
            let (path, reason) = (error.path, error.reason)
            return path == out + "/1.json" && reason == "a file etl did not write is there; move it away and run again"
        }
        #expect(FileManager.default.contents(atPath: out + "/1.json") == Data("my notes".utf8))
        #expect(!FileManager.default.fileExists(atPath: out + "/1.txt"), "nothing of the set was written")

        // Once etl keeps a manifest there, a page file it did not list is the user's too.
        try FileManager.default.removeItem(atPath: out + "/1.json")
        try PageWriter(outDirectory: out).write(pages: [[1]])
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/2.txt"))
        #expect(throws: OutputError("pages to", path: out + "/2.txt", reason: "a file etl did not write is there; move it away and run again")) {
            try PageWriter(outDirectory: out).write(pages: [[1], [2]])
        }
        #expect(FileManager.default.contents(atPath: out + "/2.txt") == Data("mine".utf8))
    }

    @Test func plainFolderRenameFailureThrowsAndCleansStagedFiles() throws {
        let directory = TemporaryDirectory()
        let out = directory.path("pages")
        try FileManager.default.createDirectory(atPath: out + "/3.txt", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: out + "/3.txt/keep", withIntermediateDirectories: true)
        #expect {
            try PageWriter(outDirectory: out).write(pages: Self.pages)
        } throws: { error in
            guard let error = error as? OutputError, error.output == "pages to", error.failure == .cannotCreate else { return false }
            let path = error.path
            return path == out + "/3.txt"
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix(".") && $0 != WrittenFiles.fileName }
        #expect(leftovers == [])
        #expect(Self.fileType(out + "/3.txt/keep") == S_IFDIR)
    }

    // MARK: symlink generations

    @Test func newOutBecomesASymlinkToAGeneration() throws {
        let directory = TemporaryDirectory()
        let out = directory.path("data/pages")
        let folder = try PageWriter(outDirectory: out).write(pages: Self.pages).folder
        #expect(Self.fileType(out) == S_IFLNK)
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: out)
        #expect(!target.hasPrefix("/"), "relative link, so the data folder can move")
        #expect(target.hasPrefix(".pages."))
        #expect(folder == directory.path("data") + "/" + target)
        try Self.expectFiles(in: out, Self.pages)
        try Self.expectFiles(in: folder, Self.pages)
        #expect(try Self.generations(directory.path("data"), name: "pages") == [target])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("data")).sorted()
                == [target, "pages"].sorted(), "no temporary link left")
    }

    @Test func secondWriteSwapsAndKeepsThePreviousGenerationReadable() throws {
        let directory = TemporaryDirectory()
        let parent = directory.path("data")
        let out = parent + "/pages"
        let writer = PageWriter(outDirectory: out)
        let first = try writer.write(pages: Self.pages).folder
        let second = try writer.write(pages: Self.otherPages).folder
        #expect(first != second, "each write needs its own generation folder")
        #expect(Self.fileType(out) == S_IFLNK)
        try Self.expectFiles(in: out, Self.otherPages)
        try Self.expectFiles(in: first, Self.pages)
        #expect(try Self.generations(parent, name: "pages").count == 2)

        let third = try writer.write(pages: [[1], [2], [3]]).folder
        #expect(Set([first, second, third]).count == 3)
        try Self.expectFiles(in: out, [[1], [2], [3]])
        try Self.expectFiles(in: second, Self.otherPages)
        #expect(Self.fileType(first) == nil, "the generation before the previous one is removed")
        #expect(try Self.generations(parent, name: "pages").count == 2)
    }

    @Test func aReaderInsideTheOldGenerationKeepsAWholeSet() throws {
        let directory = TemporaryDirectory()
        let out = directory.path("pages")
        let writer = PageWriter(outDirectory: out)
        try writer.write(pages: Self.pages)
        // What `cd pages` would hold on to: the resolved folder.
        let resolved = directory.path(try FileManager.default.destinationOfSymbolicLink(atPath: out))
        try writer.write(pages: Self.otherPages)
        try Self.expectFiles(in: resolved, Self.pages)
    }

    @Test func otherFilesBesideTheLinkAreUntouched() throws {
        let directory = TemporaryDirectory()
        let keep = [directory.path("catalog.sqlite"), directory.path(".pages"), directory.path("pages.txt")]
        for path in keep { try Data("x".utf8).write(to: URL(fileURLWithPath: path)) }
        let writer = PageWriter(outDirectory: directory.path("pages"))
        for _ in 0..<4 { try writer.write(pages: Self.pages) }
        for path in keep { #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("x".utf8)) }
    }

    @Test func failedSwapLeavesThePreviousSetIntact() throws {
        let directory = TemporaryDirectory()
        let out = directory.path("pages")
        let writer = PageWriter(outDirectory: out)
        let first = try writer.write(pages: Self.pages).folder
        // Occupy the temporary link name with a non-empty folder, so symlink(2) fails.
        let blocker = directory.path(".pages.link-\(getpid())")
        try FileManager.default.createDirectory(atPath: blocker + "/x", withIntermediateDirectories: true)
        #expect(throws: OutputError("pages to", path: blocker, reason: "File exists")) { try writer.write(pages: Self.otherPages) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out) == (first as NSString).lastPathComponent)
        try Self.expectFiles(in: out, Self.pages)
        #expect(try Self.generations(directory.root, name: "pages") == [(first as NSString).lastPathComponent])
    }

    // MARK: errors

    @Test func outUnderARegularFileCannotBeWritten() throws {
        let directory = TemporaryDirectory()
        let file = directory.path("file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        #expect {
            try PageWriter(outDirectory: file + "/pages").write(pages: Self.pages)
        } throws: { error in
            guard let error = error as? OutputError, error.output == "pages to", error.failure == .cannotCreate else { return false }
            let (path, reason) = (error.path, error.reason)
            return path == file && !reason.isEmpty
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("x".utf8))
    }

    @Test func outThatIsARegularFileIsNotADirectory() throws {
        let directory = TemporaryDirectory()
        let out = directory.path("pages")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: out))
        #expect(throws: PagesError.notADirectory(path: out)) {
            try PageWriter(outDirectory: out).write(pages: Self.pages)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("keep".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.root) == ["pages"])
        #expect(PagesError.notADirectory(path: out).description == "--out '\(out)' exists and is not a directory")
    }
}
