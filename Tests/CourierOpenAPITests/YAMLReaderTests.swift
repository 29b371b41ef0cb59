import CourierCore
import Testing

@testable import CourierOpenAPI

/// The YAML reader, one construct a row: the YAML and the value it reads as (compact JSON),
/// or the error it gives (line, column and message).
@Suite("YAML reader")
struct YAMLReaderTests {
    static let values: [(yaml: String, json: String)] = [
        ("a: 1\nb: two\n", #"{"a":1,"b":"two"}"#),
        ("a:\n  b:\n    c: d\n  e: f\ng: h", #"{"a":{"b":{"c":"d"},"e":"f"},"g":"h"}"#),
        ("- a\n- b\n-\n  - c\n  - d\n- - e\n  - f", #"["a","b",["c","d"],["e","f"]]"#),
        ("list:\n- a\n- b\nnext: 1", #"{"list":["a","b"],"next":1}"#),
        ("- name: x\n  in: query\n- name: y", #"[{"name":"x","in":"query"},{"name":"y"}]"#),
        ("empty:\nnull: ~\n", #"{"empty":null,"null":null}"#),
        ("200:\n  d: ok\n'404': gone", #"{"200":{"d":"ok"},"404":"gone"}"#),
        (
            "a: true\nb: False\nc: 007\nd: 0x1F\ne: 0o17\nf: +5\ng: 1.50\nh: .5\ni: 1e3\nj: .inf\nk: -12",
            #"{"a":true,"b":false,"c":7,"d":31,"e":15,"f":5,"g":1.50,"h":0.5,"i":1e3,"j":".inf","k":-12}"#
        ),
        ("a: '1'\nb: \"true\"\nc: !!str 5\nd: yes\ne: 1.2.3", #"{"a":"1","b":"true","c":"5","d":"yes","e":"1.2.3"}"#),
        ("a: one\n  two\n\n  three\nb: x", #"{"a":"one two\nthree","b":"x"}"#),
        ("url: http://example.com:8080/a#b\nt: a # comment", #"{"url":"http://example.com:8080/a#b","t":"a"}"#),
        (#"a: "tab\tnew\nline \u00e9 \x41 \"q\" \\""#, #"{"a":"tab\tnew\nline é A \"q\" \\"}"#),
        ("a: 'it''s'\nb: \"one\n  two\n\n  three\"", #"{"a":"it's","b":"one two\nthree"}"#),
        ("a: |\n  line 1\n    indented\n\n  line 3\nb: x", #"{"a":"line 1\n  indented\n\nline 3\n","b":"x"}"#),
        ("a: >\n  folded\n  text\n\n  para\nb: x", #"{"a":"folded text\npara\n","b":"x"}"#),
        ("a: |-\n  kept\n\n\nb: >+\n  kept\n\n", #"{"a":"kept","b":"kept\n\n"}"#),
        ("a: |2\n    two more\nb: x", #"{"a":"  two more\n","b":"x"}"#),
        (
            "a: [1, two, \"3\"]\nb: {c: d, e: [f, {g: h}]}\nc: []\nd: {}",
            #"{"a":[1,"two","3"],"b":{"c":"d","e":["f",{"g":"h"}]},"c":[],"d":{}}"#
        ),
        ("a: [one,\n  two, # note\n  three]\n", #"{"a":["one","two","three"]}"#),
        (#"{"json": {"is": ["yaml", 1.0, null]}}"#, #"{"json":{"is":["yaml",1.0,null]}}"#),
        (
            "base: &b {x: 1, y: 2}\ncopy: *b\nmerged:\n  <<: *b\n  y: 3",
            #"{"base":{"x":1,"y":2},"copy":{"x":1,"y":2},"merged":{"y":3,"x":1}}"#
        ),
        ("a: &s\n  k: v\nb: *s\nc: &n 5\nd: *n", #"{"a":{"k":"v"},"b":{"k":"v"},"c":5,"d":5}"#),
        ("%YAML 1.2\n---\na: 1\n...\n", #"{"a":1}"#),
        ("# only a comment\n---\n- x # trailing\n", #"["x"]"#),
        ("a:\r\n  b: c\r\n", #"{"a":{"b":"c"}}"#),
        ("\u{FEFF}a: b", #"{"a":"b"}"#),
        (
            "a: b: c",
            "line 1, column 4: ': ' in a value on its key's line (quote the value, or move a mapping to the next line)"
        ),
        ("a:\n\tb: c", "line 2, column 1: a tab in the indentation (YAML indents with spaces)"),
        ("a: \"open\nb: c", "line 1, column 4: the quoted string never ends"),
        ("a:\n    b: 1\n  c: 2", "line 3, column 3: bad indentation of a mapping entry"),
        (
            "a: 1\n b: 2",
            "line 2, column 3: ': ' in a value that goes on from the line above (check the indentation, or quote it)"
        ),
        ("- a\n  - b", #"["a - b"]"#),
        ("a: *missing", "line 1, column 12: the alias *missing names no anchor before it"),
        ("a: 1\n---\nb: 2", "line 2, column 1: the file has more than one YAML document; an import reads one"),
        ("? [complex]\n: key", "line 1, column 12: a collection as a mapping key is not supported"),
        ("a: [1,\nb]", "line 2, column 1: a flow collection's next line must be indented more than its parent"),
        ("[a, , b]", "line 1, column 5: an empty entry in a flow collection"),
        ("%YAML 1.2\na: 1", "line 2, column 1: a directive needs a document ('---') after it"),
        ("a: [1, 2", "line 1, column 9: the flow collection never ends"),
        ("a: [1, 2}", "line 1, column 9: expected ',' or ']' in a flow collection"),
        ("a: [1 2]", #"{"a":["1 2"]}"#),
        (#"a: "\q""#, "line 1, column 7: unknown escape \\q"),
        ("a: - b", "line 1, column 4: a block sequence cannot start on its key's line"),
    ]

    @Test("each construct reads as JSON says, or fails with the place", arguments: values)
    func reads(yaml: String, json: String) {
        do throws(YAMLError) {
            let value = try YAMLReader.read(yaml)
            #expect(value?.serialized == json, "\(yaml)")
        } catch {
            #expect(error.description == json, "\(yaml)")
        }
    }

    @Test("nothing but comments and markers is no document")
    func empty() throws {
        #expect(try YAMLReader.read("") == nil)
        #expect(try YAMLReader.read("# nothing\n---\n") == nil)
    }

    @Test("aliases count as often as they repeat: a bomb is refused, a shared value is not")
    func aliasBomb() throws {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...7 {
            let list = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [\(list)]\n"
        }
        #expect(throws: YAMLError.self) { try YAMLReader.read(yaml) }
        // The same shape three levels deep (about 11,000 nodes) is fine.
        let small = yaml.split(separator: "\n").prefix(4).joined(separator: "\n")
        #expect(try YAMLReader.read(small) != nil)
    }

    @Test("nesting past the limit is an error, not a crash")
    func depth() throws {
        let deep = String(repeating: "[", count: 10_000)
        #expect(throws: YAMLError.self) { try YAMLReader.read(deep) }
        var block = ""
        for level in 0..<600 { block += String(repeating: " ", count: level) + "k:\n" }
        #expect(throws: YAMLError.self) { try YAMLReader.read(block) }
        // An anchored value 300 levels deep, repeated 300 levels down: 600 levels, refused.
        let nested = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        let repeated = String(repeating: "[", count: 300) + "*a" + String(repeating: "]", count: 300)
        #expect(throws: YAMLError.self) { try YAMLReader.read("a: &a \(nested)\nb: \(repeated)") }
        #expect(try YAMLReader.read("a: &a \(nested)\nb: [*a]") != nil)
    }
}
