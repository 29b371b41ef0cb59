import Foundation
import Testing

@testable import CourierCore

/// The printer in two parts (`FastJSONFormatter+Parallel`): at every split of every document the
/// two outputs, one after the other, are the one-thread output, and an invalid document is
/// invalid however it is split.
@Suite("JSON printer in two parts")
struct JSONFormatterPartsTests {
    static let documents = [
        #"{"a":[1,2,{"b":"x,y"}],"c":"q\"u,o[te","d":{},"e":[[],[{}]]}"#,
        #"[[],{},[1,[2,[3,4]]],"\\",",","]\"[","\u00e9,",true,false,null]"#,
        "\u{FEFF} [ 1 , 2 ,\n\t3 , { \"k\" : [ \"v,\" , -0.5e+3 ] } ] ",
        #""a,b""#,
        "[\"é😀中,\", {\"ключ\": \"значение,]\"}, 12345678901234567890]",
        // Invalid, each in a different place: the split may fall before, inside or after it.
        "[1,2,3",
        "[1,2,]",
        #"{"a":1,"b"}"#,
        #"["a,b", 1 2, 3]"#,
        #"[1,"unterminated, [x]"#,
        #"[1,2],3"#,
        #"{"a":[1,2}]"#,
        "[\"bad \u{01} control\",1,2]",
        "[1,2,3]]",
    ]

    /// The one-thread output, or nil when the printer rejects the document.
    private func whole(_ bytes: UnsafeBufferPointer<UInt8>, indent: Int) -> [UInt8]? {
        var output = FastJSONFormatter.Output(capacity: bytes.count * 3 + 64)
        defer { output.free() }
        guard FastJSONFormatter.format(bytes, indent: indent, into: &output) else { return nil }
        return Array(UnsafeBufferPointer(start: output.base, count: output.count))
    }

    private func joined(_ parts: FastJSONFormatter.Parts?) -> [UInt8]? {
        guard let parts else { return nil }
        defer { parts.free() }
        var bytes = Array(UnsafeBufferPointer(start: parts.first.base, count: parts.first.count))
        if let rest = parts.rest { bytes += UnsafeBufferPointer(start: rest.base, count: rest.count) }
        return bytes
    }

    @Test("every split of every document prints what one thread prints", arguments: documents)
    func everySplit(document: String) {
        let bytes = Array(document.utf8)
        bytes.withUnsafeBufferPointer { input in
            for indent in [2, 4] {
                let expected = whole(input, indent: indent)
                for split in 0...bytes.count {
                    let parts = FastJSONFormatter.formatInParts(
                        input, indent: indent, split: split, concurrently: false)
                    #expect(joined(parts) == expected, "split at \(split), indent \(indent)")
                }
            }
        }
    }

    @Test("the second part's start is where the first part stops, containers and all", arguments: documents)
    func cutAgrees(document: String) {
        let bytes = Array(document.utf8)
        bytes.withUnsafeBufferPointer { input in
            var splits = 0
            for split in 0...bytes.count {
                var output = FastJSONFormatter.Output(capacity: bytes.count * 3 + 64)
                defer { output.free() }
                var stopped: FastJSONFormatter.Cut?
                let valid = FastJSONFormatter.formatPart(
                    input, indent: 2, into: &output, maxDepth: JSONReader.defaultMaxDepth, resume: nil,
                    stopAt: split, stopped: &stopped, consumed: nil)
                guard valid, let stopped else { continue }
                splits += 1
                #expect(input[stopped.offset] == UInt8(ascii: ","))
                #expect(FastJSONFormatter.findCut(input, from: split, maxDepth: 512) == stopped, "split \(split)")
            }
            // Each valid document with a comma in a container stops somewhere.
            if whole(input, indent: 2) != nil, document.contains("[") { #expect(splits > 0) }
        }
    }

    @Test("the cut finder gives up on brackets that do not add up or nest too deep")
    func cutFinderLimits() {
        let cases: [(String, Int, FastJSONFormatter.Cut?)] = [
            ("[1,2]", 0, .init(offset: 2, stack: [false])),
            ("{\"a\":[1,{\"b\":2,\"c\":3}]}", 14, .init(offset: 14, stack: [true, false, true])),
            ("]]],", 0, nil),
            ("\"never closed, [", 0, nil),
            ("[[[[1,2]]]]", 0, nil),  // deeper than the limit of 3 below
            ("[1]", 0, nil),
        ]
        for (text, from, expected) in cases {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { input in
                #expect(FastJSONFormatter.findCut(input, from: from, maxDepth: 3) == expected, "\(text)")
            }
        }
    }

    /// A document of `count` records whose strings hold commas, brackets, escapes and UTF-8.
    static func records(_ count: Int) -> [UInt8] {
        var text = "{\"items\":["
        for index in 0..<count {
            if index > 0 { text += "," }
            text += #"{"id":\#(index),"name":"item, [\#(index)] \"quoted\" {é}","tags":["a","b\\"],"#
            text += #""geo":{"lat":-12.5e-3,"lng":\#(index % 180)},"ok":true,"none":null,"empty":[]}"#
        }
        return Array((text + "]}").utf8)
    }

    @Test("a large document printed on two threads reads as one thread's print")
    func concurrently() {
        let bytes = Self.records(12_000)
        #expect(bytes.count > FastJSONFormatter.parallelMinimum)
        bytes.withUnsafeBufferPointer { input in
            let expected = whole(input, indent: 2)
            #expect(expected != nil)
            for split in [1, input.count / 3, input.count / 5 * 3, input.count - 10] {
                let parts = FastJSONFormatter.formatInParts(input, indent: 2, split: split, concurrently: true)
                #expect(parts?.rest != nil || split > input.count - 100)
                // Compared as a Bool: a failure printing two 3 MB arrays helps no one.
                let same = joined(parts) == expected
                #expect(same, "split at \(split)")
            }
        }
        // A `true` in the second part becomes `xrue`: a byte outside any string, so the document
        // is invalid only where the second thread reads.
        var broken = bytes
        let literal = Array("true".utf8)
        var at = broken.count * 4 / 5
        while !broken[at..<at + 4].elementsEqual(literal) { at += 1 }
        broken[at] = UInt8(ascii: "x")
        broken.withUnsafeBufferPointer { input in
            let parts = FastJSONFormatter.formatInParts(input, indent: 2, split: input.count / 2, concurrently: true)
            #expect(parts == nil)
            parts?.free()
        }
    }

    @Test("the command's printer hands the two parts over in order, and nothing for an invalid document")
    func writeInParts() throws {
        let bytes = Self.records(12_000)
        var written: [[UInt8]] = []
        try bytes.withUnsafeBufferPointer { input in
            try JSONFormatter().write(input) { written.append(Array($0)) }
        }
        #expect(written.count == 2)
        let same = Array(written.joined()) == (try JSONFormatter().format(bytes))
        #expect(same)
        var broken = bytes
        broken.removeLast()
        var wrote = false
        broken.withUnsafeBufferPointer { input in
            _ = #expect(throws: JSONSyntaxError.self) { try JSONFormatter().write(input) { _ in wrote = true } }
        }
        #expect(!wrote)
    }
}
