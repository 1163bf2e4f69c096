import Foundation

/// What Python's `csv` module, a parser written apart from ours, counts in a
/// MetObjects.csv: the oracle for the real sample's counts, which are
/// therefore not copied into the tests by hand.
struct PythonCSVCounts: Decodable {
    var rows: Int
    var distinct_ids: Int
    var multi_artist: Int
    var padded_begin_date: Int

    static let script = """
        import csv, json, sys
        with open(sys.argv[1], newline="", encoding="utf-8") as fh:
            header, *rows = list(csv.reader(fh))
        at = {name: i for i, name in enumerate(header)}
        print(json.dumps({
            "rows": len(rows),
            "distinct_ids": len({r[at["Object ID"]] for r in rows}),
            "multi_artist": sum("|" in r[at["Artist Display Name"]] for r in rows),
            "padded_begin_date": sum(r[at["Artist Begin Date"]].endswith(" ") for r in rows),
        }))
        """

    init(path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        self = try JSONDecoder().decode(Self.self, from: data)
    }
}
