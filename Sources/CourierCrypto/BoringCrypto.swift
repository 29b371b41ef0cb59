import CNIOBoringSSL

/// The few cryptographic primitives Courier needs (HTTP Digest's hashes, the RNCryptor format
/// of sealed workspaces), from the BoringSSL that NIOSSL already links for TLS.
///
/// Why not swift-crypto: for these functions it linked a second BoringSSL with its Swift layers
/// and SwiftASN1, 1.4 MB of a binary that must stay under 30 MB, and its C part was the longest
/// compile of a clean build. `CNIOBoringSSL` is NIOSSL's module, not its API: every call goes
/// through this one file, and the tests hold each function to its standard's vectors.
public enum BoringCrypto {
    /// SHA-256 of `bytes` (FIPS 180-4).
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        withBytes(bytes) { input, count in _ = SHA256(input, count, &digest) }
        return digest
    }

    /// SHA-1 of `bytes` (FIPS 180-4): only for a WebSocket upgrade's `Sec-WebSocket-Accept`,
    /// which RFC 6455 §4.2.2 defines with it.
    public static func sha1(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 20)
        withBytes(bytes) { input, count in _ = SHA1(input, count, &digest) }
        return digest
    }

    /// MD5 of `bytes` (RFC 1321): only for HTTP Digest's `algorithm=MD5`, which servers still ask for.
    public static func md5(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 16)
        withBytes(bytes) { input, count in _ = MD5(input, count, &digest) }
        return digest
    }

    /// HMAC-SHA-256 of `bytes` under `key` (RFC 2104).
    public static func hmacSHA256(key: [UInt8], _ bytes: [UInt8]) -> [UInt8] {
        var code = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        withBytes(key) { key, keyCount in
            withBytes(bytes) { input, count in
                _ = HMAC(EVP_sha256(), key, keyCount, input, count, &code, &length)
            }
        }
        return Array(code.prefix(Int(length)))
    }

    /// PBKDF2 with HMAC-SHA-1 (RFC 8018), `count` bytes of key; nil for rounds BoringSSL
    /// refuses (zero, or more than 32 bits hold).
    public static func pbkdf2SHA1(password: [UInt8], salt: [UInt8], rounds: Int, count: Int) -> [UInt8]? {
        guard rounds > 0, rounds <= Int(UInt32.max), count > 0 else { return nil }
        var key = [UInt8](repeating: 0, count: count)
        let done = withBytes(password) { password, passwordCount in
            withBytes(salt) { salt, saltCount in
                password.withMemoryRebound(to: CChar.self, capacity: max(passwordCount, 1)) { text in
                    PKCS5_PBKDF2_HMAC(
                        text, passwordCount, salt, saltCount, UInt32(rounds), EVP_sha1(), count, &key)
                }
            }
        }
        return done == 1 ? key : nil
    }

    /// AES-256 in CBC mode with PKCS#7 padding (NIST SP 800-38A): `bytes` encrypted, or
    /// decrypted when `encrypt` is false; nil for a key or IV of the wrong size, or a
    /// ciphertext whose padding is wrong.
    public static func aes256CBC(_ bytes: [UInt8], key: [UInt8], iv: [UInt8], encrypt: Bool) -> [UInt8]? {
        guard key.count == 32, iv.count == 16, bytes.count <= Int(Int32.max) - 32,
            let context = EVP_CIPHER_CTX_new()
        else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        let cipher = EVP_aes_256_cbc()
        guard EVP_CipherInit_ex(context, cipher, nil, key, iv, encrypt ? 1 : 0) == 1 else { return nil }
        var out = [UInt8](repeating: 0, count: bytes.count + 16)
        var written: Int32 = 0
        var last: Int32 = 0
        let done = withBytes(bytes) { input, count in
            out.withUnsafeMutableBufferPointer { output -> Bool in
                guard let base = output.baseAddress,
                    EVP_CipherUpdate(context, base, &written, input, Int32(count)) == 1
                else { return false }
                return EVP_CipherFinal_ex(context, base + Int(written), &last) == 1
            }
        }
        return done ? Array(out.prefix(Int(written + last))) : nil
    }

    /// Whether `a` and `b` are equal, in time that depends on their length only.
    public static func equalInConstantTime(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return withBytes(a) { a, count in withBytes(b) { b, _ in CRYPTO_memcmp(a, b, count) == 0 } }
    }

    /// `count` bytes from the system's random source.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(count, 0))
        // BoringSSL's RAND_bytes aborts rather than return fewer bytes: it cannot fail quietly.
        if count > 0 { _ = RAND_bytes(&bytes, count) }
        return bytes
    }

    /// `bytes` as a pointer and a length; an empty array as a pointer to a byte no function
    /// reads (not every BoringSSL function accepts a null pointer with a zero length).
    private static func withBytes<Result>(_ bytes: [UInt8], _ body: (UnsafePointer<UInt8>, Int) -> Result) -> Result {
        var zero: UInt8 = 0
        return bytes.withUnsafeBufferPointer { buffer in
            withUnsafePointer(to: &zero) { fallback in body(buffer.baseAddress ?? fallback, buffer.count) }
        }
    }
}
