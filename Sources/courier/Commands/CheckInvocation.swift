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

/// What `courier check` was asked, as plain values, and the run itself: `CheckCommand` reads
/// them with ArgumentParser, `CheckQuickParser` by hand (ArgumentParser's reflection was about
/// 2 ms of every check's start).
struct CheckInvocation {
    /// Runs, route names or globs; none: the default selection.
    var names: [String] = []
    /// The workspace file.
    var workspace = WorkspaceSource(config: "environments.json")
    /// The environments, side by side; none: the remembered one.
    var env: [String] = []
    /// `--var --lang --timeout --retries --retry-delay --no-follow --no-history --no-cookies`.
    var send = SendSettings()
    /// `--junit FILE`.
    var junit: String?
    /// `--tap`.
    var tap = false
    /// `--report-json FILE`.
    var reportJSON: String?
    /// `--html FILE`.
    var html: String?
    /// `--repeat N`.
    var passes = 1
    /// `--bail`.
    var bail = false
    /// `--jobs N`.
    var jobs = 1
    /// `--retry-until DURATION`.
    var retryUntil: String?
    /// `--interval DURATION`.
    var interval: String?
    /// `--baseline`.
    var baseline = false
    /// `--slower PERCENT`.
    var slower = "20%"
    /// `--yes`.
    var yes = false
    /// `--contract`.
    var contract = false

    /// The routes named (or the default selection); with `--contract`, those with an operation.
    private func select(in workspace: Workspace) throws -> [Route] {
        var routes: [Route]
        do {
            routes = try RunSelector(workspace: workspace).select(names)
        } catch {
            throw CLIFailure(error.description)
        }
        guard contract else { return routes }
        routes = routes.filter { $0.operation != nil && $0.checksContract }
        guard !routes.isEmpty else {
            throw CLIFailure("no route has an OpenAPI operation (courier import openapi records them)")
        }
        return routes
    }

    /// `--retry-until` and `--interval`, read.
    private func readinessWait() throws -> Readiness? {
        func parse(_ text: String, _ flag: String) throws -> Double {
            guard let seconds = DurationText.seconds(text), seconds > 0 else {
                throw CLIFailure("\(flag) takes a duration such as 90s, 2m or 500ms (got \"\(text)\")")
            }
            return seconds
        }
        guard let retryUntil else {
            if interval != nil { throw CLIFailure("--interval needs --retry-until") }
            return nil
        }
        return Readiness(
            limit: try parse(retryUntil, "--retry-until"),
            interval: try interval.map { try parse($0, "--interval") } ?? 2)
    }

