import CourierCore
import CourierImport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `RequestOptions` say, as plain values (see `SendSettings`), and how they become the
/// builder's input.
struct RequestSettings {
    var params: [String] = []
    var query: [String] = []
    var headers: [String] = []
    var body: String?
    var form: [String] = []
    var parts: [String] = []
    var text: String?
    var graphQLVariables: String?
    var send = SendSettings()

    /// The flags as builder input. The language is `--lang`, else the remembered one if the
    /// workspace still lists it, else the workspace's first; `readFile` reads `--body @FILE`.
    func input(
        languages: [String], rememberedLanguage: String?,
        readFile: (String) -> [UInt8]? = { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } },
        currentDirectory: String = FileManager.default.currentDirectoryPath
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
        let kinds = [
            ("--body", body != nil), ("--form", !form.isEmpty), ("-F", !parts.isEmpty), ("--text", text != nil),
        ]
        .filter(\.1)
        guard kinds.count <= 1 else {
            throw CLIFailure(kinds.map(\.0).joined(separator: " and ") + ": a request has one kind of body")
        }
        if let body { input.body = try Self.value(body, option: "--body", readFile: readFile) }
        if let text { input.text = try Self.value(text, option: "--text", readFile: readFile) }
        if let graphQLVariables {
            input.graphQLVariables = try Self.value(graphQLVariables, option: "--variables", readFile: readFile)
        }
        if !form.isEmpty {
            input.form = try form.map { item in
                let (name, value) = try Self.split(item, option: "--form")
                return QueryItem(name, value)
            }
        }
        if !parts.isEmpty {
            input.multipart = try parts.map { try Self.part($0, currentDirectory: currentDirectory) }
        }
        try send.apply(to: &input, languages: languages, rememberedLanguage: rememberedLanguage)
        return input
    }

    /// `text`, or the contents of FILE for `@FILE`.
    static func value(_ text: String, option: String, readFile: (String) -> [UInt8]?) throws -> String {
        guard text.hasPrefix("@") else { return text }
        let path = String(text.dropFirst())
        guard let bytes = readFile(path) else { throw CLIFailure("\(option) \(text): cannot read \(path)") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// curl's `-F NAME=VALUE`, `NAME=@FILE[;type=T][;filename=N]` or `NAME=<FILE`, read as the
    /// curl importer reads it (one parser); FILE is relative to the current directory.
    static func part(_ text: String, currentDirectory: String) throws -> MultipartField {
        do {
            return try CurlFormValue.part(text, currentDirectory: currentDirectory)
        } catch {
            throw CLIFailure("-F \(error.message)")
        }
    }

    /// `NAME=VALUE` → (NAME, VALUE); the value may contain `=`.
    static func split(_ text: String, option: String) throws(RequestError) -> (String, String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw RequestError.badAssignment(text, option: option)
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
}
