import ArgumentParser

/// `courier check [RUN | ROUTE | GLOB]...`: sends the selected routes to one or more
/// environments, runs their checks and captures, prints a line per route and a summary per
/// environment, and writes JUnit, TAP or JSON reports (DESIGN.md §6).
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run the routes' checks against one or more environments.",
        discussion: """
            With no names: every route with checks or captures, and every GET or HEAD route. \
            A mutating route is never sent to a protected environment without --yes. \
            Exit codes: 0 all passed, 1 bad arguments or workspace, 3 a request could not be \
            completed, 4 a check failed (3 wins over 4).
            """
    ).parsedAlone()

    @Argument(help: "Runs from the workspace's \"runs\", route names or globs such as 'users.*'.")
    var names: [String] = []

    @OptionGroup var workspace: WorkspaceOptions

    @Option(
        name: CheckFlag.env.name, help: "Environment; repeat to run several side by side (default: the remembered one)."
    )
    var env: [String] = []

    @OptionGroup var send: SendFlags

    @Option(name: CheckFlag.junit.name, help: ArgumentHelp("Write a JUnit XML report.", valueName: "FILE"))
    var junit: String?

    @Flag(name: CheckFlag.tap.name, help: "Print TAP version 13 instead of the lines.")
    var tap = false

    @Option(name: CheckFlag.reportJSON.name, help: ArgumentHelp("Write a JSON report.", valueName: "FILE"))
    var reportJSON: String?

    @Option(name: CheckFlag.html.name, help: ArgumentHelp("Write a self-contained HTML report.", valueName: "FILE"))
    var html: String?

    @Option(
        name: CheckFlag.passes.name,
        help: ArgumentHelp(
            "Run the selection N times after a warm-up, and print p50, p95, p99 and max per route.", valueName: "N"))
    var passes = 1

    @Flag(name: CheckFlag.bail.name, help: "Stop an environment's run at the first route that fails.")
    var bail = false

    @Option(
        name: CheckFlag.jobs.name,
        help: ArgumentHelp(
            "Requests in flight at once per environment; a route waits for the routes it needs.", valueName: "N"))
    var jobs = 1

    @Option(
        name: CheckFlag.retryUntil.name,
        help: ArgumentHelp(
            "Send a failing route again (GET, HEAD, PUT, DELETE...) until it passes or the run is this old.",
            valueName: "DURATION"))
    var retryUntil: String?

    @Option(
        name: CheckFlag.interval.name,
        help: ArgumentHelp(
            "Time between two sends of a failing route with --retry-until (default 2s).", valueName: "DURATION"))
    var interval: String?

    @Flag(
        name: CheckFlag.baseline.name,
        help: "Compare each route's times with its history of the last 7 days; a slower one fails the run.")
    var baseline = false

    @Option(
        name: CheckFlag.slower.name,
        help: ArgumentHelp(
            "With --baseline: a route whose p95 grew by more than this (and 5 ms) is slower.", valueName: "PERCENT"))
    var slower = "20%"

    @Flag(name: CheckFlag.yes.name, help: "Send mutating routes to protected environments too.")
    var yes = false

    @Flag(
        name: CheckFlag.contract.name,
        help:
            "The routes with an OpenAPI operation (none named), held to it; list documented ones that answer 404 or 405."
    )
    var contract = false

    /// The options as plain values.
    var invocation: CheckInvocation {
        CheckInvocation(
            names: names, workspace: workspace.source, env: env, send: send.settings, junit: junit, tap: tap,
            reportJSON: reportJSON, html: html, passes: passes, bail: bail, jobs: jobs, retryUntil: retryUntil,
            interval: interval, baseline: baseline, slower: slower, yes: yes, contract: contract)
    }

    func run() async throws { try await invocation.run() }
}
