import CCrypto
import ETLCore

/// SHA-256 (FIPS 180-4) from the system's libcrypto, for verifying image
/// files.
///
///     SHA256.hex(of: Array("abc".utf8))  // "ba7816bf…f20015ad"
///
/// Not copyable: it owns a libcrypto digest context, freed when it goes away.
package struct SHA256: ~Copyable {
    private let context: OpaquePointer

    package init() {
        // Allocation fails only when memory is exhausted.
        guard let context = EVP_MD_CTX_new() else { fatalError("EVP_MD_CTX_new failed: out of memory") }
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds the bytes at `raw` to the message.
    package mutating func update(_ raw: UnsafeRawBufferPointer) {
        guard let base = raw.baseAddress, raw.count > 0 else { return }
        EVP_DigestUpdate(context, base, raw.count)
    }

    /// The 32-byte digest of everything added.
    package consuming func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        digest.withUnsafeMutableBufferPointer { buffer in
            _ = EVP_DigestFinal_ex(context, buffer.baseAddress, &length)
        }
        return digest
    }

    /// The digest of `bytes`.
    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of `bytes` as 64 lowercase hex digits.
    package static func hex(of bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in hash(bytes) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
