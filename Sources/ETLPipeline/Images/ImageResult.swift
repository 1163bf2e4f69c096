import ETLCatalog
import ETLCore
import ETLPictures
import FetchEngine
import Foundation
import SourceKit
import SourceRegistry
import Store

/// What fetching one work's image ended with, as stored in `images`.
package struct ImageResult: Sendable, Equatable {
    package enum Outcome: Sendable, Equatable {
        /// A verified picture, written to the image folder.
        case saved(ImageFile)
        /// No picture; skipped by later runs until `--retry-failed`.
        case failed(ImageFailure, reason: String)
    }

    package var objectID: Int
    /// The URL as the object record gives it (requests percent-encode it).
    package var url: String
    package var outcome: Outcome
    package var httpStatus: Int?
    /// The last answer's `Content-Type`.
    package var contentType: String?
    package var fetchedAt: Date
    /// Requests spent on this image in this run.
    package var attempts: Int
    /// The file an earlier run stored for this work, removed once this
    /// result is committed if it is not the file now holding the picture.
    package var previousFile: String?

    package init(
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
    package var staleFile: String? {
        guard let previousFile else { return nil }
        if case .saved(let file) = outcome, file.name == previousFile { return nil }
        return previousFile
    }
}
