import ETLCore

/// What one decode of a picture yields: its shown size and everything an
/// app draws before or instead of the full picture.
package struct PictureDerivatives: Sendable, Equatable {
    /// The picture's size as shown (EXIF orientation applied).
    package var width: Int
    package var height: Int
    /// The encoded thumbnail and its size.
    package var thumb: [UInt8]
    package var thumbWidth: Int
    package var thumbHeight: Int
    /// The ThumbHash, base64.
    package var placeholder: String
    /// The average colour, `#rrggbb` (sRGB).
    package var color: String
    /// The difference hash, 16 hex digits.
    package var phash: String

    package init(width: Int, height: Int, thumb: [UInt8], thumbWidth: Int, thumbHeight: Int, placeholder: String, color: String, phash: String) {
        self.width = width
        self.height = height
        self.thumb = thumb
        self.thumbWidth = thumbWidth
        self.thumbHeight = thumbHeight
        self.placeholder = placeholder
        self.color = color
        self.phash = phash
    }
}
