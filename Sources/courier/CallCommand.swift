import ArgumentParser
import CourierCore
import CourierHTTP
import Foundation

/// `courier call ROUTE`: builds and sends one request, prints the response.
struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Send a route's request and print the response.",
        discussion: """
            Exit codes (as HTTPie's --check-status): 0 for 2xx, 3 for an unfollowed 3xx, 4 for 4xx, \
            5 for 5xx, 2 for a timeout, 6 for too many redirects, 1 for any other error.
            """
    )

    @Argument(help: "Route name (see 'courier routes').")
    var route: String

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .long, help: "Environment (default: the remembered one, else the first).")
    var env: String?

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

    @Flag(name: [.customShort("i"), .long], help: "Print the status line and headers first.")
    var include = false

    @Flag(name: .long, help: "Print the body as received (after gzip/deflate decoding).")
    var raw = false

    @Option(
        name: .customLong("json-path"),
        help: ArgumentHelp("Print only this part of a JSON body ('' for all).", valueName: "PATH"))
    var jsonPath: String?

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

    @Flag(name: .long, help: "Confirm a mutating request to a protected environment.")
    var yes = false

    func run() async throws {
        let loaded = try workspace.load()
        let session = workspace.session()
        let route = try loaded.route(named: self.route)
        let environment = try chooseEnvironment(loaded, remembered: session.environment)
        let input = try makeInput(workspace: loaded, rememberedLanguage: session.language)
        let builder = RequestBuilder(workspace: loaded, processEnvironment: ProcessInfo.processInfo.environment)
        let prepared = try builder.build(route: route, environment: environment, input: input)
        if prepared.needsConfirmation && !yes {
            throw RequestError.needsConfirmation(
                method: prepared.request.method.rawValue, environment: environment.name)
        }

        let engine = HTTPEngine()
        let result: Result<Exchange, TransportError>
        do {
            result = .success(try await engine.exchange(prepared))
        } catch {
            result = .failure(error)
        }
        await engine.shutdown()
        let exchange: Exchange
        switch result {
        case .success(let value): exchange = value
        case .failure(let error):
            var failure = CLIFailure(error)
            failure.message = prepared.origin.masking(failure.message)  // a URL may carry a secret
            throw failure
        }
        try ResponsePrinter(include: include, raw: raw, color: Console.useColor)
            .print(exchange, jsonPath: jsonPath ?? route.jsonPath)
        let response = exchange.response
        let code = CLIFailure.exitCode(forStatus: response.status)
        if code != 0 { throw ExitCode(code) }
    }

    private func chooseEnvironment(_ workspace: Workspace, remembered: String?) throws -> Environment {
        if let env { return try workspace.environment(named: env) }
        if let remembered, let match = workspace.environments.first(where: { $0.name == remembered }) { return match }
        guard let first = workspace.environments.first else { throw CLIFailure("the workspace has no environments") }
        return first
    }

    private func makeInput(workspace: Workspace, rememberedLanguage: String?) throws -> RequestInput {
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
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw CLIFailure("--body \(body): cannot read \(path)")
                }
                input.body = String(decoding: data, as: UTF8.self)
            } else {
                input.body = body
            }
        }
        if let language {
            input.language = language
        } else if let remembered = rememberedLanguage, workspace.languages.contains(remembered) {
            input.language = remembered
        } else {
            input.language = workspace.languages.first
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
