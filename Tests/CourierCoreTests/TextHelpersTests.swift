import Testing

@testable import CourierCore

/// The standard-library replacements for full Foundation's string and path methods
/// (docs/DECISIONS.md, "The binary's size"): each row is what Foundation gave.
@Suite("Text helpers")
struct TextHelpersTests {
    @Test(
        "trimming as .whitespaces and .whitespacesAndNewlines did",
        arguments: [
            (" a b ", "a b", "a b"), ("\t x\u{00A0}", "x", "x"), ("\n a \r\n", "\n a \r\n", "a"),
            ("\u{2003}em\u{3000}", "em", "em"), ("", "", ""), ("   ", "", ""), ("a", "a", "a"),
            ("\u{2028}line\u{85}", "\u{2028}line\u{85}", "line"), ("é\u{301} ", "é\u{301}", "é\u{301}"),
        ])
    func trimming(text: String, spaces: String, all: String) {
        #expect(text.trimmingWhitespace() == spaces)
        #expect(text.trimmingWhitespaceAndNewlines() == all)
        #expect(text[...].trimmingWhitespace() == spaces)
    }

    @Test(
        "a literal search and replace over UTF-8",
        arguments: [
            ("http://h/p", "://", 4, "http-h/p"), ("no match", "://", nil, "no match"), ("", "x", nil, ""),
            ("aaa", "aa", 0, "-a"), ("ünï://ü", "://", 5, "ünï-ü"), ("x", "", nil, "x"), ("ab", "abc", nil, "ab"),
        ] as [(String, String, Int?, String)])
    func search(text: String, needle: String, offset: Int?, replacedByDash: String) {
        let range = text.firstRange(ofText: needle)
        #expect(range.map { text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound) } == offset)
        if let range { #expect(String(text[range]) == needle) }
        #expect(text.replacingText(needle, with: "-") == (needle.isEmpty ? text : replacedByDash))
        #expect(text.dropFirst(0).firstRange(ofText: needle) == range)
    }

    @Test(
        "percent-decoding as removingPercentEncoding: nil on a broken escape or bytes that are not UTF-8",
        arguments: [
            ("a%20b", "a b"), ("%E2%82%AC", "€"), ("plain+text", "plain+text"), ("%", nil), ("%2", nil),
            ("%zz", nil), ("%FF", nil), ("%41%42", "AB"), ("", ""),
        ] as [(String, String?)])
    func percentDecoding(text: String, decoded: String?) {
        #expect(PercentEncoding.decoded(text) == decoded)
    }

    @Test("form decoding: + is a space, a broken escape leaves the text as written")
    func formDecoding() {
        #expect(PercentEncoding.formDecoded("a+b%21") == "a b!")
        #expect(PercentEncoding.formDecoded("100%") == "100%")
        #expect(PercentEncoding.formDecoded("plain") == "plain")
    }

    @Test(
        "paths as NSString's appendingPathComponent, lastPathComponent and deletingLastPathComponent",
        arguments: [
            ("/ws", "a.json", "/ws/a.json", "a.json", "/ws"), ("/ws/", "b", "/ws/b", "b", "/ws"),
            ("", "c", "c", "c", ""), ("/ws", "/abs", "/abs", "abs", "/"),
            ("rel/dir", "x/y", "rel/dir/x/y", "y", "rel/dir/x"),
        ])
    func paths(folder: String, path: String, joined: String, last: String, parentOfJoined: String) {
        #expect(PathText.joined(folder, path) == joined)
        #expect(PathText.lastComponent(joined) == last)
        #expect(PathText.parent(joined) == parentOfJoined)
    }

    @Test("parents and last components at the edges")
    func pathEdges() {
        #expect(PathText.parent("/a/b") == "/a")
        #expect(PathText.parent("/a") == "/")
        #expect(PathText.parent("a") == "")
        #expect(PathText.parent("a/b/") == "a")
        #expect(PathText.lastComponent("a/b/") == "b")
        #expect(PathText.lastComponent("/") == "/")
    }

    @Test("hex as %02x")
    func hex() {
        #expect(HexText.lowercase([0, 1, 0xAB, 0xFF]) == "0001abff")
        #expect(HexText.lowercase([UInt8]()) == "")
    }

    @Test(
        "a number in hex as String(radix: 16) writes it",
        arguments: [0, 1, 9, 10, 15, 16, 255, 256, 0xABC, 0xcbf2_9ce4_8422_2325, UInt64(UInt32.max), UInt64.max]
            + (0..<64).map { UInt64(1) << $0 })
    func hexNumber(_ value: UInt64) {
        #expect(HexText.number(value) == String(value, radix: 16))
    }

    @Test(
        "comparing without case says what comparing the lowercased texts says",
        arguments: [
            ("Content-Type", "content-type"), ("ETag", "etag"), ("a", "b"), ("", ""), ("a", ""), ("ab", "a"),
            ("@", "`"), ("[", "{"), ("Z", "z"), ("ÄPFEL", "äpfel"), ("Straße", "STRASSE"), ("İ", "i\u{307}"),
            ("x-é", "X-É"), ("é", "e"), ("Ω", "ω"), ("a", "a\u{301}"),
        ])
    func caseFolding(a: String, b: String) {
        #expect(a.equalsIgnoringCase(b) == (a.lowercased() == b.lowercased()), "\(a) \(b)")
        #expect(b.equalsIgnoringCase(a) == (a.lowercased() == b.lowercased()), "\(b) \(a)")
    }
}
