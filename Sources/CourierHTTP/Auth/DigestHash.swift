import CourierCore
import Crypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The hash functions of HTTP Digest, as lower-case hex of the UTF-8 text.
enum DigestHash {
    /// `H(text)` for `algorithm`.
    static func hex(_ text: String, _ algorithm: DigestAuthorization.Algorithm) -> String {
        let bytes = Data(text.utf8)
        if algorithm.usesSHA256 { return hex(SHA256.hash(data: bytes)) }
        return hex(Insecure.MD5.hash(data: bytes))
    }

    private static func hex(_ digest: some Digest) -> String {
        HexText.lowercase(digest)
    }

    /// A fresh client nonce: 16 random bytes, hex.
    static func cnonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return HexText.lowercase((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The request target of `url` (path and query) that Digest signs.
    static func requestTarget(_ url: String) -> String {
        URLParts(url)?.requestTarget ?? url
    }
}
