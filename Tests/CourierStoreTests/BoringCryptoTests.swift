import CourierCore
import CourierCrypto
import Testing

/// Each primitive held to its standard's own test vectors, so a change of the BoringSSL
/// underneath (or of how it is called) cannot go unnoticed.
@Suite("BoringCrypto")
struct BoringCryptoTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            out.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return out
    }

    @Test(
        "SHA-256 (FIPS 180-4 examples) and MD5 (RFC 1321 §A.5)",
        arguments: [
            (
                "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                "d41d8cd98f00b204e9800998ecf8427e"
            ),
            (
                "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                "900150983cd24fb0d6963f7d28e17f72"
            ),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "8215ef0796a20bcaaae116d3876c664a"
            ),
        ])
    func hashes(text: String, sha256: String, md5: String) {
        #expect(HexText.lowercase(BoringCrypto.sha256(Array(text.utf8))) == sha256)
        #expect(HexText.lowercase(BoringCrypto.md5(Array(text.utf8))) == md5)
    }

    @Test("HMAC-SHA-256 (RFC 4231 test cases 1, 2 and 6)")
    func hmac() {
        let cases: [([UInt8], [UInt8], String)] = [
            (
                [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                [UInt8](repeating: 0xaa, count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
        ]
        for (key, data, expected) in cases {
            #expect(HexText.lowercase(BoringCrypto.hmacSHA256(key: key, data)) == expected)
        }
    }

    @Test("PBKDF2-HMAC-SHA-1 (RFC 6070), and the rounds it refuses")
    func pbkdf2() {
        let cases: [(String, String, Int, Int, String)] = [
            ("password", "salt", 1, 20, "0c60c80f961f0e71f3a9b524af6012062fe037a6"),
            ("password", "salt", 2, 20, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"),
            ("password", "salt", 4096, 20, "4b007901b765489abead49d926f721d065a429c1"),
            (
                "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, 25,
                "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038"
            ),
            ("pass\0word", "sa\0lt", 4096, 16, "56fa6aa75548099dcc37d7f03425e0c3"),
        ]
        for (password, salt, rounds, count, expected) in cases {
            let key = BoringCrypto.pbkdf2SHA1(
                password: Array(password.utf8), salt: Array(salt.utf8), rounds: rounds, count: count)
            #expect(key.map(HexText.lowercase) == expected)
        }
        #expect(BoringCrypto.pbkdf2SHA1(password: [1], salt: [1], rounds: 0, count: 32) == nil)
    }

    @Test("AES-256-CBC (NIST SP 800-38A F.2.5), PKCS#7 padding, and what decryption refuses")
    func aes() {
        let key = Self.bytes("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
        let iv = Self.bytes("000102030405060708090a0b0c0d0e0f")
        let plain = Self.bytes(
            "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52ef"
                + "f69f2445df4f9b17ad2b417be66c3710")
        let expected =
            "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d39f23369a9d9bacfa530e26304231461"
            + "b2eb05e2c39be9fcda6c19078c6a9d1b"
        let sealed = BoringCrypto.aes256CBC(plain, key: key, iv: iv, encrypt: true)
        // The standard's four blocks, then one block of padding (16 × 0x10).
        #expect(sealed.map { HexText.lowercase(Array($0.prefix(64))) } == expected)
        #expect(sealed?.count == 80)
        #expect(sealed.flatMap { BoringCrypto.aes256CBC($0, key: key, iv: iv, encrypt: false) } == plain)
        #expect(BoringCrypto.aes256CBC([], key: key, iv: iv, encrypt: true)?.count == 16)
        #expect(BoringCrypto.aes256CBC(plain, key: Array(key.prefix(16)), iv: iv, encrypt: true) == nil)
        // A damaged last block breaks the padding: refused, not returned as garbage.
        var damaged = sealed ?? []
        damaged[damaged.count - 1] ^= 0xff
        #expect(BoringCrypto.aes256CBC(damaged, key: key, iv: iv, encrypt: false) == nil)
        #expect(BoringCrypto.aes256CBC(Array(plain.prefix(15)), key: key, iv: iv, encrypt: false) == nil)
    }

    @Test("comparing in constant time; random bytes differ")
    func compareAndRandom() {
        #expect(BoringCrypto.equalInConstantTime([1, 2, 3], [1, 2, 3]))
        #expect(!BoringCrypto.equalInConstantTime([1, 2, 3], [1, 2, 4]))
        #expect(!BoringCrypto.equalInConstantTime([1, 2], [1, 2, 3]))
        #expect(BoringCrypto.equalInConstantTime([], []))
        #expect(BoringCrypto.randomBytes(32) != BoringCrypto.randomBytes(32))
        #expect(BoringCrypto.randomBytes(0).isEmpty)
    }
}
