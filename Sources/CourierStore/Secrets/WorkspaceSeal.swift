import CourierCore
import CourierCrypto

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Seals and unseals workspace bytes in the RNCryptor v3 password format (see
/// `RNCryptorContainer`), in memory: the plain text is never written anywhere by this type.
public enum WorkspaceSeal {
    /// PBKDF2 rounds the format fixes.
    static let rounds = 10_000

    /// `plain` sealed with `password`, with fresh random salts and IV.
    public static func seal(_ plain: [UInt8], password: String) throws(SealError) -> [UInt8] {
        let random = BoringCrypto.randomBytes
        return try seal(plain, password: password, encryptionSalt: random(8), hmacSalt: random(8), iv: random(16))
    }

    /// `plain` sealed with the given salts and IV (the spec's test vectors fix them).
    static func seal(
        _ plain: [UInt8], password: String, encryptionSalt: [UInt8], hmacSalt: [UInt8], iv: [UInt8]
    ) throws(SealError) -> [UInt8] {
        let encryptionKey = try key(password, salt: encryptionSalt)
        guard let ciphertext = BoringCrypto.aes256CBC(plain, key: encryptionKey, iv: iv, encrypt: true) else {
            throw .crypto("AES-256-CBC refused the key or IV")
        }
        var container = RNCryptorContainer(
            encryptionSalt: encryptionSalt, hmacSalt: hmacSalt, iv: iv, ciphertext: ciphertext, hmac: [])
        container.hmac = BoringCrypto.hmacSHA256(key: try key(password, salt: hmacSalt), container.authenticated)
        return container.bytes
    }

    /// The plain bytes of `sealed`. The HMAC is checked, in constant time, before anything
    /// is decrypted: a wrong password or a changed byte is refused without using the cipher.
    public static func unseal(_ sealed: [UInt8], password: String) throws(SealError) -> [UInt8] {
        let container = try RNCryptorContainer(parsing: sealed)
        let hmacKey = try key(password, salt: container.hmacSalt)
        let encryptionKey = try key(password, salt: container.encryptionSalt)
        let expected = BoringCrypto.hmacSHA256(key: hmacKey, container.authenticated)
        guard BoringCrypto.equalInConstantTime(expected, container.hmac) else { throw .wrongPasswordOrDamaged }
        // Authenticated but not decryptable: made with the right password by a broken tool.
        guard
            let plain = BoringCrypto.aes256CBC(
                container.ciphertext, key: encryptionKey, iv: container.iv, encrypt: false)
        else { throw .wrongPasswordOrDamaged }
        return plain
    }

    private static func key(_ password: String, salt: [UInt8]) throws(SealError) -> [UInt8] {
        guard let key = BoringCrypto.pbkdf2SHA1(password: Array(password.utf8), salt: salt, rounds: rounds, count: 32)
        else { throw .crypto("PBKDF2 refused its input") }
        return key
    }
}
