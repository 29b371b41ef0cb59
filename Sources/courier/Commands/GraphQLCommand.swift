import ArgumentParser
import CourierCore
import CourierHTTP
import CourierPipeline
import CourierStore

/// `courier graphql schema ROUTE [--env NAME] [--json]`: asks the route's GraphQL endpoint
/// what it serves (introspection, with the route's headers, auth, TLS and proxy), lists its
/// operations, and keeps the answer per workspace, environment and URL for the screen.
struct GraphQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graphql",
        abstract: "GraphQL endpoints: their schema.",
        subcommands: [GraphQLSchemaCommand.self]
    )
}

/// `courier graphql schema`.
struct GraphQLSchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Ask a GraphQL route's endpoint for its schema and list its operations.",
        discussion: """
            The answer is kept under $XDG_STATE_HOME/courier/graphql/ (one per workspace, \
            environment and URL). Exit codes: 0 listed, 1 bad arguments or workspace, 2 the \
            endpoint could not be reached or gave no schema.
            """
    )

    @Argument(help: "The route whose endpoint to ask (its path, headers and auth are used).")
    var route: String

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .long, help: "Environment (default: the remembered one, else the first).")
    var env: String?

    @Flag(name: .long, help: "Print the introspection answer as JSON instead of the list.")
    var json = false

    @Flag(name: .long, help: "Confirm a request to a protected environment (introspection is a POST).")
    var yes = false

    func run() async throws {
        let loaded = try workspace.load()
        // The route's endpoint, asked the standard question; no checks, no history row.
        let route = try loaded.route(named: route).introspection
        let environment = try WorkspaceSource.environments(
            named: env.map { [$0] } ?? [], in: loaded, remembered: workspace.session().environment)[0]
        let prepared = try SendPipeline.prepare(
            route, in: environment, input: RequestInput(), builder: RequestBuilder.commandLine(loaded), confirmed: yes)
        let pipeline = SendSettings(noHistory: true).pipeline(for: loaded)
        defer { pipeline.finish() }
        let exchange: Exchange
        do {
            exchange = try await pipeline.send(prepared)
        } catch {
            await pipeline.engine.shutdown()
            throw CLIFailure(prepared.origin.masking(error.description), code: 2)
        }
        await pipeline.engine.shutdown()
        for message in pipeline.saveCookies(environment.name) { Console.error("warning: \(message)") }
        let response = exchange.response
        let schema: GraphQLSchema
        do {
            schema = try GraphQLSchema(body: response.body)
        } catch {
            throw CLIFailure("\(prepared.request.url) answered \(response.status): \(error)", code: 2)
        }
        let cache = GraphQLSchemaCache(processEnvironment: ProcessEnvironment.values)
        do {
            try cache.save(
                response.body, workspace: loaded.file, environment: environment.name, url: prepared.request.url)
        } catch {
            Console.error("warning: the schema was not kept: \(ErrorText.describe(error))")
        }
        if json {
            Console.out(String(decoding: response.body, as: UTF8.self) + "\n")
            return
        }
        // Names and descriptions are the server's: one line each, controls shown visibly.
        let lines = schema.operations.map { operation in
            TerminalText.visibleLine(operation.description)
                + (operation.summary.map { "  # " + TerminalText.visibleLine(String($0.prefix { $0 != "\n" })) } ?? "")
        }
        Console.out(lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))
        Console.error("\(schema.operations.count) operations from \(prepared.request.url)", prefixed: false)
    }
}
