import Foundation
import Testing

/// The README, the changelog and the guides under docs/ link to each other,
/// to headings and to the scripts they tell people to run. A file moved or a
/// heading renamed must not leave a reader on a dead link, so every relative
/// Markdown link (`[text](path#heading)`, pictures too) must name a file or
/// folder that exists and, with `#`, a heading of that page as GitHub spells
/// its anchor; every `scripts/…` path a page names must exist.
@Suite("README and docs links")
struct DocLinksTests {
    /// What a page links to, and where, as one line per broken link.
    struct Checker {
        let root: URL

        /// README.md, CHANGELOG.md and docs/*.md that exist, relative to the root.
        func pages() -> [String] {
            let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
            let top = ["README.md", "CHANGELOG.md"].filter { exists($0) }
            return top + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        }

        func exists(_ path: String) -> Bool {
            FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
        }

        func text(_ page: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        }

        /// Every broken link of every page, `page: target: what is wrong`.
        func problems() throws -> [String] {
            var found: [String] = []
            for page in pages() {
                let text = try text(page)
                let folder = page.split(separator: "/").dropLast().joined(separator: "/")
                for target in DocLinksTests.links(in: text) {
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    let path = parts[0].removingPercentEncoding ?? parts[0]
                    let resolved = path.isEmpty ? page : DocLinksTests.normalized(folder.isEmpty ? path : "\(folder)/\(path)")
                    guard let resolved, exists(resolved) else {
                        found.append("\(page): \(target): no such file")
                        continue
                    }
                    if parts.count == 2, resolved.hasSuffix(".md") {
                        let anchors = DocLinksTests.anchors(in: try self.text(resolved))
                        if !anchors.contains(parts[1]) { found.append("\(page): \(target): no such heading") }
                    }
                }
                for path in DocLinksTests.scriptPaths(in: text) where !exists(path) {
                    found.append("\(page): \(path): no such script")
                }
            }
            return found
        }
    }

    /// `a/./b/../c` as `a/c`; nil when it climbs out of the root.
    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if parts.isEmpty { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// Lines outside fenced code blocks (a `# comment` in a shell block is no heading).
    static func outsideFences(_ text: String) -> [String] {
        var inFence = false
        var lines: [String] = []
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if !inFence { lines.append(line) }
        }
        return lines
    }

    /// Lines outside fenced code blocks, with inline code removed: a link
    /// inside code is an example, not a link.
    static func prose(_ text: String) -> [String] {
        outsideFences(text).map { $0.replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression) }
    }

    /// The relative targets of `[text](target)` and `![alt](target)`; web
    /// and mail links are left out.
    static func links(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
        var targets: [String] = []
        for line in prose(text) {
            let range = NSRange(line.startIndex..., in: line)
            for match in pattern.matches(in: line, range: range) {
                guard let found = Range(match.range(at: 1), in: line) else { continue }
                let target = String(line[found])
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                targets.append(target)
            }
        }
        return targets
    }

    /// `scripts/…` paths a page names, in prose or code, not part of another
    /// path (`OLD/scripts/mock_api.py` is an old checkout's).
    static func scriptPaths(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?<![\w/.-])scripts/[A-Za-z0-9_./-]*[A-Za-z0-9_]"#)
        let range = NSRange(text.startIndex..., in: text)
        let paths = pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
        return Array(Set(paths)).sorted()
    }

    /// The anchors GitHub gives a page's headings: the heading's text
    /// lowercased, with what is neither a letter, a digit, a space, `-` nor
    /// `_` removed and spaces made hyphens; a repeated one gets `-1`, `-2`.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in outsideFences(text).map({ $0.replacingOccurrences(of: "`", with: "") }) {
            guard let hashes = line.firstIndex(where: { $0 != "#" }), line.hasPrefix("#"),
                  line.distance(from: line.startIndex, to: hashes) <= 6, line[hashes] == " " else { continue }
            let title = line[hashes...].trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
            let slug = String(String.UnicodeScalarView(title.lowercased().unicodeScalars.compactMap { scalar in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return scalar }
                return nil
            }))
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    @Test("every relative link and scripts/ path in the README, the changelog and docs/ resolves")
    func repositoryLinks() throws {
        let checker = Checker(root: TestPaths.packageRoot)
        #expect(checker.pages().count >= 6, "pages: \(checker.pages())")
        let problems = try checker.problems()
        #expect(problems == [], "fix or remove these links")
    }

    @Test("a missing file, heading or script is named; links in code are examples")
    func brokenLinksAreFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scripts/mocks"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "".write(to: folder.appendingPathComponent("scripts/mocks/mock_api.py"), atomically: true, encoding: .utf8)
        try """
        # Guide

        ## Crawling `--rate auto`, politely

        See [the top](#guide), [rates](#crawling---rate-auto-politely), [the start](../README.md#quick-start) and
        [nothing](../README.md#nowhere). Run `scripts/mocks/mock_api.py`, not scripts/mock_api.py.
        """.write(to: folder.appendingPathComponent("docs/guide.md"), atomically: true, encoding: .utf8)
        try """
        # Tool

        ## Quick start

        ![shot](docs/shot.png) [guide](docs/guide.md#crawling---rate-auto-politely) [web](https://example.org/x.md)
        `[code](docs/none.md)`

        ```
        [fenced](docs/none.md)
        ```
        """.write(to: folder.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let checker = Checker(root: folder)
        #expect(checker.pages() == ["README.md", "docs/guide.md"])
        let problems = try checker.problems()
        #expect(problems == [
            "README.md: docs/shot.png: no such file",
            "docs/guide.md: ../README.md#nowhere: no such heading",
            "docs/guide.md: scripts/mock_api.py: no such script",
        ])
    }

    @Test("anchors as GitHub makes them")
    func anchorsAsGitHubMakesThem() {
        let page = """
        # etl — offline datasets
        ## Planning with MetObjects.csv
        ## `etl export`
        ## Report
        ### Report
        ```
        # not a heading
        ```
        """
        #expect(Self.anchors(in: page) == ["etl--offline-datasets", "planning-with-metobjectscsv", "etl-export", "report", "report-1"])
    }
}
