/// One work as the gallery shows it.
struct GalleryEntry: Sendable, Equatable {
    var objectID: Int
    var title: String
    var artist: String
    var date: String
    /// The source's page of the work.
    var link: String?
    /// Relative to the images folder; nil until the picture is verified.
    var thumb: String?
    var thumbWidth: Int?
    var thumbHeight: Int?
    var placeholder: String?
    var color: String?
}
