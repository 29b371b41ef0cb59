import CourierCore
import Crypto
import _CryptoExtras

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
        var generator = SystemRandomNumberGenerator()
        func random(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }
        return try seal(plain, password: password, encryptionSalt: random(8), hmacSalt: random(8), iv: random(16))
    }

    /// `plain` sealed with the given salts and IV (the spec's test vectors fix them).
    static func seal(
        _ plain: [UInt8], password: String, encryptionSalt: [UInt8], hmacSalt: [UInt8], iv: [UInt8]
    ) throws(SealError) -> [UInt8] {
        do {
            let encryptionKey = try key(password, salt: encryptionSalt)
            let ciphertext = try AES._CBC.encrypt(plain, using: encryptionKey, iv: AES._CBC.IV(ivBytes: iv))
            var container = RNCryptorContainer(
                encryptionSalt: encryptionSalt, hmacSalt: hmacSalt, iv: iv, ciphertext: Array(ciphertext), hmac: [])
            container.hmac = Array(
                HMAC<SHA256>.authenticationCode(
                    for: container.authenticated, using: try key(password, salt: hmacSalt)))
            return container.bytes
        } catch let error as SealError {
            throw error
        } catch {
            throw .crypto(String(describing: type(of: error)))
        }
    }

    /// The plain bytes of `sealed`. The HMAC is checked, in constant time, before anything
    /// is decrypted: a wrong password or a changed byte is refused without using the cipher.
    public static func unseal(_ sealed: [UInt8], password: String) throws(SealError) -> [UInt8] {
        let container = try RNCryptorContainer(parsing: sealed)
        let hmacKey: SymmetricKey
        let encryptionKey: SymmetricKey
        do {
            hmacKey = try key(password, salt: container.hmacSalt)
            encryptionKey = try key(password, salt: container.encryptionSalt)
        } catch {
            throw .crypto(String(describing: type(of: error)))
        }
        guard
            HMAC<SHA256>.isValidAuthenticationCode(
                container.hmac, authenticating: container.authenticated, using: hmacKey)
        else { throw .wrongPasswordOrDamaged }
        do {
            let plain = try AES._CBC.decrypt(
                container.ciphertext, using: encryptionKey, iv: AES._CBC.IV(ivBytes: container.iv))
            return Array(plain)
        } catch {
            // Authenticated but not decryptable: made with the right password by a broken tool.
            throw .wrongPasswordOrDamaged
        }
    }

    private static func key(_ password: String, salt: [UInt8]) throws -> SymmetricKey {
        try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.utf8), salt: salt, using: .insecureSHA1, outputByteCount: 32,
            unsafeUncheckedRounds: rounds)
    }
}
