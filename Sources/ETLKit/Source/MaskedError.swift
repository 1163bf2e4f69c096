/// An error whose text held the credential, with it masked.
struct MaskedError: Error, CustomStringConvertible {
    var description: String
}
