import Testing

@testable import CourierCore

/// Text from a server or a workspace on a terminal: every control shown, never obeyed.
@Suite("Terminal-safe text")
struct TerminalTextTests {
    @Test(
        "controls are shown as less shows them; text, tabs and newlines stay",
        arguments: [
            ("plain text\twith tab\n", "plain text\twith tab\n"),
            ("clip\u{1B}]52;c;aGk=\u{07}", "clip^[]52;c;aGk=^G"),
            ("\u{1B}]0;title\u{1B}\\", "^[]0;title^[\\"),
            ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "^[]8;;http://x^[\\link^[]8;;^[\\"),
            ("\u{1B}[2Jcleared", "^[[2Jcleared"),
            ("over\rwrite", "over^Mwrite"),
            ("del\u{7F}", "del^?"),
            ("c1 \u{9B}31m csi", "c1 <9B>31m csi"),
            ("naïve ✓ £ © 😀", "naïve ✓ £ © 😀"),
        ])
    func visible(text: String, expected: String) {
        #expect(TerminalText.visible(text) == expected)
    }

    @Test("bytes that are not UTF-8 are shown in hex")
    func invalidBytes() {
        let shown = [UInt8]([0x61, 0x9B, 0x62, 0xFF, 0xE2, 0x9C]).withUnsafeBufferPointer {
            TerminalText.visible($0)
        }
        #expect(String(decoding: shown, as: UTF8.self) == "a<9B>b<FF><E2><9C>")
    }

    @Test("Courier's own colours stay when colour is on; any other sequence is shown")
    func colours() {
        let text = Array("\u{1B}[34;1m\"k\"\u{1B}[0m: \u{1B}[8mhidden\u{1B}[0m \u{1B}[1A".utf8)
        let kept = text.withUnsafeBufferPointer { TerminalText.visible($0, keepingColor: true) }
        #expect(String(decoding: kept, as: UTF8.self) == "\u{1B}[34;1m\"k\"\u{1B}[0m: ^[[8mhidden\u{1B}[0m ^[[1A")
        let plain = text.withUnsafeBufferPointer { TerminalText.visible($0) }
        #expect(!plain.contains(0x1B))
    }
}
