/// What one decode of a picture yields: its shown size and everything an
/// app draws before or instead of the full picture.
public struct PictureDerivatives: Sendable, Equatable {
    /// The picture's size as shown (EXIF orientation applied).
    public var width: Int
    public var height: Int
    /// The encoded thumbnail and its size.
    public var thumb: [UInt8]
    public var thumbWidth: Int
    public var thumbHeight: Int
    /// The ThumbHash, base64.
    public var placeholder: String
    /// The average colour, `#rrggbb` (sRGB).
    public var color: String
    /// The difference hash, 16 hex digits.
    public var phash: String

    public init(width: Int, height: Int, thumb: [UInt8], thumbWidth: Int, thumbHeight: Int, placeholder: String, color: String, phash: String) {
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
