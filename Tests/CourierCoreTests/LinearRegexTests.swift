import Foundation
import Testing

@testable import CourierCore

/// `matches` patterns: Glenn Fowler's regex test suite (AT&T testregex, as RE2/Go and Rust's
/// `regex` keep it: Fixtures/regex, MIT-licensed), Swift's own `Regex` as the oracle on
/// random patterns it runs fast, and the patterns a backtracking engine never finishes.
@Suite("Patterns in linear time")
struct LinearRegexTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name = ""
        var regex = ""
        var haystack = ""
        var matches = false
        var caseless = false
        var testDescription: String { "\(name): /\(regex)/ on '\(haystack)'" }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/regex")

    /// Every `[[test]]` of the suite's TOML files (the few keys they use).
    static var fowler: [Case] {
        var cases: [Case] = []
        for file in ["basic", "nullsubexpr", "repetition"] {
            let url = folder.appendingPathComponent(file + ".toml")
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            var unescape = false
            func finish() {
                guard var last = cases.popLast() else { return }
                if unescape { last.haystack = unescaped(last.haystack) }
                cases.append(last)
                unescape = false
            }
            for line in text.split(separator: "\n").map(String.init) {
                func quoted() -> String {
                    guard let open = line.range(of: "'''"), let close = line.range(of: "'''", options: .backwards),
                        open.upperBound <= close.lowerBound
                    else { return "" }
                    return String(line[open.upperBound..<close.lowerBound])
                }
                if line == "[[test]]" {
                    finish()
                    cases.append(Case())
                } else if line.hasPrefix("name = ") {
                    cases[cases.count - 1].name = line.replacingOccurrences(of: "\"", with: "").dropFirst(7).description
                } else if line.hasPrefix("regex = ") {
                    cases[cases.count - 1].regex = quoted()
                } else if line.hasPrefix("haystack = ") {
                    cases[cases.count - 1].haystack = quoted()
                } else if line.hasPrefix("matches = ") {
                    cases[cases.count - 1].matches = line != "matches = []"
                } else if line == "case-insensitive = true" {
                    cases[cases.count - 1].caseless = true
                } else if line == "unescape = true" {
                    unescape = true
                }
            }
            finish()
        }
        return cases
    }

    /// The escapes the suite's `unescape = true` haystacks use: `\n` and `\xNN`.
    static func unescaped(_ text: String) -> String {
        var out = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let first = scalars.popFirst() {
            guard first == "\\", let kind = scalars.popFirst() else {
                out.unicodeScalars.append(first)
                continue
            }
            if kind == "n" {
                out += "\n"
            } else if kind == "x", scalars.count >= 2,
                let value = UInt32(String(String.UnicodeScalarView(scalars.prefix(2))), radix: 16),
                let scalar = Unicode.Scalar(value)
            {
                out.unicodeScalars.append(scalar)
                scalars = scalars.dropFirst(2)
            } else {
                out.unicodeScalars.append(kind)
            }
        }
        return out
    }

    @Test("Fowler's suite: a match exactly where the suite finds one", arguments: fowler)
    func suite(test: Case) throws {
        let regex = try LinearRegex((test.caseless ? "(?i)" : "") + test.regex)
        #expect(try regex.isMatch(in: test.haystack).get() == test.matches)
    }

    @Test("the suite is all there")
    func suiteSize() {
        #expect(Self.fowler.count == 345)
        #expect(Self.fowler.filter { !$0.matches }.count == 17)
    }

    @Test(
        "the syntax of checks as users write them",
        arguments: [
            (
                "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
                "3f2504e0-4f89-11d3-9a0c-0305e82c3301", true
            ),
            ("^[0-9a-f]{8}-[0-9a-f]{4}$", "3f2504e0-4f8", false),
            (#"^\d{4}-\d{2}-\d{2}T"#, "2026-11-26T10:00:00Z", true), (#"^\d+$"#, "١٢٣", true),
            (#"^[\w.+-]+@[\w-]+\.[\w.]+$"#, "ana.p+x@example.co.uk", true), (#"\bMadrid\b"#, "in Madrid.", true),
            (#"\bMad\b"#, "Madrid", false), (#"(?i)^ok$"#, "OK", true), ("^ok$", "OK", false),
            (#"(?i:é)"#, "É", true), (#"^\p{Lu}\p{Ll}+$"#, "Ñandú", true), (#"^\P{L}+$"#, "123-4", true),
            ("^a.c$", "a\nc", false), ("(?s)^a.c$", "a\nc", true), ("^b$", "a\nb", false), ("(?m)^b$", "a\nb", true),
            (#"\Aab\z"#, "ab", true), (#"ab\Z"#, "ab\n", true), (#"x{2,}"#, "axxb", true), (#"^x{,2}$"#, "xxx", false),
            ("a{", "a{", true), (#"\Q.*\E"#, "a.*b", true), (#"\Q.*\E"#, "ab", false),
            ("[[:alpha:]]+[[:digit:]]", "ab1", true),
            (#"[^\d\s]"#, "1 2", false), (#"[\D]"#, "12a", true), ("[a-]", "-", true), ("[]a]", "]", true),
            (#"\x41\u{42}\x{43}"#, "ABC", true), ("(?<year>\\d{4})-(?:\\d\\d)", "1999-12", true), ("", "", true),
            ("(?x) a b # comment\n c", "abc", true), ("(a|)+b", "b", true), ("😀+", "x😀😀", true),
            ("^(?:(?:a|b)*c)?$", "", true), ("colou?r", "color", true),
            (String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100), "ba", true),
        ])
    func syntax(pattern: String, text: String, matches: Bool) throws {
        #expect(try LinearRegex(pattern).isMatch(in: text).get() == matches)
    }

    @Test(
        "what needs backtracking, or is malformed, is refused by name when the check is read",
        arguments: [
            (#"(a)\1"#, "back-references need backtracking"), ("a(?=b)", "lookahead needs backtracking"),
            ("(?<!a)b", "lookbehind needs backtracking"), ("(?>a+)b", "atomic groups need backtracking"),
            ("a++b", "possessive quantifiers need backtracking"), ("(ab", "the group opened here is never closed"),
            ("ab)", "an unopened group closes here"), ("[ab", "the class opened here is never closed"),
            ("*a", "a quantifier repeats nothing here"), ("a**", "a quantifier repeats nothing here"),
            ("[z-a]", "the range in this class runs backwards"), (#"\q"#, #"unknown escape \q"#),
            ("a{3,1}", "the count {3,1} runs backwards"), ("a{1001}", "a count above 1000 is not taken"),
            ("((a{1000}){1000}){1000}", "the pattern is too large once its counts are written out"),
            (#"\p{Klingon}"#, #"unknown property \p{Klingon}"#), ("[[:alpah:]]", "unknown class [:alpah:]"),
            ("(?q)", "unknown group flag 'q'"), ("a\\", "the pattern ends in a lone backslash"),
            ("[a&&b]", "class intersections (&&) are not taken"),
            (String(repeating: "(", count: 5_000) + "a", "groups nest deeper than 100 levels"),
        ])
    func refused(pattern: String, message: String) {
        #expect(throws: LinearRegex.SyntaxError.self) { try LinearRegex(pattern) }
        do {
            _ = try LinearRegex(pattern)
        } catch {
            #expect(error.message.hasPrefix(message), "\(error)")
        }
    }

    @Test("what makes a backtracking engine exponential answers at once, as a check and in the engine")
    func catastrophic() throws {
        let text = "/" + String(repeating: "a", count: 5_000) + "!"
        for pattern in ["^/(a+)+$", "^(a|a)*$", "^(a|aa)+$", "(x+x+)+y", "^(a?){30}a{30}$"] {
            #expect(try LinearRegex(pattern).isMatch(in: text).get() == false, "\(pattern)")
        }
        let body = #"{"path": "/\#(String(repeating: "a", count: 64))!"}"#
        let evaluator = CheckEvaluator(
            response: HTTPResponse(status: 200, reason: "OK", headers: [], body: Array(body.utf8), totalTime: 0),
            context: TemplateContext(environment: [:]))
        let result = evaluator.evaluate(try CheckParser.check(#"json path matches "^/(a+)+$""#))
        #expect(result.passed == false && result.message?.contains("costs") != true, "\(result)")

    }

    @Test("a search past its step budget stops and says so, with where it stopped")
    func budget() throws {
        let regex = try LinearRegex("(a|b|c|d|e)*z")
        let text = String(repeating: "abcde", count: 1000)
        #expect(throws: LinearRegex.TooExpensive.self) { try regex.isMatch(in: text, maxSteps: 10_000).get() }
        #expect(try regex.isMatch(in: text + "z").get() == true)
        let message = "\(LinearRegex.TooExpensive(scalarsRead: 812))"
        #expect(message.contains("200 million steps") && message.contains("812 characters"))
    }

    @Test("random patterns: the same answer as Swift's Regex, on texts where it is fast")
    func oracle() throws {
        var random = SplitMix(seed: 0xC0FFEE)
        var compared = 0
        for _ in 0..<600 {
            let pattern = RandomPattern.make(&random, depth: 3)
            // Simple word boundaries, as Courier's (and Rust's, PCRE's, JavaScript's): Swift's
            // default are Unicode's word segments, where `-` alone is a word.
            guard let swift = try? Regex(pattern).wordBoundaryKind(.simple) else { continue }
            let ours = try LinearRegex(pattern)
            for _ in 0..<6 {
                let text = String((0..<Int(random.next() % 9)).map { _ in "abc-"[Int(random.next() % 4)] })
                let expected = text.contains(swift)
                #expect(try ours.isMatch(in: text).get() == expected, "/\(pattern)/ on '\(text)'")
                compared += 1
            }
        }
        #expect(compared > 3000)
    }
}

/// A pattern over `a`, `b`, `c` and `-` with every operator the engine knows.
enum RandomPattern {
    static func make(_ random: inout SplitMix, depth: Int) -> String {
        let choice = depth == 0 ? random.next() % 4 : random.next() % 12
        switch choice {
        case 0: return ["a", "b", "c", "-"][Int(random.next() % 4)]
        case 1: return ["[ab]", "[^a]", "[a-c]", "\\w", "\\W"][Int(random.next() % 5)]
        case 2: return ["^", "$", "\\b", "\\B"][Int(random.next() % 4)]
        case 3: return "."
        case 4, 5: return make(&random, depth: depth - 1) + make(&random, depth: depth - 1)
        case 6: return "(" + make(&random, depth: depth - 1) + "|" + make(&random, depth: depth - 1) + ")"
        case 7: return "(?:" + make(&random, depth: depth - 1) + ")*"
        case 8: return "(" + make(&random, depth: depth - 1) + ")+"
        case 9: return "(?:" + make(&random, depth: depth - 1) + ")?"
        case 10: return "(" + make(&random, depth: depth - 1) + "){\(random.next() % 3),\(2 + random.next() % 2)}"
        default: return "(?i:" + make(&random, depth: depth - 1) + ")"
        }
    }
}

/// A small seeded generator (SplitMix64), so a failure names a pattern that comes back on every
/// run; the latency histogram's tests draw their samples from it too.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    fileprivate subscript(offset: Int) -> Character { self[index(startIndex, offsetBy: offset)] }
}
