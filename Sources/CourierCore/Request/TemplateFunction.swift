/// `{{$name arguments}}`: a value made when the request is built rather than looked up.
///
/// Arguments are bare words (`{{$random.int 1 100}}`, `{{$now unix}}`) or double-quoted text with
/// `\"` and `\\` escapes; quoted text is itself a template (`{{$base64 "{{user}}:{{password}}"}}`).
/// A problem with the name or the arguments is found when the text is parsed and reported when it
/// is rendered, naming the placeholder, before anything is sent.
public struct TemplateFunction: Sendable, Equatable {
    /// One argument as written.
    public enum Argument: Sendable, Equatable {
        /// A word, taken as it is.
        case bare(String)
        /// Quoted text, rendered as a template.
        case quoted(String)
    }

    /// The placeholder's text between the braces, trimmed (`$now "+1h" unix`).
    public let source: String
    /// The function's name without `$` (`now`, `random.int`).
    public private(set) var name: String
    /// The arguments in order.
    public let arguments: [Argument]
    /// Why the placeholder cannot be made (an unknown name, a bad argument), if it cannot.
    public let problem: String?

    /// The functions and what each takes, for messages and the README.
    public static let known: [String: String] = [
        "uuid": "", "uuid7": "", "now": "[\"+1h\"] [iso8601|unix|unix_ms|http|date]",
        "random.int": "[LOW HIGH]", "random.hex": "[DIGITS]", "base64": "\"TEXT\"",
        "file": "\"PATH\"", "prompt": "\"LABEL\"", "prompt.secret": "\"LABEL\"", "command": "\"COMMAND\"",
    ]

    /// Other clients' names (without arguments) and what they are here.
    static let aliases: [String: (name: String, arguments: [Argument])] = [
        "guid": ("uuid", []), "randomUUID": ("uuid", []), "random.uuid": ("uuid", []),
        "timestamp": ("now", [.bare("unix")]), "isoTimestamp": ("now", [.bare("iso8601")]),
        "randomInt": ("random.int", [.bare("0"), .bare("1000")]),
    ]

    /// The most digits `$random.hex` makes, and the most bytes any made value may have before
    /// templates around it are counted (`Template.maxRendered` bounds the whole).
    static let maxHexDigits = 4096

    /// Parses `source`, the text after `{{` and before `}}` (starting with `$`).
    public init(_ source: String) {
        self.source = source
        var bytes = Array(source.utf8.dropFirst())[...]
        var name: [UInt8] = []
        while let byte = bytes.first, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
            name.append(byte)
            bytes = bytes.dropFirst()
        }
        self.name = String(decoding: name, as: UTF8.self)
        var arguments: [Argument] = []
        var problem: String?
        while problem == nil {
            while bytes.first == UInt8(ascii: " ") || bytes.first == UInt8(ascii: "\t") { bytes = bytes.dropFirst() }
            guard let first = bytes.first else { break }
            if first == UInt8(ascii: "\"") {
                bytes = bytes.dropFirst()
                var text: [UInt8] = []
                var closed = false
                while let byte = bytes.popFirst() {
                    if byte == UInt8(ascii: "\\"), let next = bytes.first,
                        next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\")
                    {
                        text.append(next)
                        bytes = bytes.dropFirst()
                    } else if byte == UInt8(ascii: "\"") {
                        closed = true
                        break
                    } else {
                        text.append(byte)
                    }
                }
                guard closed else {
                    problem = "a quoted argument has no closing \""
                    break
                }
                arguments.append(.quoted(String(decoding: text, as: UTF8.self)))
            } else {
                var word: [UInt8] = []
                while let byte = bytes.first, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                    word.append(byte)
                    bytes = bytes.dropFirst()
                }
                arguments.append(.bare(String(decoding: word, as: UTF8.self)))
            }
        }
        // Postman's and the JetBrains client's names for the same values, so their files work as
        // they are imported.
        if arguments.isEmpty, let alias = Self.aliases[self.name] {
            self.name = alias.name
            arguments = alias.arguments
        }
        self.arguments = arguments
        self.problem = problem ?? Self.check(name: self.name, arguments: arguments)
    }

    /// What is wrong with calling `name` with `arguments` before their values are known.
    private static func check(name: String, arguments: [Argument]) -> String? {
        guard let usage = known[name] else {
            let names = known.keys.sorted().map { "$" + $0 }.joined(separator: ", ")
            let hint = NameSuggester.closest(to: name, in: known.keys.sorted()).map { "did you mean $\($0)? " } ?? ""
            return "unknown function \(name.isEmpty ? "(no name)" : "$" + name) (\(hint)known: \(names))"
        }
        let count = arguments.count
        switch name {
        case "uuid", "uuid7":
            if count > 0 { return "$\(name) takes no arguments" }
        case "now":
            if count > 2 { return "$now takes an offset and a format: $now \(usage)" }
        case "random.int":
            if count != 0 && count != 2 { return "$random.int takes a low and a high number: $random.int 1 100" }
        case "random.hex":
            if count > 1 { return "$random.hex takes a number of digits: $random.hex 16" }
        default:
            if count != 1 { return "$\(name) takes one quoted argument: $\(name) \(usage)" }
        }
        return nil
    }

    /// The variables named inside quoted arguments.
    var variableNames: [String] {
        arguments.flatMap { argument -> [String] in
            guard case .quoted(let text) = argument else { return [] }
            return Template.variableNames(in: text)
        }
    }

    /// `text` quoted as an argument, with `"` and `\` escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }
}
