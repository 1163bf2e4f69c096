import Basics
import Foundation

/// An identifier a source sends that etl puts into a URL's path as one
/// segment (a picture's ID on an image server, a server's number, a
/// secret): the one rule for which are usable, and their encoding.
package enum PathSegment {
    /// `text` when it can stand for one segment of a picture's URL; nil
    /// when it shows nothing, is `.` or `..` (a client resolves those to
    /// this folder or the one above, out of the picture server's prefix), or
    /// holds a control character (a NUL would be `%00` in the URL but cut
    /// the text short where C reads it): the item then has no usable picture.
    package static func usable(_ text: String?) -> String? {
        guard let text, VisibleText.isVisible(text), text != ".", text != "..",
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        return text
    }

    /// `segment` percent-encoded for a URL path, `/`, `?`, `#` and `%`
    /// included, so it stays one segment and means what it says (the one
    /// encoder's ``PercentEncoding/Kept/pathSegment`` set).
    package static func encoded(_ segment: String) -> String {
        PercentEncoding.encoded(segment, keeping: .pathSegment)
    }
}
