import ArgumentParser
import CourierCore
import Foundation

/// The flags that shape one request: `-p -q -H --var --body --lang --timeout --retries
/// --retry-delay --no-follow`. `call` uses them today; `check`, `diff` and export share them,
/// so every command reads the same flag the same way.
struct RequestOptions: ParsableArguments {
    @Option(name: .customShort("p"), help: ArgumentHelp("Path parameter.", valueName: "NAME=VALUE"))
    var params: [String] = []

    @Option(name: .customShort("q"), help: ArgumentHelp("Query parameter.", valueName: "NAME=VALUE"))
    var query: [String] = []

    @Option(name: .customShort("H"), help: ArgumentHelp("Header; 'Name:' removes one.", valueName: "'Name: value'"))
    var headers: [String] = []

    @Option(name: .customLong("var"), help: ArgumentHelp("Template variable.", valueName: "NAME=VALUE"))
    var variables: [String] = []

    @Option(name: .long, help: ArgumentHelp("JSON body, or @FILE to read it from a file.", valueName: "JSON|@FILE"))
    var body: String?

    @Option(name: .customLong("lang"), help: ArgumentHelp("Accept-Language to send.", valueName: "CODE"))
    var language: String?

    @Option(name: .long, help: ArgumentHelp("Seconds before giving up.", valueName: "S"))
    var timeout: Double?

    @Option(
        name: .long,
        help: ArgumentHelp("Extra attempts for idempotent requests after transient failures.", valueName: "N"))
    var retries: Int?

    @Option(name: .customLong("retry-delay"), help: ArgumentHelp("Seconds between attempts.", valueName: "S"))
    var retryDelay: Double?

    @Flag(name: .customLong("no-follow"), help: "Do not follow redirects.")
    var noFollow = false

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
        for item in variables {
            let (name, value) = try Self.split(item, option: "--var")
            input.variables[name] = value
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
        if let language {
            input.language = language
        } else if let rememberedLanguage, languages.contains(rememberedLanguage) {
            input.language = rememberedLanguage
        } else {
            input.language = languages.first
        }
        if let timeout {
            guard timeout > 0 else { throw CLIFailure("--timeout must be more than 0 seconds") }
            input.timeout = timeout
        }
        if let retries {
            guard retries >= 0 else { throw CLIFailure("--retries must be 0 or more") }
            input.retries = retries
        }
        if let retryDelay {
            guard retryDelay >= 0 else { throw CLIFailure("--retry-delay must be 0 or more seconds") }
            input.retryDelay = retryDelay
        }
        if noFollow { input.followRedirects = false }
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
