/// The RNCryptor v3 password format, as bytes (the crypto lives in `CourierStore`):
///
/// ```
/// version 0x03 | options 0x01 | encryption salt (8) | HMAC salt (8) | IV (16) | ciphertext | HMAC (32)
/// ```
///
/// The HMAC-SHA256 covers everything before it. Keys come from the password with
/// PBKDF2-SHA1, 10,000 rounds, one per salt; the cipher is AES-256-CBC with PKCS#7 padding.
/// This is the format of the T21Environment seed's `environments.bin`.
public struct RNCryptorContainer: Sendable, Equatable {
    /// The format version this reads and writes.
    public static let version: UInt8 = 3
    /// The options byte of the password format (0 is the key format, which has no salts).
    public static let passwordOption: UInt8 = 1
    /// Bytes before the ciphertext.
    public static let headerSize = 34
    /// Bytes of the trailing HMAC.
    public static let hmacSize = 32

    /// Salt of the encryption key.
    public var encryptionSalt: [UInt8]
    /// Salt of the HMAC key.
    public var hmacSalt: [UInt8]
    /// The AES-CBC initialisation vector.
    public var iv: [UInt8]
    /// AES-256-CBC ciphertext, a whole number of 16-byte blocks.
    public var ciphertext: [UInt8]
    /// HMAC-SHA256 of `authenticated`.
    public var hmac: [UInt8]

    /// A container from its parts.
    public init(encryptionSalt: [UInt8], hmacSalt: [UInt8], iv: [UInt8], ciphertext: [UInt8], hmac: [UInt8]) {
        self.encryptionSalt = encryptionSalt
        self.hmacSalt = hmacSalt
        self.iv = iv
        self.ciphertext = ciphertext
        self.hmac = hmac
    }

    /// `true` when `bytes` start like any RNCryptor file (a version byte 0…3, then an options
    /// byte 0 or 1): no JSON text starts so, so a workspace path needs no special name.
    public static func isSealed(_ bytes: [UInt8]) -> Bool {
        // An array, not any collection: a generic call from another module is resolved at run
        // time, and each workspace load pays for it.
        guard bytes.count >= 2 else { return false }
        return bytes[0] <= Self.version && bytes[1] <= 1
    }

    /// Splits `bytes` into its parts; the HMAC is checked by whoever has the password.
    public init(parsing bytes: [UInt8]) throws(SealError) {
        guard Self.isSealed(bytes) else { throw .notSealed }
        guard bytes[0] == Self.version else { throw .unsupportedVersion(bytes[0]) }
        guard bytes[1] == Self.passwordOption else { throw .keyBased }
        let minimum = Self.headerSize + 16 + Self.hmacSize
        guard bytes.count >= minimum else { throw .truncated(size: bytes.count) }
        let end = bytes.count - Self.hmacSize
        encryptionSalt = Array(bytes[2..<10])
        hmacSalt = Array(bytes[10..<18])
        iv = Array(bytes[18..<34])
        ciphertext = Array(bytes[Self.headerSize..<end])
        hmac = Array(bytes[end...])
    }

    /// Header and ciphertext: what the HMAC covers.
    public var authenticated: [UInt8] {
        [Self.version, Self.passwordOption] + encryptionSalt + hmacSalt + iv + ciphertext
    }

    /// The whole file.
    public var bytes: [UInt8] { authenticated + hmac }
}
