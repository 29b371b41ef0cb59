import ArgumentParser
import CourierCore

/// `courier call ROUTE`: builds and sends one request, prints the response.
struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Send a route's request and print the response.",
        discussion: """
            Exit codes (as HTTPie's --check-status): 0 for 2xx, 3 for an unfollowed 3xx, 4 for 4xx, \
            5 for 5xx, 2 for a timeout, 6 for too many redirects, 1 for any other error. \
            A WebSocket route sends each line of stdin (or each --message) and prints each message \
            received, until --until, --count, the server's close, or the timeout without a message.
            """
    )

    @Argument(help: "Route name (see 'courier routes').")
    var route: String

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: CallFlag.env.name, help: CallFlag.env.help)
    var env: String?

    @OptionGroup var request: RequestOptions

    @OptionGroup var output: PrintOptions

    @Flag(name: CallFlag.yes.name, help: CallFlag.yes.help)
    var yes = false

    @Flag(name: CallFlag.curl.name, help: CallFlag.curl.help)
    var curl = false

    @Flag(name: CallFlag.showSecrets.name, help: CallFlag.showSecrets.help)
    var showSecrets = false

    @Option(name: CallFlag.har.name, help: CallFlag.har.help)
    var har: String?

    @Option(name: CallFlag.message.name, help: CallFlag.message.help)
    var messages: [String] = []

    @Option(name: CallFlag.until.name, help: CallFlag.until.help)
    var until: String?

    @Option(name: CallFlag.count.name, help: CallFlag.count.help)
    var count: Int?

    /// The flags as plain values, which do the work.
    var invocation: CallInvocation {
        CallInvocation(
            route: route, workspace: workspace.source, env: env, request: request.settings, output: output.settings,
            yes: yes, curl: curl, showSecrets: showSecrets, har: har,
            webSocket: CallInvocation.WebSocketFlags(messages: messages, until: until, count: count))
    }

    func validate() throws { try invocation.validate() }

    func run() async throws { try await invocation.run() }
}
