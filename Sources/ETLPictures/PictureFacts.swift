import ETLCore

/// What the catalog keeps of a decoded picture besides its file: the
/// `images` columns `thumb_file` … `phash`.
package struct PictureFacts: Sendable, Equatable, Codable {
    /// Relative to the image folder: `thumbs/<objectID>.webp`.
    package var thumbFile: String
    package var thumbWidth: Int
    package var thumbHeight: Int
    package var placeholder: String
    package var color: String
    package var phash: String

    package init(thumbFile: String, thumbWidth: Int, thumbHeight: Int, placeholder: String, color: String, phash: String) {
        self.thumbFile = thumbFile
        self.thumbWidth = thumbWidth
        self.thumbHeight = thumbHeight
        self.placeholder = placeholder
        self.color = color
        self.phash = phash
    }

    /// The folder of the thumbnails, inside the image folder.
    package static let thumbFolder = "thumbs"

    /// `436535.webp`, the thumbnail's name inside ``thumbFolder``.
    package static func thumbName(objectID: Int, format: ThumbFormat) -> String {
        "\(objectID).\(format.fileExtension)"
    }

    /// The 16-bit quarters of the hash, most significant first: a near copy
    /// (at most ``PerceptualHash/nearCopyDistance`` bits apart) has one of
    /// them equal or one bit off, so each is indexed and probed.
    ///
    /// Empty (the columns stay NULL, so the picture is nobody's near copy)
    /// when the hash is nearly all zeros or ones: a flat picture, or one
    /// that changes only from top to bottom, has no left-right structure
    /// for the hash to tell apart, and every such picture would match.
    package var phashQuarters: [Int] {
        guard let bits = UInt64(phash, radix: 16),
              PerceptualHash.informativeBits.contains(bits.nonzeroBitCount) else { return [] }
        return (0..<4).map { Int((bits >> UInt64(48 - 16 * $0)) & 0xFFFF) }
    }
}
