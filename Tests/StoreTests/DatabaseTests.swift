import Foundation
import Testing
@testable import Store

@Suite("SQLite Database")
struct DatabaseTests {
    static func makeDatabase(_ directory: TemporaryDirectory) throws -> Database {
        let database = try Database(path: directory.path("test.sqlite"))
        try database.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        return database
    }

    @Test(arguments: [
        DatabaseValue.null, .integer(0), .integer(-1), .integer(.max), .integer(.min), .real(3.25), .real(-0.5),
        .real(1e300), .text(""), .text("plain"), .text("O'Brien said \"hi\"; DROP TABLE t; --"),
        .text("?1 :name @x $y"), .text("Caf\u{E9} \u{1F3A8} \u{4E2D}\u{6587}"), .text("line\nbreak\ttab"),
        .blob([]), .blob([0, 1, 2, 255, 0]), .blob(Array("text as blob".utf8)),
    ])
    func boundValuesComeBackUnchanged(value: DatabaseValue) throws {
        let directory = TemporaryDirectory()
        let database = try Self.makeDatabase(directory)
        try database.execute(sql: "INSERT INTO t (id, v) VALUES (?, ?)", arguments: [1, value])
        let row = try #require(try database.fetchOne(sql: "SELECT v FROM t WHERE id = ?", arguments: [1]))
        #expect(try row.value(named: "v") == value)
        #expect(row[0] == value)
        let count = try database.fetchOne(sql: "SELECT count(*) AS n FROM t")?.integer(named: "n")
        #expect(count == 1, "the table survived: text was bound, not interpolated")
    }

    @Test func textWithQuotesMatchesOnlyItself() throws {
        let directory = TemporaryDirectory()
        let database = try Self.makeDatabase(directory)
        let tricky = "x' OR '1'='1"
        try database.execute(sql: "INSERT INTO t (id, v) VALUES (1, 'a'), (2, 'b'), (3, ?)", arguments: [.text(tricky)])
        let rows = try database.fetchAll(sql: "SELECT id FROM t WHERE v = ?", arguments: [.text(tricky)])
        #expect(try rows.map { try $0.integer(named: "id") } == [3])
        #expect(try database.fetchAll(sql: "SELECT id FROM t WHERE v = ?", arguments: ["x"]).isEmpty)
    }

