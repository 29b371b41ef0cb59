import CourierCore
import CourierCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The hash functions of HTTP Digest, as lower-case hex of the UTF-8 text.
enum DigestHash {
    /// `H(text)` for `algorithm`.
    static func hex(_ text: String, _ algorithm: DigestAuthorization.Algorithm) -> String {
        let bytes = Array(text.utf8)
        return HexText.lowercase(algorithm.usesSHA256 ? BoringCrypto.sha256(bytes) : BoringCrypto.md5(bytes))
    }

    /// A fresh client nonce: 16 random bytes, hex.
    static func cnonce() -> String {
        HexText.lowercase(BoringCrypto.randomBytes(16))
    }

    /// The request target of `url` (path and query) that Digest signs.
    static func requestTarget(_ url: String) -> String {
        URLParts(url)?.requestTarget ?? url
    }
}
