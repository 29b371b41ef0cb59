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

    @OptionGroup var request: RequestOptions

    @OptionGroup var output: PrintOptions

    @Flag(name: .long, help: "Confirm a mutating request to a protected environment.")
    var yes = false

    @Flag(name: .long, help: "Print the request as a curl command instead of sending it.")
    var curl = false

    @Flag(name: .customLong("show-secrets"), help: "With --curl: write secret values instead of shell variables.")
    var showSecrets = false

    @Option(name: .long, help: ArgumentHelp("Also write the exchange as HAR 1.2 (secrets masked).", valueName: "FILE"))
    var har: String?

    func validate() throws {
        if showSecrets && !curl { throw ValidationError("--show-secrets only applies to --curl") }
        if curl && har != nil { throw ValidationError("--curl sends nothing, so --har has nothing to write") }
    }

    func run() async throws {
        let loaded = try workspace.load()
        let session = workspace.session()
        let route = try loaded.route(named: self.route)
        let environment = try chooseEnvironment(loaded, remembered: session.environment)
        let input = try request.input(languages: loaded.languages, rememberedLanguage: session.language)
        let builder = RequestBuilder(workspace: loaded, processEnvironment: ProcessInfo.processInfo.environment)
        let prepared = try builder.build(route: route, environment: environment, input: input)
        if curl {
            // Nothing is sent, so no confirmation: the command is for the user to run or not.
            let secrets = builder.secrets(
                environment: environment, context: builder.context(environment: environment, input: input))
            Console.out(CurlExport(secrets: secrets, showSecrets: showSecrets).command(for: prepared))
            return
        }
        if prepared.needsConfirmation && !yes {
            throw RequestError.needsConfirmation(
                method: prepared.request.method.rawValue, environment: environment.name)
        }
        if let har { try ReportFile.checkWritable(har, flag: "--har") }

        // One exchange goes to the spool: a single append instead of opening SQLite.
        let recorder = request.send.recorder(for: loaded, opening: .spool)
        defer { recorder?.finish() }
        let engine = HTTPEngine()
        let cookies = request.send.cookies(for: loaded)
        let origin = prepared.origin
        let stream = StreamPrinter(
            include: output.include, raw: output.raw, color: Console.useColor, masking: { origin.masking($0) })
        let result: Result<Exchange, TransportError>
        do {
            result = .success(
                try await engine.exchange(
                    prepared, cookies: cookies.session(for: environment), tokens: request.send.tokens(for: loaded),
                    events: { stream.handle($0) }))
        } catch {
            result = .failure(error)
        }
        await engine.shutdown()
        for message in cookies.save(environment.name) { Console.error("warning: \(message)") }
        let exchange: Exchange
        switch result {
        case .success(let value): exchange = value
        case .failure(let error):
            var failure = CLIFailure(error)
            failure.message = prepared.origin.masking(failure.message)  // a URL may carry a secret
            switch error {
            // Settings of the environment are at fault: say which environment to fix.
            case .tls, .proxy: failure.message += " (environment \(environment.name))"
            default: break
            }
            throw failure
        }
        // Recorded while the response prints; `finish` waits for the write before exiting.
        recorder?.record(exchange)
        // A stream's events are printed already, as they came.
        if !stream.printed { try output.print(exchange, defaultPath: route.jsonPath) }
        if let har {
            // Masked as history masks, but with the whole body: the file is what the user asked for.
            let record = HistoryRedactor.record(exchange, bodyLimit: Int.max)
            try ReportFile.write(HARExport(creatorVersion: Courier.version).document([record]), to: har)
        }
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
}
