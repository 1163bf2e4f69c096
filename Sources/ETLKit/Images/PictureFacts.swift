/// What the catalog keeps of a decoded picture besides its file: the
/// `images` columns `thumb_file` … `phash`.
public struct PictureFacts: Sendable, Equatable, Codable {
    /// Relative to the image folder: `thumbs/<objectID>.webp`.
    public var thumbFile: String
    public var thumbWidth: Int
    public var thumbHeight: Int
    public var placeholder: String
    public var color: String
    public var phash: String

    public init(thumbFile: String, thumbWidth: Int, thumbHeight: Int, placeholder: String, color: String, phash: String) {
        self.thumbFile = thumbFile
        self.thumbWidth = thumbWidth
        self.thumbHeight = thumbHeight
        self.placeholder = placeholder
        self.color = color
        self.phash = phash
    }

    /// The folder of the thumbnails, inside the image folder.
    public static let thumbFolder = "thumbs"

    /// `436535.webp`, the thumbnail's name inside ``thumbFolder``.
    public static func thumbName(objectID: Int, format: ThumbFormat) -> String {
        "\(objectID).\(format.fileExtension)"
    }

    /// The 16-bit quarters of the hash, most significant first: a near copy
    /// (at most ``PerceptualHash/nearCopyDistance`` bits apart) shares at
    /// least one of them, so each is indexed and compared exactly.
    public var phashQuarters: [Int] {
        guard let bits = UInt64(phash, radix: 16) else { return [] }
        return (0..<4).map { Int((bits >> UInt64(48 - 16 * $0)) & 0xFFFF) }
    }
}
