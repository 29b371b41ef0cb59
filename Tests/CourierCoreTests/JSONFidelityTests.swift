import Testing

@testable import CourierCore

/// The fast printer against the event-based printer and against a tiny reference
/// re-indenter, on generated documents; and both printers agreeing on validity.
@Suite("JSON printer fidelity on generated documents")
struct JSONFidelityTests {
    /// A deterministic generator (64-bit LCG) so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func value(depth: Int) -> String {
            switch next(depth > 6 ? 4 : 7) {
            case 0: return ["0", "-1", "3.14", "1e10", "-0.5E-3", "12345678901234567890", "2E+2"][next(7)]
            case 1: return ["true", "false", "null"][next(3)]
            case 2, 3: return string()
            case 4, 5:
                let count = next(5)
                let items = (0..<count).map { _ in value(depth: depth + 1) }
                return "[" + items.joined(separator: whitespace() + "," + whitespace()) + "]"
            default:
                let count = next(5)
                let members = (0..<count).map { _ in
                    string() + whitespace() + ":" + whitespace() + value(depth: depth + 1)
                }
                return "{" + whitespace() + members.joined(separator: ",") + whitespace() + "}"
            }
        }

        mutating func string() -> String {
            let pieces = [
                "a", "key", "Zürich", "東京", "😀", "\\n", "\\\"", "\\\\", "\\u00e9", "\\ud83d\\ude00", " ", "tab\\t", "/",
                "long text run ",
            ]
            return "\"" + (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined() + "\""
        }

        mutating func whitespace() -> String { ["", " ", "\n", "\t ", "\r\n  "][next(5)] }
    }

    /// The simplest correct re-indenter for valid JSON, written independently of the engine.
    static func reference(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var level = 0
        var index = 0
        var inString = false
        func newline() {
            out.append(10)
            out += Array(repeating: 32, count: level * 2)
        }
        func nextSignificant(_ from: Int) -> UInt8? {
            var j = from
            while j < bytes.count, [32, 9, 10, 13].contains(bytes[j]) { j += 1 }
            return j < bytes.count ? bytes[j] : nil
        }
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                out.append(byte)
                if byte == 92 {
                    out.append(bytes[index + 1])
                    index += 1
                } else if byte == 34 {
                    inString = false
                }
            } else if byte == 34 {
                inString = true
                out.append(byte)
            } else if byte == 123 || byte == 91 {
                out.append(byte)
                let close: UInt8 = byte == 123 ? 125 : 93
                if nextSignificant(index + 1) == close {
                    while bytes[index] != close { index += 1 }
                    out.append(close)
                } else {
                    level += 1
                    newline()
                }
            } else if byte == 125 || byte == 93 {
                level -= 1
                newline()
                out.append(byte)
            } else if byte == 44 {
                out.append(byte)
                newline()
            } else if byte == 58 {
                out += [58, 32]
            } else if ![32, 9, 10, 13].contains(byte) {
                out.append(byte)
            }
            index += 1
        }
        out.append(10)
        return String(decoding: out, as: UTF8.self)
    }

    @Test("fast printer == event printer == reference re-indenter", arguments: 0..<200)
    func generated(seed: Int) throws {
        var generator = Generator(state: UInt64(seed) &* 2_654_435_761 &+ 1)
        let document = generator.whitespace() + generator.value(depth: 0) + generator.whitespace()
        let bytes = Array(document.utf8)
        let fast = try JSONFormatter().format(bytes)
        let events = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            try JSONFormatter().formatWithEvents(buffer)
        }
        #expect(fast == events, "\(document)")
        let indexed = try JSONFormatter().formatIndexed(bytes)
        var starts: [UInt32] = [0]
        for (offset, byte) in fast.enumerated() where byte == 0x0A && offset + 1 < fast.count {
            starts.append(UInt32(offset + 1))
        }
        #expect(indexed.text == fast && indexed.lineStarts == starts, "\(document)")
        #expect(String(decoding: fast, as: UTF8.self) == Self.reference(document), "\(document)")
    }

    @Test(
        "output that outgrows three times the input (deep, short tokens) is printed the growable way",
        arguments: [1, 10, 60, 400])
    func outgrown(depth: Int) throws {
        let bytes = Array(
            (String(repeating: "[{\"a\":", count: depth) + "1" + String(repeating: "}]", count: depth)).utf8)
        let events = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            try JSONFormatter().formatWithEvents(buffer)
        }
        #expect(try JSONFormatter().format(bytes) == events)
        #expect(try JSONFormatter().formatIndexed(bytes).text == events)
        #expect(depth < 10 || events.count > 3 * bytes.count + 64)
    }

    @Test("fast and event printers agree on validity after random corruption", arguments: 0..<300)
    func corrupted(seed: Int) {
        var generator = Generator(state: UInt64(seed) &* 40_503 &+ 7)
        var bytes = Array(generator.value(depth: 0).utf8)
        guard !bytes.isEmpty else { return }
        let position = generator.next(bytes.count)
        let replacements: [UInt8] = [
            0x22, 0x5C, 0x2C, 0x3A, 0x7B, 0x7D, 0x5B, 0x5D, 0x30, 0x2D, 0x20, 0x01, 0xFF, 0xC3, 0x65,
        ]
        switch generator.next(3) {
        case 0: bytes.remove(at: position)
        case 1: bytes.insert(replacements[generator.next(replacements.count)], at: position)
        default: bytes[position] = replacements[generator.next(replacements.count)]
        }
        var output = FastJSONFormatter.Output(capacity: 64)
        defer { output.free() }
        let fastValid = bytes.withUnsafeBufferPointer { FastJSONFormatter.format($0, indent: 2, into: &output) }
        let eventsValid = bytes.withUnsafeBufferPointer { buffer in
            (try? JSONFormatter().formatWithEvents(buffer)) != nil
        }
        #expect(fastValid == eventsValid, "\(bytes)")
        #expect(bytes.withUnsafeBufferPointer { FastJSONFormatter.isValid($0) } == eventsValid, "\(bytes)")
    }

    @Test("depth limit is the same on both paths, empty innermost container included")
    func depthLimit() {
        for depth in [999, 1000, 1001] {
            let bytes =
                Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
            var output = FastJSONFormatter.Output(capacity: 64)
            let fastValid = bytes.withUnsafeBufferPointer { FastJSONFormatter.format($0, indent: 2, into: &output) }
            output.free()
            let eventsValid = bytes.withUnsafeBufferPointer { buffer in
                (try? JSONFormatter().formatWithEvents(buffer)) != nil
            }
            #expect(fastValid == eventsValid)
            #expect(fastValid == (depth <= 1000))
            #expect(bytes.withUnsafeBufferPointer { FastJSONFormatter.isValid($0) } == fastValid)
        }
    }
}
