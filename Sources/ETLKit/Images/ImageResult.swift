import Foundation

/// What fetching one work's image ended with, as stored in `images`.
public struct ImageResult: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// A verified picture, written to the image folder.
        case saved(ImageFile)
        /// No picture; skipped by later runs until `--retry-failed`.
        case failed(ImageFailure, reason: String)
    }

    public var objectID: Int
    /// The URL as the object record gives it (requests percent-encode it).
    public var url: String
    public var outcome: Outcome
    public var httpStatus: Int?
    /// The last answer's `Content-Type`.
    public var contentType: String?
    public var fetchedAt: Date
    /// Requests spent on this image in this run.
    public var attempts: Int
    /// The file an earlier run stored for this work, removed once this
    /// result is committed if it is not the file now holding the picture.
    public var previousFile: String?

    public init(
        objectID: Int, url: String, outcome: Outcome, httpStatus: Int?, contentType: String?,
        fetchedAt: Date, attempts: Int, previousFile: String? = nil
    ) {
        self.objectID = objectID
        self.url = url
        self.outcome = outcome
        self.httpStatus = httpStatus
        self.contentType = contentType
        self.fetchedAt = fetchedAt
        self.attempts = attempts
        self.previousFile = previousFile
    }

    /// The file to delete after this result is committed, if any.
    var staleFile: String? {
        guard let previousFile else { return nil }
        if case .saved(let file) = outcome, file.name == previousFile { return nil }
        return previousFile
    }
}

/// A picture on disk: `<objectID>.<ext>` in the image folder.
public struct ImageFile: Sendable, Equatable, Codable {
    /// The file name, relative to the image folder.
    public var name: String
    public var kind: ImageKind
    public var bytes: Int
    /// SHA-256 of the bytes, lowercase hex.
    public var sha256: String

    public init(name: String, kind: ImageKind, bytes: Int, sha256: String) {
        self.name = name
        self.kind = kind
        self.bytes = bytes
        self.sha256 = sha256
    }

    /// `436535.jpg`.
    public static func name(objectID: Int, kind: ImageKind) -> String {
        "\(objectID).\(kind.fileExtension)"
    }
}
