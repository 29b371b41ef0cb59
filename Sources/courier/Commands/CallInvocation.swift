import ArgumentParser
import CourierCore
import CourierHTTP
import CourierPipeline

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
    var webSocket = WebSocketFlags()

    /// Refuses flags that contradict each other (ArgumentParser's `validate()` step).
    func validate() throws(ValidationError) {
        if showSecrets && !curl { throw ValidationError("--show-secrets only applies to --curl") }
        if curl && har != nil { throw ValidationError("--curl sends nothing, so --har has nothing to write") }
        if let count = webSocket.count, count < 1 {
            throw ValidationError("--count is a number of messages, 1 or more")
        }
    }

    /// What `prepare` resolved: the request and where it came from.
    struct Plan {
        var workspace: Workspace
        var route: Route
        var environment: Environment
        var prepared: PreparedRequest
    }

    /// Builds, confirms, sends and prints the request; throws `ExitCode` for a non-2xx status.
    /// The process exits after it: the engine is left to the exit (see `ProcessLifetime`).
    nonisolated(nonsending) func run() async throws {
        // Made first, even for `--curl`, which sends nothing: the whole call then runs on the
        // engine's one thread, so no thread pool is started for it and no continuation crosses
        // threads (see `EventLoopTaskExecutor`); reading the workspace on the main thread first
        // measured ~0.3 ms slower.
        let engine = HTTPEngine()
        ProcessLifetime.keep(engine)
        try await withTaskExecutorPreference(engine.taskExecutor) { try await run(on: engine) }
    }

    /// The same on `engine`, from a task on its loop (`HTTPEngine.withCurrentThreadAsLoop`).
    func run(on engine: HTTPEngine) async throws {
        guard let plan = try prepare() else { return }
        try await send(plan, on: engine)
    }

    /// Loads and builds; prints the curl command and returns nil for `--curl`; refuses a
    /// request that needs a confirmation it was not given.
    private func prepare() throws -> Plan? {
        let loaded = try workspace.load()
        let session = workspace.session()
        let route = try loaded.route(named: self.route)
        let environment = try WorkspaceSource.environments(
            named: env.map { [$0] } ?? [], in: loaded, remembered: session.environment)[0]
        var input = try request.input(languages: loaded.languages, rememberedLanguage: session.language)
        try webSocket.apply(to: &input, route: route)
        let builder = RequestBuilder.commandLine(loaded)
        // `--curl` sends nothing, so it needs no confirmation: the command is for the user to run.
        let captured = CaptureKeeper(workspace: loaded, processEnvironment: ProcessEnvironment.values)
            .values(for: environment.name)
        var prepared = try SendPipeline.prepare(
            route, in: environment, input: input, builder: builder, confirmed: yes || curl, captured: captured)
        try webSocket.apply(to: &prepared)
        if curl {
            let secrets = builder.secrets(
                environment: environment,
                context: builder.context(environment: environment, input: input, captured: captured))
            Console.out(CurlExport(secrets: secrets, showSecrets: showSecrets).command(for: prepared))
            return nil
        }
        if let har { try ReportFile.checkWritable(har, flag: "--har") }
        return Plan(workspace: loaded, route: route, environment: environment, prepared: prepared)
    }

    private func send(_ plan: Plan, on engine: HTTPEngine) async throws {
        if plan.prepared.isWebSocket { return try await converse(plan, on: engine) }
        let (loaded, route, environment, prepared) = (plan.workspace, plan.route, plan.environment, plan.prepared)
        // One exchange goes to the spool: a single append instead of opening SQLite.
        let pipeline = request.send.pipeline(for: loaded, engine: engine, opening: .spool)
        defer { pipeline.finish() }
        let origin = prepared.origin
        let stream = StreamPrinter(
            include: output.include, raw: output.raw, color: Console.useColor, masking: { origin.masking($0) })
        let result: Result<Exchange, TransportError>
        do {
            result = .success(try await pipeline.send(prepared, events: { stream.handle($0) }))
        } catch {
            result = .failure(error)
        }
        for message in pipeline.saveCookies(environment.name) { Console.error("warning: \(message)") }
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
        for warning in exchange.response.warnings { Console.error("warning: " + exchange.origin.masking(warning)) }
        // A stream's events are printed already, as they came.
        if !stream.printed {
            try output.print(exchange, defaultPath: route.jsonPath)
        } else if output.timing {
            output.printTiming(exchange)
        }
        if let har {
            // Masked as history masks, but with the whole body: the file is what the user asked for.
            let record = HistoryRedactor.record(exchange, bodyLimit: Int.max)
            try ReportFile.write(HARExport(creatorVersion: Courier.version).document([record]), to: har)
        }
        let response = exchange.response
        let code = CLIFailure.exitCode(forStatus: response.status)
        if code != 0 { throw ExitCode(code) }
    }
}
