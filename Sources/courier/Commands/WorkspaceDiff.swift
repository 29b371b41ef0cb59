import ArgumentParser
import CourierCore
import CourierHTTP
import CourierPipeline

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `courier diff --env A --env B [RUN|ROUTE|GLOB]...`: every selected route sent to both
/// environments (each side in order, captures carried, `jobs` requests in flight per side) and
/// compared pair by pair. Exit as diff(1): 0 all the same, 1 any differs, 2 trouble.
struct WorkspaceDiff {
    var names: [String]
    var workspace: Workspace
    var session: SessionState
    var environments: [Environment]
    var settings: RequestSettings
    var ignores: [DiffIgnore]
    var allHeaders: Bool
    var noise: Bool
    var confirmed: Bool
    var jobs: Int
    /// `--repeat N`: passes after a warm-up, times summarised per route.
    var passes: Int
    /// `--slower`: the p95 growth, in percent, that flags a route.
    var slower: Double
    var json: Bool
    var junit: String?
    var html: String?

    func run() async throws {
        guard jobs >= 1 else { throw CLIFailure("--jobs must be 1 or more") }
        guard passes >= 1 else { throw CLIFailure("--repeat must be 1 or more") }
        let perRoute = [
            ("-p", settings.params.isEmpty), ("-q", settings.query.isEmpty), ("--body", settings.body == nil),
            ("--form", settings.form.isEmpty), ("-F", settings.parts.isEmpty), ("--text", settings.text == nil),
        ]
        if let flag = perRoute.first(where: { !$0.1 })?.0 {
            throw CLIFailure("\(flag) shapes one route's request: name the route (courier diff ROUTE --env A --env B)")
        }
        for (flag, path) in [("--junit", junit), ("--html", html)] {
            if let path { try ReportFile.checkWritable(path, flag: flag) }
        }
        let routes: [Route]
        do {
            routes = try RunSelector(workspace: workspace).select(names)
        } catch {
            throw CLIFailure(error.description)
        }
        guard !routes.isEmpty else { throw CLIFailure("no route to compare (name a run, a route or a glob)") }
        let input = try settings.input(languages: workspace.languages, rememberedLanguage: session.language)
        let builder = RequestBuilder.commandLine(workspace)
        // Formatted when a report is written, not before the first request (as `check`).
        let started = Date()
        let pipeline = settings.send.pipeline(for: workspace)
        let runName = names.isEmpty ? "diff" : "diff " + names.joined(separator: " ")
        let (jobs, confirmed, passes) = (jobs, confirmed, max(passes, noise ? 2 : 1))
        let timed = self.passes > 1
        // Both sides at once, each in its own order; a side's captures stay on that side.
        let runners = environments.map { environment in
            var runner = CheckRunner(
                builder: builder, environment: environment, input: input, confirmed: confirmed,
                captured: pipeline.captures.values(for: environment.name))
            runner.latencyRecorder = timed ? HDRLatencyRecorder.maker : nil
            runner.idle = { pipeline.engine.whenWaiting($0) }
            runner.settleLater = pipeline.settleLater(run: runName)
            return runner
        }
        let text = ComparisonTextReport(color: Console.useColor)
        // Without --noise each route is printed once both sides have it, in selection order.
        let printer = PairedLines(
            environments: (environments[0].name, environments[1].name), live: !json && passes == 1, text: text,
            ignores: ignores, allHeaders: allHeaders)
        // One task per side, awaited in order (no index travels with a result: DECISIONS, "A
        // Swift miscompile, worked around by rule").
        let sides = runners.indices.map { side in
            Task(executorPreference: pipeline.engine.taskExecutor) {
                await runners[side].run(
                    routes, passes: passes, jobs: jobs, warmUp: timed,
                    send: { (prepared) async throws(TransportError) in try await pipeline.send(prepared, run: runName)
                    },
                    report: { await printer.add($0, side: side) })
            }
        }
        let left = await sides[0].value
        let right = await sides[1].value
        await pipeline.close()
        for environment in environments {
            for message in pipeline.saveCookies(environment.name) { Console.error("warning: \(message)") }
        }

        let comparison = WorkspaceComparison(
            left: left, right: right, ignores: ignores, allHeaders: allHeaders, noise: noise, slower: slower)
        let reports = ComparisonReports()
        let timestamp = json || junit != nil || html != nil ? started.formatted(.iso8601) : ""
        if json {
            Console.out(reports.json(comparison, timestamp: timestamp).serialized + "\n")
        } else {
            if passes > 1 {
                let names = (left.environment, right.environment)
                var out = ""
                for route in comparison.routes {
                    for line in text.lines(for: route, environments: names, masking: comparison.masking) {
                        out += line + "\n"
                    }
                }
                Console.out(out)
            }
            Console.line(text.summary(comparison))
            for run in [left, right] { for line in LatencyTable().lines(run) { Console.line(line) } }
        }
        if let junit {
            try ReportFile.write(Array(reports.junit(comparison, timestamp: timestamp).utf8), to: junit)
        }
        if let html {
            try ReportFile.write(Array(ComparisonHTMLReport().html(comparison, timestamp: timestamp).utf8), to: html)
        }
        let code = comparison.exitCode
        if code != 0 { throw ExitCode(code) }
    }
}

/// Prints a route's comparison as soon as both sides have answered it, in selection order.
private actor PairedLines {
    let environments: (String, String)
    let live: Bool
    let text: ComparisonTextReport
    let ignores: [DiffIgnore]
    let allHeaders: Bool
    private var sides: ([RouteRun], [RouteRun]) = ([], [])
    private var printed = 0

    init(
        environments: (String, String), live: Bool, text: ComparisonTextReport, ignores: [DiffIgnore], allHeaders: Bool
    ) {
        self.environments = environments
        self.live = live
        self.text = text
        self.ignores = ignores
        self.allHeaders = allHeaders
    }

    func add(_ run: RouteRun, side: Int) {
        guard live else { return }
        if side == 0 { sides.0.append(run) } else { sides.1.append(run) }
        while printed < min(sides.0.count, sides.1.count) {
            let left = sides.0[printed]
            let right = sides.1[printed]
            let comparison = RouteComparison(
                left: left, right: right, names: environments, ignores: ignores, allHeaders: allHeaders)
            let secrets = SecretSet.of(
                (left.exchange?.origin.secretValues ?? []) + (right.exchange?.origin.secretValues ?? []))
            let lines = text.lines(for: comparison, environments: environments, masking: { secrets.mask($0) })
            Console.out(lines.map { $0 + "\n" }.joined())
            printed += 1
        }
    }
}
