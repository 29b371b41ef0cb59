import CourierCore
import CourierHTTP

/// The one way a request is sent, for every front end: the screen, `call`, `check` and `diff`.
///
/// It holds what outlives a single request for one workspace: the engine, the cookie jars, the
/// OAuth2 token cache, the captured values and the history recorder. `send` then does the same for each request
/// wherever it comes from. It sends through the engine, which follows redirects, guards
/// protected environments per hop, and applies auth, cookies and tokens. It then runs the
/// route's checks and captures, and records the exchange. So one route leaves the same history
/// row (checks included) whoever sent it, which was not so while each front end wired the
/// steps itself.
public final class SendPipeline: Sendable {
    /// What a front end says about how its requests are kept.
    public struct Settings: Sendable {
        /// `--no-history`: nothing is recorded.
        public var noHistory = false
        /// `--no-cookies`: no jar is read or written.
        public var noCookies = false
        /// When the history database is opened (`call` spools its one exchange instead).
        public var opening = HistoryRecorder.Opening.now

        /// The settings; the defaults record history and keep cookies.
        public init(noHistory: Bool = false, noCookies: Bool = false, opening: HistoryRecorder.Opening = .now) {
            self.noHistory = noHistory
            self.noCookies = noCookies
            self.opening = opening
        }
    }

    /// The engine every request goes through.
    public let engine: HTTPEngine
    /// The cookie jars, one per environment.
    public let cookies: CookieKeeper
    /// The OAuth2 token cache.
    public let tokens: OAuth2Tokens
    /// Where exchanges are recorded; nil when history is off.
    public let recorder: HistoryRecorder?
    /// What routes captured, kept for the next command.
    public let captures: CaptureKeeper
    /// The OpenAPI documents of routes' operations, for the `contract` check.
    public let contracts: ContractBook

    /// The pipeline of `workspace`.
    /// - Parameters:
    ///   - engine: the engine to send through (the caller's own, when it runs on its loop).
    ///   - report: where one-line notices about history go (stderr, or the status bar).
    public init(
        workspace: Workspace, settings: Settings = Settings(), processEnvironment: [String: String],
        engine: HTTPEngine = HTTPEngine(), report: @escaping @Sendable (String) -> Void
    ) {
        self.engine = engine
        cookies = CookieKeeper(
            workspace: workspace, disabled: settings.noCookies, processEnvironment: processEnvironment)
        tokens = OAuth2Tokens.kept(for: workspace, processEnvironment: processEnvironment)
        recorder = HistoryRecorder(
            workspace: workspace, disabled: settings.noHistory, processEnvironment: processEnvironment,
            opening: settings.opening, report: report)
        captures = CaptureKeeper(workspace: workspace, processEnvironment: processEnvironment)
        contracts = ContractBook(
            folder: workspace.baseDirectory, engine: engine, processEnvironment: processEnvironment)
    }

    /// A pipeline of parts the caller made (the screen makes its engine on the first send);
    /// `folder` is the workspace's, where routes' contract documents are read from.
    public init(
        engine: HTTPEngine, cookies: CookieKeeper, tokens: OAuth2Tokens, recorder: HistoryRecorder?,
        captures: CaptureKeeper, folder: String, processEnvironment: [String: String] = [:]
    ) {
        self.engine = engine
        self.cookies = cookies
        self.tokens = tokens
        self.recorder = recorder
        self.captures = captures
        contracts = ContractBook(folder: folder, engine: engine, processEnvironment: processEnvironment)
    }

    /// Builds the request for `route` in `environment`, with the values routes captured
    /// (`captured`: those kept between commands, `captures.values(for:)`). It refuses one that a
    /// protected environment must confirm and that was not confirmed (`--yes`), before anything
    /// is sent. Every hop's own guard, for redirects, goes with the request's options.
    public static func prepare(
        _ route: Route, in environment: Environment, input: RequestInput, builder: RequestBuilder,
        confirmed: Bool, captured: [String: String] = [:]
    ) throws(RequestError) -> PreparedRequest {
        var prepared = try builder.build(route: route, environment: environment, input: input, captured: captured)
        prepared.options.protectedGuard.confirmed = confirmed
        if prepared.needsConfirmation && !confirmed {
            throw RequestError.needsConfirmation(
                method: prepared.confirmationLabel, environment: prepared.protectedTarget ?? environment.name)
        }
        return prepared
    }