    @Test func rowAccessorsConvert() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("test.sqlite"))
        let row = try #require(try database.fetchOne(sql: "SELECT 7 AS i, 2.5 AS r, 'abc' AS s, NULL AS n"))
        #expect(row.columnNames == ["i", "r", "s", "n"])
        #expect(try row.integer(named: "i") == 7)
        #expect(try row.real(named: "i") == 7)
        #expect(try row.integer(named: "r") == 2)
        #expect(try row.real(named: "r") == 2.5)
        #expect(try row.text(named: "s") == "abc")
        #expect(try row.text(named: "i") == "7")
        #expect(try row.integer(named: "s") == nil)
        #expect(try row.value(named: "n") == .null)
    }

    /// Issue 29, item 2: a hand-edited catalog's REAL that is not finite
    /// or does not fit an Int is an error, never a trap.
    @Test func aRealThatDoesNotFitAnIntThrows() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("test.sqlite"))
        let row = try #require(try database.fetchOne(
            sql: "SELECT 1e300 AS big, -1e300 AS small, 9e999 AS inf, 9.3e18 AS past, -9223372036854775808.0 AS least, -2.7 AS neg"))
        for (name, shown) in [("big", "1e+300"), ("small", "-1e+300"), ("inf", "inf"), ("past", "9.3e+18")] {
            let expected = DatabaseError(resultCode: 20, message: "column '\(name)' holds \(shown), which is not an integer etl can use")
            #expect(throws: expected) { try row.integer(named: name) }
        }
        #expect(try row.integer(named: "least") == Int.min)
        #expect(try row.integer(named: "neg") == -2, "truncated toward zero, as before")
    }

    /// A typo in a column name is an error, never a silent NULL (or 0).
    @Test func unknownColumnNameThrows() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("test.sqlite"))
        let row = try #require(try database.fetchOne(sql: "SELECT count(*) AS n, 'x' AS label"))
        let expected = DatabaseError(resultCode: 21, message: "no column 'count' in the row (it has n, label)")
        #expect(throws: expected) { try row.integer(named: "count") }
        #expect(throws: expected) { try row.text(named: "count") }
        #expect(throws: expected) { try row.real(named: "count") }
        #expect(throws: expected) { try row.value(named: "count") }
        #expect(expected.description == "SQLite error 21: no column 'count' in the row (it has n, label)")
    }

    @Test func helperConstructorsMapNilToNull() {
        #expect(DatabaseValue.text(nil as String?) == .null)
        #expect(DatabaseValue.int(nil) == .null)
        #expect(DatabaseValue.int(5) == .integer(5))
        #expect(DatabaseValue.bool(true) == .integer(1))
        #expect(DatabaseValue.bool(false) == .integer(0))
        #expect(DatabaseValue.bool(nil) == .null)
        #expect(DatabaseValue.double(nil) == .null)
        #expect(DatabaseValue.double(1.5) == .real(1.5))
    }

    @Test func preparedStatementIsReusable() throws {
        let directory = TemporaryDirectory()
        let database = try Self.makeDatabase(directory)
        let insert = try database.makeStatement(sql: "INSERT INTO t (id, v) VALUES (?, ?)")
        for id in 1...100 { try insert.execute(arguments: [.integer(Int64(id)), .text("v\(id)")]) }
        var ids: [Int64] = []
        try database.makeStatement(sql: "SELECT id FROM t WHERE id % ? = 0 ORDER BY id").forEachInteger(arguments: [10]) {
            ids.append($0)
        }
        #expect(ids == [10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
        #expect(try database.fetchAll(sql: "SELECT * FROM t").count == 100)
    }

    @Test func changesCountReportsTheLastStatement() throws {
        let directory = TemporaryDirectory()
        let database = try Self.makeDatabase(directory)
        try database.execute(sql: "INSERT INTO t (id) VALUES (1), (2), (3)")
        #expect(database.changesCount == 3)
        try database.execute(sql: "UPDATE t SET v = 1 WHERE id > ?", arguments: [1])
        #expect(database.changesCount == 2)
    }

    // MARK: transactions

    struct Abort: Error, Equatable {}

    @Test func transactionCommitsOnSuccess() throws {
        let directory = TemporaryDirectory()
        let database = try Self.makeDatabase(directory)
        let value = try database.transaction {
            try database.execute(sql: "INSERT INTO t (id) VALUES (1), (2)")
            return 42
        }
        #expect(value == 42)
        // Visible from a second connection: really committed.
        let other = try Database(path: directory.path("test.sqlite"))
        #expect(try other.fetchOne(sql: "SELECT count(*) AS n FROM t")?.integer(named: "n") == 2)
    }

    @Test func transactionRollsBackOnAThrownError() throws {
        let directory = TemporaryDirectory()
        let database = try Self.makeDatabase(directory)
        #expect(throws: Abort()) {
            try database.transaction {
                try database.execute(sql: "INSERT INTO t (id) VALUES (1), (2)")
                throw Abort()
            }
        }
        #expect(try database.fetchOne(sql: "SELECT count(*) AS n FROM t")?.integer(named: "n") == 0)
        // No transaction is left open: a new one can start.
        try database.transaction { try database.execute(sql: "INSERT INTO t (id) VALUES (3)") }
        #expect(try database.fetchAll(sql: "SELECT id FROM t").map { try $0.integer(named: "id") } == [3])
    }

    @Test func transactionRollsBackOnADatabaseError() throws {
        let directory = TemporaryDirectory()
        let database = try Self.makeDatabase(directory)
        try database.execute(sql: "INSERT INTO t (id) VALUES (1)")
        #expect(throws: DatabaseError.self) {
            try database.transaction {
                try database.execute(sql: "INSERT INTO t (id) VALUES (2)")
                try database.execute(sql: "INSERT INTO t (id) VALUES (?)", arguments: [1])
            }
        }
        #expect(try database.fetchAll(sql: "SELECT id FROM t").map { try $0.integer(named: "id") } == [1])
    }

    // MARK: errors

    @Test func uniqueViolationDescription() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("test.sqlite"))
        try database.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try database.execute(sql: "INSERT INTO t (id) VALUES (?)", arguments: [1])
        let error = #expect(throws: DatabaseError.self) {
            try database.execute(sql: "INSERT INTO t (id) VALUES (?)", arguments: [1])
        }
        #expect(error?.resultCode == 19)
        #expect(error?.description
                == "SQLite error 19 (extended 1555): UNIQUE constraint failed: t.id - while executing `INSERT INTO t (id) VALUES (?)`")
        // The statement was reset: the connection keeps working.
        try database.execute(sql: "INSERT INTO t (id) VALUES (?)", arguments: [2])
        #expect(try database.fetchOne(sql: "SELECT count(*) AS n FROM t")?.integer(named: "n") == 2)
    }

    @Test func syntaxErrorDescription() throws {
        let directory = TemporaryDirectory()
        let database = try Database(path: directory.path("test.sqlite"))
        let prepared = #expect(throws: DatabaseError.self) { try database.makeStatement(sql: "SELEC 1") }
        #expect(prepared?.description == "SQLite error 1: near \"SELEC\": syntax error - while executing `SELEC 1`")
        let executed = #expect(throws: DatabaseError.self) { try database.execute(sql: "SELEC 1") }
        #expect(executed?.description == "SQLite error 1: near \"SELEC\": syntax error - while executing `SELEC 1`")
        let missing = #expect(throws: DatabaseError.self) { try database.fetchAll(sql: "SELECT * FROM nowhere") }
        #expect(missing?.description == "SQLite error 1: no such table: nowhere - while executing `SELECT * FROM nowhere`")
    }

    @Test(arguments: [0, 1, 3])
    func argumentCountMismatch(count: Int) throws {
        let directory = TemporaryDirectory()
        let database = try Self.makeDatabase(directory)
        let sql = "INSERT INTO t (id, v) VALUES (?, ?)"
        let arguments = Array(repeating: DatabaseValue.integer(1), count: count)
        let error = #expect(throws: DatabaseError.self) { try database.execute(sql: sql, arguments: arguments) }
        #expect(error == DatabaseError(resultCode: 25, message: "expected 2 arguments, got \(count)", sql: sql))
        #expect(error?.description == "SQLite error 25: expected 2 arguments, got \(count) - while executing `\(sql)`")
        #expect(try database.fetchOne(sql: "SELECT count(*) AS n FROM t")?.integer(named: "n") == 0)
    }

    @Test func descriptionWithoutSQL() {
        #expect(DatabaseError(resultCode: 14, message: "unable to open database file").description
                == "SQLite error 14: unable to open database file")
        #expect(DatabaseError(resultCode: 26, message: "x").isNotADatabase)
        #expect(DatabaseError(resultCode: 11, message: "x").isNotADatabase)
        #expect(!DatabaseError(resultCode: 19, message: "x").isNotADatabase)
    }

    /// An immutable read goes through a `file:` URI: a `?`, `#`, `%XX` or
    /// non-ASCII name must reach SQLite as itself (unencoded, `%41` would
    /// open `A`, and `?` would end the path).
    @Test func immutableReadOpensAFileWhoseNameURIsWouldMisread() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("a?b#c %41 d;e=\u{E9}.sqlite")
        do {
            let database = try Database(path: path)
            try database.execute(sql: "CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('here')")
        }
        let reader = try Database(path: path, readOnly: true, immutable: true)
        #expect(try reader.fetchOne(sql: "SELECT v FROM t")?.text(named: "v") == "here")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["a?b#c %41 d;e=\u{E9}.sqlite"])
    }

    @Test func openWithoutCreateFailsOnMissingFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("absent.sqlite")
        let error = #expect(throws: DatabaseError.self) { try Database(path: path, create: false) }
        #expect(error?.resultCode == 14)
        #expect(error?.message.hasSuffix("(\(path))") == true)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// A fresh folder for one test's database files, removed with them.
final class TemporaryDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("etl-store-tests-\(UUID().uuidString)")

    init() {
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