    func run() async throws {
        guard passes >= 1 else { throw CLIFailure("--repeat must be 1 or more") }
        guard jobs >= 1 else { throw CLIFailure("--jobs must be 1 or more") }
        let readiness = try readinessWait()
        let slowerPercent = try DiffCommand.percent(slower)
        if slower != "20%" && !baseline { throw CLIFailure("--slower needs --baseline") }
        // History before this moment is the baseline: the run's own exchanges are not.
        let started = Date().timeIntervalSince1970
        for (flag, path) in [("--junit", junit), ("--report-json", reportJSON), ("--html", html)] {
            if let path { try ReportFile.checkWritable(path, flag: flag) }
        }
        let loaded = try workspace.load()
        let session = workspace.session()
        let environments = try WorkspaceSource.environments(named: env, in: loaded, remembered: session.environment)
        let routes = try select(in: loaded)
        guard !routes.isEmpty else { throw CLIFailure("no route to check (name a run, a route or a glob)") }
        var input = RequestInput()
        try send.apply(to: &input, languages: loaded.languages, rememberedLanguage: session.language)

        let builder = RequestBuilder.commandLine(loaded)
        let report = RunTextReport(color: Console.useColor, showEnvironment: environments.count > 1)
        let pipeline = send.pipeline(for: loaded)
        let printLines = !tap
        // What the history calls the run: the names given, or the default selection.
        let runName = names.isEmpty ? "check" : names.joined(separator: " ")
        var runs = await withTaskGroup(of: (Int, EnvironmentRun).self) { group in
            for (index, environment) in environments.enumerated() {
                var runner = CheckRunner(
                    builder: builder, environment: environment, input: input, confirmed: yes, bail: bail,
                    captured: pipeline.captures.values(for: environment.name))
                runner.latencyRecorder = passes > 1 || baseline ? HDRLatencyRecorder.maker : nil
                runner.readiness = readiness
                runner.idle = { pipeline.engine.whenWaiting($0) }
                runner.settleLater = pipeline.settleLater(run: runName)
                let jobs = jobs
                group.addTask(executorPreference: pipeline.engine.taskExecutor) {
                    let run = await runner.run(
                        routes, passes: passes, jobs: jobs, warmUp: passes > 1,
                        send: { (prepared) async throws(TransportError) in
                            try await pipeline.send(prepared, run: runName)
                        }
                    ) {
                        route in
                        guard printLines else { return }
                        // Written while the next request is in flight, in order (the loop's queue).
                        pipeline.engine.whenWaiting {
                            let secrets = SecretSet.of(route.exchange?.origin.secretValues ?? [])
                            let masked = { (text: String) in secrets.mask(text) }
                            Console.out(
                                report.lines(for: route, in: environment.name, masking: masked).map { $0 + "\n" }
                                    .joined())
                        }
                    }
                    // Every line written before the summary.
                    await pipeline.engine.waited()
                    return (index, run)
                }
            }
            var runs: [(Int, EnvironmentRun)] = []
            for await run in group { runs.append(run) }
            return runs.sorted { $0.0 < $1.0 }.map(\.1)
        }
        await pipeline.close()
        for environment in environments {
            for message in pipeline.saveCookies(environment.name) { Console.error("warning: \(message)") }
        }

        if baseline {
            try compareWithHistory(&runs, workspace: loaded.file, until: started, percent: slowerPercent)
        }
        if tap {
            Console.out(TAPReport().text(runs))
            for run in runs { Console.line("# " + report.summary(run)) }
            // What decides the exit code is said, as TAP's diagnostics.
            for run in runs {
                for line in LatencyBaseline.lines(run.baselines, environment: run.environment, days: Self.baselineDays)
                {
                    Console.line("# " + line)
                }
            }
        } else {
            for run in runs { Console.line(report.summary(run)) }
            for run in runs { for line in LatencyTable().lines(run) { Console.line(line) } }
            for run in runs {
                for line in LatencyBaseline.lines(run.baselines, environment: run.environment, days: Self.baselineDays)
                {
                    Console.line(line)
                }
            }
        }
        if contract {
            for run in runs {
                let missing = run.routes.filter {
                    [404, 405].contains($0.exchange?.response.status ?? 0) && $0.pass == 1
                }
                guard !missing.isEmpty else { continue }
                let list = missing.map { run in
                    let path = routes.first { $0.name == run.route }?.path ?? ""
                    return "\(run.route) (\(run.method) \(path) → \(run.exchange?.response.status ?? 0))"
                }
                Console.line("documented but missing on \(run.environment): " + list.joined(separator: ", "))
            }
        }
        // Formatted only for a report: the first ISO 8601 format builds a calendar and finds the
        // time zone, half a millisecond before the first request when it was done up front.
        let timestamp =
            junit == nil && reportJSON == nil && html == nil
            ? "" : Date(timeIntervalSince1970: started).formatted(.iso8601)
        if let junit {
            try ReportFile.write(Array(JUnitReport().xml(runs, timestamp: timestamp).utf8), to: junit)
        }
        if let reportJSON {
            let text = RunJSONReport().json(runs, timestamp: timestamp).serialized + "\n"
            try ReportFile.write(Array(text.utf8), to: reportJSON)
        }
        if let html {
            try ReportFile.write(
                Array(CheckHTMLReport(baselineDays: Self.baselineDays).html(runs, timestamp: timestamp).utf8), to: html)
        }
        let totals = runs.map(\.totals)
        if totals.contains(where: { $0.errors > 0 }) { throw ExitCode(3) }
        if totals.contains(where: { $0.failed > 0 }) { throw ExitCode(4) }
        if runs.contains(where: { $0.baselines.contains(where: \.slower) }) { throw ExitCode(4) }
    }

    /// How far back `--baseline` looks.
    static let baselineDays = 7

    /// `--baseline`: each timed route's summary beside its history of the last days before `until`.
    private func compareWithHistory(_ runs: inout [EnvironmentRun], workspace: String, until: Double, percent: Double)
        throws
    {
        let store = try HistoryCommand.store()
        let from = until - Double(Self.baselineDays) * 86_400
        for index in runs.indices {
            var baselines: [LatencyBaseline] = []
            for route in runs[index].routes where route.pass == 1 {
                guard let now = runs[index].latency[route.route] else { continue }
                let times: [Double]
                do {
                    times = try store.times(
                        workspace: workspace, environment: runs[index].environment, route: route.route, from: from,
                        until: until)
                } catch {
                    throw CLIFailure("history: \(error.description)")
                }
                var recorder = HDRLatencyRecorder.maker()
                for seconds in times { recorder.record(milliseconds: seconds * 1000) }
                let before = times.isEmpty ? nil : recorder.summary()
                baselines.append(LatencyBaseline(route: route.route, now: now, before: before, percent: percent))
            }
            runs[index].baselines = baselines
        }
    }
}
