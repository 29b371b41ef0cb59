import ArgumentParser
import CourierCore
import CourierHTTP
import CourierPipeline
import CourierStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `courier diff`: what differs between two environments, a response and the last one
/// recorded, or two recorded exchanges (DESIGN.md §7). Exit as diff(1): 0 same, 1 different,
/// 2 trouble.
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare a route's responses across environments, or with history.",
        discussion: """
            courier diff ROUTE --env A --env B      the same request to both, at once
            courier diff ROUTE --env A --previous   a fresh response against the last one recorded
            courier diff ID ID                      two recorded exchanges (see 'courier history')
            courier diff --env A --env B [RUN|ROUTE|GLOB]...
                                                    every selected route (as 'check' selects), a line each
            Exit codes: 0 the same, 1 different, 2 trouble (as diff(1)).
            """
    ).parsedAlone()

    @Argument(
        help: ArgumentHelp(
            "A route name, two history ids, or runs and globs (none: every route 'check' selects).",
            valueName: "ROUTE|ID ID|RUN|GLOB"))
    var targets: [String] = []

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .long, help: "Environment (twice to compare two; once with --previous).")
    var env: [String] = []

    @OptionGroup var request: RequestOptions

    @Flag(name: .long, help: "Compare with the last recorded response of the route in that environment.")
    var previous = false

    @Option(name: .long, help: ArgumentHelp("Leave a place out (repeatable).", valueName: "json:PATH|header:NAME"))
    var ignore: [String] = []

    @Flag(name: .customLong("all-headers"), help: "Compare Date, ETag, request ids and other volatile headers too.")
    var allHeaders = false

    @Flag(name: .long, help: "Send twice to the first environment first and ignore what differs between those two.")
    var noise = false

    @Flag(name: .long, help: "Confirm a mutating request to a protected environment.")
    var yes = false

    @Option(
        name: .long, help: ArgumentHelp("Requests in flight at once per environment (whole workspace).", valueName: "N")
    )
    var jobs = 4

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp("Whole workspace: send each route N times after a warm-up and compare p95.", valueName: "N"))
    var passes = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --repeat: flag a route whose p95 grew by more than this (and 5 ms).", valueName: "PERCENT"))
    var slower = "20%"

    @Flag(name: .long, help: "Print the whole-workspace comparison as JSON.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Write a JUnit report of a whole-workspace comparison.", valueName: "FILE"))
    var junit: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Write a self-contained HTML report of a whole-workspace comparison.", valueName: "FILE"))
    var html: String?

    func run() async throws {
        // Every failure is "trouble", 2, so that 1 keeps meaning "different".
        do {
            try await compare()
        } catch let failure as CLIFailure {
            throw CLIFailure(failure.message, code: 2, plain: failure.plain)
        } catch let error as WorkspaceError {
            throw CLIFailure(error.description, code: 2)
        } catch let error as RequestError {
            throw CLIFailure(error.description, code: 2)
        } catch let error as HistoryError {
            throw CLIFailure("history: \(error.description)", code: 2)
        }
    }

    private func compare() async throws {
        var ignores: [DiffIgnore] = []
        for text in ignore {
            guard let parsed = DiffIgnore(text) else {
                throw CLIFailure("--ignore takes json:PATH or header:NAME, not '\(text)'")
            }
            ignores.append(parsed)
        }
        if targets.count == 2, let first = Int64(targets[0]), let second = Int64(targets[1]) {
            let store = try HistoryCommand.store()
            let left = try recorded(first, in: store)
            let right = try recorded(second, in: store)
            try report(
                ExchangeDiff(ignores: ignores, allHeaders: allHeaders).compare(
                    left.exchange.response, right.exchange.response))
            return
        }
        let loaded = try workspace.load()
        let session = workspace.session()
        if targets.count != 1 || targets[0].contains("*") || loaded.runs.contains(where: { $0.name == targets[0] }) {
            guard !previous else { throw CLIFailure("--previous compares one route: name it") }
            guard env.count == 2 else { throw CLIFailure("name two environments: --env A --env B") }
            try await WorkspaceDiff(
                names: targets, workspace: loaded, session: session,
                environments: env.map { try loaded.environment(named: $0) }, settings: request.settings,
                ignores: ignores, allHeaders: allHeaders, noise: noise, confirmed: yes, jobs: jobs, passes: passes,
                slower: try Self.percent(slower), json: json, junit: junit, html: html
            ).run()
            return
        }
        guard passes == 1 else {
            throw CLIFailure("--repeat compares the times of several routes: name no route, or a run")
        }
        guard !json, junit == nil, html == nil else {
            throw CLIFailure("--json, --junit and --html report a comparison of several routes")
        }
        let route = try loaded.route(named: targets[0])
        let input = try request.settings.input(languages: loaded.languages, rememberedLanguage: session.language)
        let builder = RequestBuilder.commandLine(loaded)
        let environments = try env.map { try loaded.environment(named: $0) }
        if previous {
            guard environments.count == 1 else { throw CLIFailure("--previous compares within one --env") }
            guard !noise else { throw CLIFailure("--noise needs two environments; --previous compares with history") }
        } else if environments.count != 2 {
            throw CLIFailure("name two environments: --env A --env B (or one with --previous)")
        }
        let kept = CaptureKeeper(workspace: loaded, processEnvironment: ProcessEnvironment.values)
        let prepared = try environments.map { environment in
            try SendPipeline.prepare(
                route, in: environment, input: input, builder: builder, confirmed: yes,
                captured: kept.values(for: environment.name))
        }

        // The last recorded response is read before this run records a new one.
        var last: HistoryRecord?
        if previous {
            let store = try HistoryCommand.store()
            let entries = try store.entries(
                workspace: loaded.file, route: route.name, environment: environments[0].name, limit: 1)
            guard let id = entries.first?.id else {
                throw CLIFailure("nothing recorded for \(route.name) in \(environments[0].name) yet")
            }
            last = try recorded(id, in: store)
        }

        let pipeline = request.send.settings.pipeline(for: loaded)
        defer { pipeline.finish() }
        let sent = await send(prepared + (noise ? [prepared[0]] : []), through: pipeline)
        await pipeline.engine.shutdown()
        for environment in environments {
            for message in pipeline.saveCookies(environment.name) { Console.error("warning: \(message)") }
        }
        var exchanges: [Exchange] = []
        for (index, result) in sent.enumerated() {
            switch result {
            case .success(let exchange): exchanges.append(exchange)
            case .failure(let error):
                let origin = prepared[index % prepared.count].origin
                throw CLIFailure("\(origin.environmentName): " + origin.masking(error.description))
            }
        }

        let secrets = exchanges.flatMap(\.origin.secretValues)
        if let last {
            let result = ExchangeDiff(ignores: ignores, allHeaders: allHeaders)
                .compare(last.exchange.response, exchanges[0].response)
            try report(result, masking: secrets)
            return
        }
        if noise {
            let noisy = ExchangeDiff(allHeaders: allHeaders).compare(exchanges[0].response, exchanges[2].response)
            let places = noisy.differences.compactMap { DiffIgnore(place: $0.place) }
            if !places.isEmpty {
                Console.error(
                    "ignored (differs between two sends to \(environments[0].name)): "
                        + places.map(\.description).joined(separator: ", "))
            }
            ignores += places
        }
        let result = ExchangeDiff(ignores: ignores, allHeaders: allHeaders)
            .compare(exchanges[0].response, exchanges[1].response)
        try report(result, masking: secrets)
    }

    /// Sends every request at once; the results come back in the same order. One task per
    /// request, awaited in order, so no index has to travel with a result: a tuple of an index
    /// and an awaited result is what Swift 6.3.1 miscompiles under -O (DECISIONS, "A Swift
    /// miscompile, worked around by rule").
    private func send(_ requests: [PreparedRequest], through pipeline: SendPipeline) async -> [Result<
        Exchange, TransportError
    >] {
        let tasks = requests.map { request in
            Task(executorPreference: pipeline.engine.taskExecutor) { () async -> Result<Exchange, TransportError> in
                do throws(TransportError) {
                    let exchange = try await pipeline.send(request, run: "diff")
                    return .success(exchange)
                } catch {
                    return .failure(error)
                }
            }
        }
        var results: [Result<Exchange, TransportError>] = []
        for task in tasks { results.append(await task.value) }
        return results
    }

    /// `20%` or `20` as 20; refused when negative or not a number.
    static func percent(_ text: String) throws -> Double {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let value = Double(digits), value >= 0, value.isFinite else {
            throw CLIFailure("--slower takes a percentage such as 20%, not '\(text)'")
        }
        return value
    }

    private func recorded(_ id: Int64, in store: HistoryStore) throws -> HistoryRecord {
        guard let record = try store.record(id: id) else {
            throw CLIFailure("no recorded exchange has id \(id) (see 'courier history')")
        }
        if let failure = record.failure {
            throw CLIFailure("#\(id) is an attempt that got no answer (\(failure)); there is nothing to compare")
        }
        return record
    }

    /// Prints the differences and the body's line diff; exit 1 when there are any.
    private func report(_ result: DiffResult, masking secrets: [String] = []) throws {
        guard !result.isSame else { return }
        let mask = { (text: String) in SecretMask.apply(text, hiding: secrets) }
        let lines = result.differences.map { $0.masked(mask).description } + result.bodyLines.map(mask)
        Console.out(lines.joined(separator: "\n") + "\n")
        throw ExitCode(1)
    }
}
