import ArgumentParser
import CourierCore
import Foundation

/// The flags that shape one request: `-p -q -H --body` and the `SendFlags` (`--var --lang
/// --timeout --retries --retry-delay --no-follow`). `call` uses them; `diff` and export will.
struct RequestOptions: ParsableArguments {
    @Option(name: .customShort("p"), help: ArgumentHelp("Path parameter.", valueName: "NAME=VALUE"))
    var params: [String] = []

    @Option(name: .customShort("q"), help: ArgumentHelp("Query parameter.", valueName: "NAME=VALUE"))
    var query: [String] = []

    @Option(name: .customShort("H"), help: ArgumentHelp("Header; 'Name:' removes one.", valueName: "'Name: value'"))
    var headers: [String] = []

    @Option(name: .long, help: ArgumentHelp("JSON body, or @FILE to read it from a file.", valueName: "JSON|@FILE"))
    var body: String?

    @OptionGroup var send: SendFlags

    /// The flags as builder input. The language is `--lang`, else the remembered one if the
    /// workspace still lists it, else the workspace's first; `readFile` reads `--body @FILE`.
    func input(
        languages: [String], rememberedLanguage: String?,
        readFile: (String) -> [UInt8]? = { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
    ) throws -> RequestInput {
        var input = RequestInput()
        for item in params {
            let (name, value) = try Self.split(item, option: "-p")
            input.pathParameters[name] = value
        }
        for item in query {
            let (name, value) = try Self.split(item, option: "-q")
            input.query.append(QueryItem(name, value))
        }
        for header in headers { input.headers.append(try HeaderField.parse(header)) }
        if let body {
            if body.hasPrefix("@") {
                let path = String(body.dropFirst())
                guard let bytes = readFile(path) else { throw CLIFailure("--body \(body): cannot read \(path)") }
                input.body = String(decoding: bytes, as: UTF8.self)
            } else {
                input.body = body
            }
        }
        try send.apply(to: &input, languages: languages, rememberedLanguage: rememberedLanguage)
        return input
    }

    /// `NAME=VALUE` → (NAME, VALUE); the value may contain `=`.
    static func split(_ text: String, option: String) throws(RequestError) -> (String, String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw RequestError.badAssignment(text, option: option)
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
}
