import CourierCore
import Testing

@testable import CourierStore

/// RNCryptor v3 password format against the vectors of its specification
/// (RNCryptor-Spec, `vectors/v3/password`), and the refusals of bad files.
@Suite("Sealed workspaces")
struct WorkspaceSealTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var title: String
        var password: String
        var encryptionSalt: String
        var hmacSalt: String
        var iv: String
        var plaintext: String
        var ciphertext: String
        var testDescription: String { title }
    }

    static let vectors: [Vector] = [
        Vector(
            title: "All fields empty or zero (with one-byte password)", password: "a",
            encryptionSalt: "0000000000000000", hmacSalt: "0000000000000000", iv: "00000000000000000000000000000000",
            plaintext: "",
            ciphertext: """
                03010000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 0000b303 9be31cd7 \
                ece5e754 f5c8da17 00366631 3ae8a89d dcf8e3cb 41fdc130 b2329dbe 07d6f4d3 2c34e050 c8bd7e93 3b12
                """),
        Vector(
            title: "One byte", password: "thepassword", encryptionSalt: "0001020304050607",
            hmacSalt: "0102030405060708",
            iv: "02030405060708090a0b0c0d0e0f0001", plaintext: "01",
            ciphertext: """
                03010001 02030405 06070102 03040506 07080203 04050607 08090a0b 0c0d0e0f 0001a1f8 730e0bf4 \
                80eb7b70 f690abf2 1e029514 164ad3c4 74a51b30 c7eaa1ca 545b7de3 de5b010a cbad0a9a 13857df6 96a8
                """),
        Vector(
            title: "Exactly one block", password: "thepassword", encryptionSalt: "0102030405060700",
            hmacSalt: "0203040506070801", iv: "030405060708090a0b0c0d0e0f000102", plaintext: "0123456789abcdef",
            ciphertext: """
                03010102 03040506 07000203 04050607 08010304 05060708 090a0b0c 0d0e0f00 01020e43 7fe80930 \
                9c03fd53 a475131e 9a1978b8 eaef576f 60adb8ce 2320849b a32d7429 00438ba8 97d22210 c76c35c8 49df
                """),
        Vector(
            title: "More than one block", password: "thepassword", encryptionSalt: "0203040506070001",
            hmacSalt: "0304050607080102", iv: "0405060708090a0b0c0d0e0f00010203",
            plaintext: "0123456789abcdef 01234567",
            ciphertext: """
                03010203 04050607 00010304 05060708 01020405 06070809 0a0b0c0d 0e0f0001 0203e01b bda5df2c \
                a8adace3 8f6c588d 291e03f9 51b78d34 17bc2816 581dc6b7 67f1a2e5 7597512b 18e1638f 21235fa5 928c
                """),
        Vector(
            title: "Multibyte password", password: "中文密码", encryptionSalt: "0304050607000102",
            hmacSalt: "0405060708010203", iv: "05060708090a0b0c0d0e0f0001020304",
            plaintext: "23456789abcdef 0123456701",
            ciphertext: """
                03010304 05060700 01020405 06070801 02030506 0708090a 0b0c0d0e 0f000102 03048a9e 08bdec1c \
                4bfe13e8 1fb85f00 9ab3ddb9 1387e809 c4ad86d9 e8a60145 57716657 bd317d4b b6a76446 15b3de40 2341
                """),
    ]

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.filter(\.isHexDigit))
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
    }

    @Test("sealing with the vector's salts and IV gives its bytes; unsealing gives its plain text", arguments: vectors)
    func vector(_ vector: Vector) throws {
        let sealed = try WorkspaceSeal.seal(
            Self.hex(vector.plaintext), password: vector.password, encryptionSalt: Self.hex(vector.encryptionSalt),
            hmacSalt: Self.hex(vector.hmacSalt), iv: Self.hex(vector.iv))
        #expect(sealed == Self.hex(vector.ciphertext))
        #expect(
            try WorkspaceSeal.unseal(Self.hex(vector.ciphertext), password: vector.password)
                == Self.hex(vector.plaintext))
    }

    @Test("a fresh seal opens with its password, and two seals of one text differ")
    func roundTrip() throws {
        let plain = Array("{\"environments\": {}}".utf8)
        let first = try WorkspaceSeal.seal(plain, password: "pw")
        let second = try WorkspaceSeal.seal(plain, password: "pw")
        #expect(first != second && RNCryptorContainer.isSealed(first))
        #expect(try WorkspaceSeal.unseal(first, password: "pw") == plain)
    }

    /// Three blocks of ciphertext, so a cut by one block still has the shape of a sealed file.
    static let sealedOnce: [UInt8] =
        (try? WorkspaceSeal.seal(
            Array("{\"routes\": [], \"_comment\": \"three blocks of text\"}".utf8), password: "right"))
        ?? []

    static let refusals: [(String, [UInt8], String, SealError)] = [
        ("wrong password", sealedOnce, "wrong", .wrongPasswordOrDamaged),
        ("one ciphertext bit flipped", flipped(sealedOnce, at: 40), "right", .wrongPasswordOrDamaged),
        ("one HMAC bit flipped", flipped(sealedOnce, at: sealedOnce.count - 1), "right", .wrongPasswordOrDamaged),
        ("IV changed", flipped(sealedOnce, at: 20), "right", .wrongPasswordOrDamaged),
        ("cut by a block", Array(sealedOnce.dropLast(16)), "right", .wrongPasswordOrDamaged),
        ("cut to the header", Array(sealedOnce.prefix(40)), "right", .truncated(size: 40)),
        ("empty", [], "right", .notSealed),
        ("JSON", Array("{}".utf8), "right", .notSealed),
        ("version 2", [2, 1] + Array(sealedOnce.dropFirst(2)), "right", .unsupportedVersion(2)),
        ("key-based", [3, 0] + Array(sealedOnce.dropFirst(2)), "right", .keyBased),
    ]

    static func flipped(_ bytes: [UInt8], at index: Int) -> [UInt8] {
        var copy = bytes
        if copy.indices.contains(index) { copy[index] ^= 0x01 }
        return copy
    }

    @Test("bad files and wrong passwords are refused before anything is decrypted", arguments: refusals)
    func refusal(_ name: String, _ bytes: [UInt8], _ password: String, _ expected: SealError) {
        #expect(throws: expected, "\(name)") { try WorkspaceSeal.unseal(bytes, password: password) }
    }
}
