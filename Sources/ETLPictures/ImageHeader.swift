import ETLCore
import Foundation

/// The first bytes of a picture file: enough for every frame header seen
/// in the Met's pictures (JPEG's EXIF and ICC segments come before the frame).
package enum ImageHeader {
    package static let limit = 1 << 20

    package static func read(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: limit)).map { [UInt8]($0) }
    }
}
