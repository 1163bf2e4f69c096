import ETLCore
import ETLPictures
import FetchEngine
import Store

extension Catalog {
    /// Kept works whose verified picture (a good row for the current URL)
    /// has a difference hash within ``PerceptualHash/nearCopyDistance`` bits
    /// of a smaller-ID kept work's verified picture with other bytes.
    ///
    /// Two hashes at most 7 bits apart have a 16-bit quarter that is equal
    /// or differs in one bit (pigeonhole: 7 bits over 4 quarters), so each
    /// quarter's index is probed for its value and its 16 one-bit neighbours
    /// and only those candidates are compared bit by bit: no pass over every pair.
    package static let nearDuplicateImageIDsSQL: String = {
        let distance = (0..<4).map { popcount16(xor: "fi.phash_\($0)", "di.phash_\($0)") }.joined(separator: " + ")
        let candidates = (0..<4).map { quarter in
            let value = "di.phash_\(quarter)"
            let probes = [value] + (0..<16).map { "((\(value) | \(1 << $0)) & ~(\(value) & \(1 << $0)))" }
            return """
            EXISTS (SELECT 1 FROM images fi JOIN works fw ON fw.object_id = fi.object_id
                     WHERE fi.phash_\(quarter) IN (\(probes.joined(separator: ", "))) AND fi.state = \(ImageState.ok.sql)
                       AND fi.object_id < di.object_id AND fi.sha256 <> di.sha256
                       AND fi.url = \(imageURL(ofWork: "fw"))
                       AND \(distance) <= \(PerceptualHash.nearCopyDistance))
            """
        }
        return """
            SELECT di.object_id FROM images di JOIN works dw ON dw.object_id = di.object_id
             WHERE di.state = \(ImageState.ok.sql) AND di.phash IS NOT NULL AND di.url = \(imageURL(ofWork: "dw"))
               AND (\(candidates.joined(separator: "\n OR ")))
            """
    }()

    /// The set bits of `a XOR b` for two 16-bit values, in SQL, which has
    /// neither XOR nor popcount: `(a | b) & ~(a & b)`, then sums of
    /// neighbouring bit fields (each step a subquery, so the value is
    /// written once).
    private static func popcount16(xor a: String, _ b: String) -> String {
        "(SELECT (c & 255) + (c >> 8) FROM (SELECT (b & 3855) + ((b >> 4) & 3855) AS c"
            + " FROM (SELECT (a & 13107) + ((a >> 2) & 13107) AS b"
            + " FROM (SELECT (x & 21845) + ((x >> 1) & 21845) AS a"
            + " FROM (SELECT (\(a) | \(b)) & ~(\(a) & \(b)) AS x)))))"
    }

    /// The IDs of ``nearDuplicateImageIDsSQL``.
    package func nearDuplicateImageIDs() throws -> Set<Int> {
        var ids: Set<Int> = []
        try database.makeStatement(sql: Self.nearDuplicateImageIDsSQL).forEachInteger { ids.insert(Int($0)) }
        return ids
    }

    /// Works whose picture copies that of a smaller-ID work, byte for byte
    /// or nearly: off the pages with `--require-image`.
    package func copiedImageIDs() throws -> Set<Int> {
        try duplicateImageIDs().union(nearDuplicateImageIDs())
    }
}