    /// Sends `prepared`, runs its route's checks and captures on the answer and records the
    /// exchange (as part of `run`, when it belongs to one). Cookies the answer set stay in the
    /// environment's session until `saveCookies`.
    /// - Parameters:
    ///   - progress, events, partialAfter: as `HTTPEngine.exchange` takes them.
    ///   - outgoing: for a WebSocket, what a front end sends while it lasts (its end closes it).
    ///   - examine: looks at the response before the checks run. It returns whether the body
    ///     is known to be one valid JSON document, so the checks do not walk it again. (The
    ///     screen prints the body there, off its loop.)
    public func send(
        _ prepared: PreparedRequest, run: String? = nil, progress: (@Sendable (Int) -> Void)? = nil,
        events: (@Sendable (StreamUpdate) -> Void)? = nil, partialAfter: Int? = nil,
        examine: (@Sendable (HTTPResponse) -> Bool)? = nil,
        outgoing: AsyncStream<HTTPEngine.WebSocketOutgoing>? = nil
    ) async throws(TransportError) -> Exchange {
        if prepared.isWebSocket {
            // A screen shows the conversation as a live stream: the upgrade's answer, then each message.
            var opened: (@Sendable (HTTPResponse) -> Void)?
            var message: (@Sendable (WebSocketMessage) -> Void)?
            if let events {
                opened = {
                    events(.head(status: $0.status, reason: $0.reason, version: $0.version, headers: $0.headers))
                }
                message = { events(.event(.message($0))) }
            }
            return try await converse(prepared, run: run, outgoing: outgoing, opened: opened, message: message)
        }
        let exchange = try await sendUnsettled(
            prepared, run: run, progress: progress, events: events, partialAfter: partialAfter)
        return await settle(exchange, prepared, run: run, bodyIsJSON: examine?(exchange.response) ?? false)
    }

    /// Sends `prepared` as `send` does, and returns the answer without its checks, captures and
    /// record (a failed attempt is recorded): `settleAtOnce` finishes it, later and elsewhere
    /// (`settleLater`).
    func sendUnsettled(
        _ prepared: PreparedRequest, run: String? = nil, progress: (@Sendable (Int) -> Void)? = nil,
        events: (@Sendable (StreamUpdate) -> Void)? = nil, partialAfter: Int? = nil
    ) async throws(TransportError) -> Exchange {
        let started = ContinuousClock.now
        do {
            return try await engine.exchange(
                prepared, cookies: cookies.session(for: prepared), tokens: tokens, progress: progress, events: events,
                partialAfter: partialAfter)
        } catch {
            // QA sees every attempt (`H`, `courier history`), not only those that got an answer;
            // a cancel is the user's, and an unreadable upload was never sent.
            switch error {
            case .cancelled, .upload: break
            default:
                recorder?.recordFailure(
                    prepared, error: error, elapsed: (ContinuousClock.now - started).inSeconds, run: run)
            }
            throw error
        }
    }

    /// `sendUnsettled` and `settleAtOnce` for a `CheckRunner` of `run` (`CheckRunner.settleLater`).
    public func settleLater(run: String?) -> SettleLater {
        SettleLater(
            applies: { [self] in settlesAtOnce($0) },
            send: { [self] (prepared) async throws(TransportError) in try await sendUnsettled(prepared, run: run) },
            settle: { [self] in settleAtOnce($0, $1, run: run) })
    }

    /// Whether `settleAtOnce` can finish an answer to `prepared`: not a WebSocket (`send`
    /// converses), no contract to check (that one waits on the contracts' reader).
    func settlesAtOnce(_ prepared: PreparedRequest) -> Bool {
        !prepared.isWebSocket && prepared.checkPlan?.operation == nil
    }

    /// What `settle` does to an answer of `sendUnsettled` to a request `settlesAtOnce`, on the
    /// caller's thread.
    func settleAtOnce(_ exchange: Exchange, _ prepared: PreparedRequest, run: String?) -> Exchange {
        var exchange = exchange
        prepared.checkPlan?.apply(to: &exchange, bodyIsJSON: false)
        return kept(exchange, run: run)
    }

    /// Runs `prepared`'s checks, captures and contract on `exchange`, and records it.
    func settle(_ exchange: Exchange, _ prepared: PreparedRequest, run: String?, bodyIsJSON: Bool) async -> Exchange {
        var exchange = exchange
        prepared.checkPlan?.apply(to: &exchange, bodyIsJSON: bodyIsJSON)
        if let operation = prepared.checkPlan?.operation {
            let secrets = SecretSet.of(exchange.origin.secretValues)
            for var result in await contracts.check(exchange, operation: operation) {
                result.message = result.message.map { secrets.mask($0) }
                exchange.checks.append(result)
            }
        }
        return kept(exchange, run: run)
    }

    /// Keeps `exchange`'s captures and records it.
    private func kept(_ exchange: Exchange, run: String?) -> Exchange {
        var exchange = exchange
        // Kept for the next command: `call auth.login`, then `call account`.
        if let problem = captures.keep(exchange) { exchange.response.warnings.append(problem) }
        recorder?.record(exchange, run: run)
        return exchange
    }

    /// Writes what `environment`'s jar received since the last save; the lines to show
    /// (refused cookies, a jar that could not be written).
    public func saveCookies(_ environment: String) -> [String] {
        cookies.save(environment)
    }

    /// Waits for the history writes asked for so far (before the process exits).
    public func finish() {
        recorder?.finish()
    }

    /// Ends a run once its last answer is in: its last exchanges are written to history while
    /// the engine shuts down (`HistoryRecorder.flush`), and waited for after (`finish`).
    public func close() async {
        recorder?.flush()
        await engine.shutdown()
        finish()
    }
}
