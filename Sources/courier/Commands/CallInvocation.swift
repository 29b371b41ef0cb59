import ArgumentParser
import CourierCore
import CourierHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `courier call` as plain values, and what it does. `CallCommand` (ArgumentParser's parse)
/// and `CallQuickParser` (the hand parse of the common shapes) both end here.
struct CallInvocation {
    var route: String
    var workspace = WorkspaceSource()
    var env: String?
    var request = RequestSettings()
    var output = PrintSettings()
    var yes = false
    var curl = false
    var showSecrets = false
    var har: String?

    /// Refuses flags that contradict each other (ArgumentParser's `validate()` step).
    func validate() throws(ValidationError) {
        if showSecrets && !curl { throw ValidationError("--show-secrets only applies to --curl") }
        if curl && har != nil { throw ValidationError("--curl sends nothing, so --har has nothing to write") }
    }

    /// Builds, confirms, sends and prints the request; throws `ExitCode` for a non-2xx status.
    func run() async throws {
        let loaded = try workspace.load()
        let session = workspace.session()
        let route = try loaded.route(named: self.route)
        let environment = try chooseEnvironment(loaded, remembered: session.environment)
        let input = try request.input(languages: loaded.languages, rememberedLanguage: session.language)
        let builder = RequestBuilder(workspace: loaded, processEnvironment: ProcessEnvironment.values)
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
