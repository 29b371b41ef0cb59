import Foundation
import Testing

@testable import CourierCore

@Suite("Base64")
struct Base64Tests {
    @Test(
        "RFC 4648's test vectors",
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ])
    func vectors(text: String, encoded: String) {
        #expect(Base64.encode(Array(text.utf8)) == encoded)
        #expect(Base64.decode(encoded) == Array(text.utf8))
    }

    @Test(
        "what is not base64 decodes to nothing (stricter than Foundation, which takes `Zm9v=` and `Zm=v`)",
        arguments: ["Zg", "Zg=", "Z===", "Zm9v=", "Zm=v", "Zm9v\n", "Zm 9v", "Zm9-", "=Zm9", "Zg==Zg==", "é123"])
    func notBase64(text: String) {
        #expect(Base64.decode(text) == nil)
    }

    @Test("every byte value, at every length up to 300, as Foundation encodes it")
    func matchesFoundation() {
        var generator = SystemRandomNumberGenerator()
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
        }
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Base64.decode(Data(bytes).base64EncodedString()) == bytes)
        }
        let all = (0...255).map(UInt8.init)
        #expect(Data(base64Encoded: Base64.encode(all)).map { [UInt8]($0) } == all)
    }
}
