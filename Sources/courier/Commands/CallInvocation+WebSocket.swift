import ArgumentParser
import CourierCore
import CourierHTTP
import CourierPipeline

/// `courier call` of a WebSocket route: a conversation, printed as it passes.
extension CallInvocation {
    /// `--message`, `--until` and `--count`.
    struct WebSocketFlags {
        var messages: [String] = []
        var until: String?
        var count: Int?

        var isEmpty: Bool { messages.isEmpty && until == nil && count == nil }

        /// The messages given replace the route's (they are built as its would be).
        func apply(to input: inout RequestInput, route: Route) throws {
            guard !isEmpty else { return }
            guard route.isWebSocket else {
                throw CLIFailure(
                    "--message, --until and --count apply to a WebSocket route, and '\(route.name)' is not one")
            }
            if !messages.isEmpty { input.messages = messages }
        }

        /// `--until` and `--count` over the route's own.
        func apply(to prepared: inout PreparedRequest) throws {
            guard prepared.webSocket != nil else { return }
            if let until {
                do {
                    prepared.webSocket?.until = try CheckParser.check(until)
                } catch {
                    throw CLIFailure("--until: \(error)")
                }
            }
            if let count { prepared.webSocket?.count = count }
        }
    }

    /// Opens the route's WebSocket and prints the conversation; throws `ExitCode` as `call`
    /// does for a refused upgrade (by its status), 2 for the timeout, 1 for a conversation
    /// that broke (a message refused, the connection dropped).
    func converse(_ plan: Plan, on engine: HTTPEngine) async throws {
        let (loaded, environment, prepared) = (plan.workspace, plan.environment, plan.prepared)
        let pipeline = request.send.pipeline(for: loaded, engine: engine, opening: .spool)
        defer { pipeline.finish() }
        let origin = prepared.origin
        let printer = WebSocketPrinter(
            include: output.include, raw: output.raw, color: Console.useColor, masking: { origin.masking($0) })
        // Each line of stdin is a message, unless the messages were given (`--message`).
        var outgoing: AsyncStream<HTTPEngine.WebSocketOutgoing>?
        if webSocket.messages.isEmpty {
            let limit = HTTPEngine.webSocketMessageLimit
            let lines = StdinLines(limit: limit) { size in
                Console.error(
                    "warning: a line of \(ByteCount.format(size)) on stdin is over \(ByteCount.format(limit)); not sent"
                )
            }
            // Taken a line at a time, as the conversation writes them.
            outgoing = AsyncStream(unfolding: { await lines.next().map { .message(.text, $0) } })
        }
        let exchange: Exchange
        do {
            exchange = try await pipeline.converse(
                prepared, outgoing: outgoing, opened: { printer.opened($0) }, message: { printer.message($0) })
        } catch {
            var failure = CLIFailure(error)
            failure.message = origin.masking(failure.message)
            if case .tls = error { failure.message += " (environment \(environment.name))" }
            throw failure
        }
        for message in pipeline.saveCookies(environment.name) { Console.error("warning: \(message)") }
        for warning in exchange.response.warnings { Console.error("warning: " + exchange.origin.masking(warning)) }
        if let har {
            let record = HistoryRedactor.record(exchange, bodyLimit: Int.max)
            try ReportFile.write(HARExport(creatorVersion: Courier.version).document([record]), to: har)
        }
        guard let transcript = exchange.response.transcript else {
            // Refused: the answer is shown as any response is, and its status is the exit code.
            try output.print(exchange, defaultPath: nil)
            let status = exchange.response.status
            let code = CLIFailure.exitCode(forStatus: status)
            if code != 0 { throw ExitCode(code) }
            throw CLIFailure("the server answered \(exchange.response.statusLine) instead of upgrading to a WebSocket")
        }
        if output.timing { output.printTiming(exchange) }
        if let close = transcript.close, output.include || !close.isNormal || close.byServer {
            Console.error(exchange.origin.masking(close.summary), prefixed: false)
        }
        if let problem = transcript.problem {
            Console.error(exchange.origin.masking(problem))
            throw ExitCode(transcript.timedOut ? 2 : 1)
        }
    }
}
