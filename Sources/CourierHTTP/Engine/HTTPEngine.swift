import AsyncHTTPClient
import CourierCore
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one HTTP engine every part of Courier sends through: its own connections for `http://`
/// and `https://` (`WireTarget`), AsyncHTTPClient for proxies and streamed uploads.
///
/// Lifecycle of a request: `RequestBuilder` resolves a `Route` + `Environment` + input into
/// a `PreparedRequest` → `exchange` makes attempts (`RetryPolicy` decides after each) → each
/// attempt follows redirects itself (so the rules of `RedirectPolicy` apply and are counted)
/// → each hop is one request on a connection, its body streamed into memory (or, past the
/// cap, to a file) → an `Exchange` with the response and its timings comes back.
/// Cancelling the calling task cancels the request.
///
/// Call `shutdown()` before dropping the engine.
public final class HTTPEngine: Sendable {
    let clients: ClientPool
    let tlsConfigurations = TLSConfigurationCache()
    /// The engine's own loop thread (nil: it runs on a loop it was given).
    private let group: MultiThreadedEventLoopGroup?
    /// Runs a task on the thread that owns the engine's connections (see `EventLoopTaskExecutor`).
    public let taskExecutor: any TaskExecutor
    /// That thread's loop.
    private let loop: any EventLoop

    /// Creates the shared engine. Bodies are decompressed (gzip, deflate); redirects are
    /// handled here, not by AsyncHTTPClient.
    public convenience init() {
        self.init(idleTimeout: .seconds(60))
    }

    /// The shared engine, whose connections are closed after `idleTimeout` unused (tests that
    /// count connections give a long one: a suite under ThreadSanitizer may hold a test's task
    /// back for a minute between two of its requests).
    init(idleTimeout: TimeAmount) {
        // One loop: every connection and every task handed `taskExecutor` share one thread.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        self.group = group
        loop = group.next()
        taskExecutor = EventLoopTaskExecutor(loop)
        clients = ClientPool(group: group, idleTimeout: idleTimeout)
    }

    /// An engine on `loop`, which its owner runs and stops.
    private init(loop: any EventLoop) {
        group = nil
        self.loop = loop
        taskExecutor = EventLoopTaskExecutor(loop)
        clients = ClientPool(group: loop, idleTimeout: .seconds(60))
    }

    /// Makes the calling thread the event loop of a new engine and runs `body` on it as a
    /// task; returns when `body` has returned and the loop has stopped.
    ///
    /// Why: a command that sends one request and exits (`courier call`) then starts no thread
    /// and hands nothing between threads: the whole process is one thread.
    public static func withCurrentThreadAsLoop(_ body: @escaping @Sendable (HTTPEngine) async -> Void) {
        MultiThreadedEventLoopGroup.withCurrentThreadAsEventLoop { loop in
            let engine = HTTPEngine(loop: loop)
            Task(executorPreference: engine.taskExecutor) {
                await body(engine)
                await engine.clients.shutdown()
                loop.shutdownGracefully { _ in }
            }
        }
    }

    /// Runs `work` on the engine's thread. Asked from a task on `taskExecutor`, it runs once
    /// that task waits: after the request it is sending has been written, while the server
    /// answers (`CheckRunner.idle`).
    public func whenWaiting(_ work: @escaping @Sendable () -> Void) {
        loop.execute(work)
    }

    /// Returns once everything handed to `whenWaiting` before it has run (the loop runs its
    /// work in order).
    public func waited() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in loop.execute { done.resume() } }
    }

    /// Closes connections; the engine cannot be used afterwards.
    public func shutdown() async {
        await clients.shutdown()
        try? await group?.shutdownGracefully()
    }

    /// Sends `prepared` and returns the exchange (no checks run here).
    /// - Parameters:
    ///   - cookies: the jar every hop reads and fills (nil: no cookies).
    ///   - tokens: where OAuth2 tokens are cached (nil: fetched for this request alone).
    ///   - progress: called with the number of body bytes received so far.
    ///   - events: called as a live stream (`text/event-stream`, NDJSON) arrives: its head,
    ///     then each complete event.
    ///   - partialAfter: with a byte count, a successful body that is not a stream and goes on
    ///     past that many bytes is also reported once through `events`, as `.partial`, with
    ///     what came so far (a screen shows its first lines while the rest arrives).
    public func exchange(
        _ prepared: PreparedRequest, cookies: CookieSession? = nil, tokens: OAuth2Tokens? = nil,
        progress: (@Sendable (Int) -> Void)? = nil, events: (@Sendable (StreamUpdate) -> Void)? = nil,
        partialAfter: Int? = nil
    ) async throws(TransportError) -> Exchange {
        // On the loop's thread (see `EventLoopTaskExecutor`); a caller already there stays.
        let response = try await withTaskExecutorPreference(taskExecutor) { () async throws(TransportError) in
            try await send(
                prepared.request, options: prepared.options, auth: prepared.auth, cookies: cookies, tokens: tokens,
                secrets: prepared.origin.secretValues, progress: progress, events: events, partialAfter: partialAfter)
        }
        var origin = prepared.origin
        // A cookie sent or set is a credential: a server that echoes it (an error page,
        // httpbin's /headers) must not put it in the clear in history or on screen.
        for value in Self.cookieValues(response.hops) where !origin.secretValues.contains(value) {
            origin.secretValues.append(value)
        }
        if case .oauth2? = prepared.auth {
            // The token the engine fetched is a credential like any other: masked wherever shown.
            for hop in response.hops {
                for value in hop.requestHeaders.values(for: "Authorization") {
                    let token = String(value.drop { $0 != " " }.dropFirst())
                    if !token.isEmpty && !origin.secretValues.contains(token) { origin.secretValues.append(token) }
                }
            }
        }
        return Exchange(request: prepared.request, response: response, origin: origin)
    }

    /// The values of every cookie the hops sent (`Cookie`) or were given (`Set-Cookie`) that
    /// can be a credential: 8 bytes or more. A flag such as `consent=1` or `theme=dark` is no
    /// secret, and masking it would blank every `1` in a body; the `Cookie` and `Set-Cookie`
    /// headers themselves are masked whole whatever their values.
    static func cookieValues(_ hops: [ExchangeHop]) -> [String] {
        var values: [String] = []
        func add(_ pair: Substring) {
            guard let equals = pair.firstIndex(of: "=") else { return }
            let value = pair[pair.index(after: equals)...].trimmingWhitespace()
            let unquoted =
                value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                ? String(value.dropFirst().dropLast()) : value
            if unquoted.utf8.count >= 8 && !values.contains(unquoted) { values.append(unquoted) }
        }
        for hop in hops {
            for header in hop.requestHeaders.values(for: "Cookie") {
                for pair in header.split(separator: ";") { add(pair) }
            }
            for header in hop.responseHeaders.values(for: "Set-Cookie") {
                if let pair = header.split(separator: ";", maxSplits: 1).first { add(pair) }
            }
        }
        return values
    }

    /// Sends `request` with `options` and returns the whole response.
    /// - Parameters:
    ///   - auth: Digest or OAuth2, which the engine performs per hop.
    ///   - cookies: the jar every hop reads and fills (nil: no cookies).
    ///   - tokens: where OAuth2 tokens are cached (nil: fetched for this request alone).
    ///   - secrets: values a header must not carry to another origin on a redirect.
    ///   - progress: called with the number of body bytes received so far.
    ///   - events: called as a live stream arrives: its head, then each complete event.
    ///   - partialAfter: see `exchange`.
    public func send(
        _ request: HTTPRequest, options: SendOptions = SendOptions(), auth: ResolvedAuth? = nil,
        cookies: CookieSession? = nil, tokens: OAuth2Tokens? = nil, secrets: [String] = [],
        progress: (@Sendable (Int) -> Void)? = nil, events: (@Sendable (StreamUpdate) -> Void)? = nil,
        partialAfter: Int? = nil
    ) async throws(TransportError) -> HTTPResponse {
        let watch = Watch(progress: progress, events: events, partialAfter: partialAfter, secrets: secrets)
        guard case .oauth2(let spec)? = auth else {
            return try await attempts(request, options: options, auth: auth, cookies: cookies, watch: watch)
        }
        // OAuth2: the cached token (or a new one); after a 401, a new token and one more try.
        let tokens = tokens ?? OAuth2Tokens()
        var refresh = false
        while true {
            let token = try await tokens.token(for: spec, engine: self, options: options, refresh: refresh)
            var authorized = request
            authorized.headers.removeAll { $0.name.lowercased() == "authorization" }
            authorized.headers.append(HeaderField("Authorization", token.authorization))
            let response = try await attempts(authorized, options: options, auth: nil, cookies: cookies, watch: watch)
            guard response.status == 401, !refresh else { return response }
            refresh = true
        }
    }

    /// `request` sent, and sent again while `RetryPolicy` says so.
    private func attempts(
        _ request: HTTPRequest, options: SendOptions, auth: ResolvedAuth?, cookies: CookieSession?, watch: Watch
    ) async throws(TransportError) -> HTTPResponse {
        let clock = ContinuousClock()
        let started = clock.now
        var attempt = 0
        while true {
            attempt += 1
            let outcome: Result<HTTPResponse, TransportError>
            do {
                outcome = .success(
                    try await followRedirects(request, options: options, auth: auth, cookies: cookies, watch: watch))
            } catch {
                outcome = .failure(error)
            }
            let ended: RetryPolicy.Outcome
            switch outcome {
            case .success(let response): ended = .status(response.status)
            case .failure(let error): ended = .failure(error)
            }
            // Events already shown are not shown twice: a stream that broke is not sent again.
            if !watch.streamed,
                case .retry(let delay) = options.retry.decide(
                    method: request.method, attempt: attempt, outcome: ended)
            {
                try await pause(delay)
                continue
            }
            var response = try outcome.get()
            response.attempts = attempt
            response.totalTime = (clock.now - started).inSeconds
            return response
        }
    }

    private func pause(_ seconds: Double) async throws(TransportError) {
        guard seconds > 0 else { return }
        do {
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        } catch {
            throw .cancelled
        }
    }

    private func followRedirects(
        _ request: HTTPRequest, options: SendOptions, auth: ResolvedAuth?, cookies: CookieSession?, watch: Watch
    ) async throws(TransportError) -> HTTPResponse {
        var method = request.method
        var url = request.url
        var headers = request.headers
        var body = request.body
        // Checked once before the first byte is sent; a redirect that keeps the body sends it again.
        var upload = try request.multipart.map { (multipart) throws(TransportError) in try UploadStream(multipart) }
        var redirects = 0
        var hops: [ExchangeHop] = []
        var answeredChallenge = false
        var warnings: [String] = []
        while true {
            let startedAt = Date()
            let sent = Self.withCookies(headers, for: url, from: cookies)
            var (response, timing) = try await execute(
                method: method, url: url, headers: sent, body: body, upload: upload, options: options, watch: watch)
            cookies?.receive(response.headers, from: url)
            response.redirectCount = redirects
            hops.append(
                ExchangeHop(
                    method: method, url: url, requestHeaders: sent, sentBody: body != nil, status: response.status,
                    reason: response.reason, version: response.version, responseHeaders: response.headers,
                    bodySize: response.bodySize, startedAt: startedAt, wait: timing.wait, receive: timing.receive,
                    phases: timing.phases))
            response.hops = hops
            if !answeredChallenge,
                let answer = digestAnswer(auth, response, method: method, url: url, first: request.url)
            {
                // Same hop again, with the answer: a 401 answered is not a redirect.
                answeredChallenge = true
                headers.append(HeaderField("Authorization", answer))
                continue
            }
            guard options.followRedirects,
                let hop = try RedirectPolicy.next(
                    status: response.status, location: response.headers.value(for: "Location"),
                    method: method, url: url, headers: headers, body: body, secrets: watch.secrets)
            else {
                response.warnings = warnings
                // A hop over AsyncHTTPClient's connections has none of its own: the latest one
                // seen for the host stands for it.
                if response.certificate == nil { response.certificate = clients.certificates.certificate(for: url) }
                return response
            }
            for name in hop.droppedSecretHeaders {
                warnings.append(
                    "\(name) was not sent on to \(hop.url): it holds a secret and the redirect leaves the origin")
            }
            redirects += 1
            guard redirects <= RedirectPolicy.maxRedirects else {
                throw .tooManyRedirects(count: redirects, url: hop.url)
            }
            if let environment = options.protectedGuard.refusal(method: hop.method, url: hop.url) {
                throw .protectedRedirect(method: hop.method.rawValue, url: hop.url, environment: environment)
            }
            (method, url, headers, body) = (hop.method, hop.url, hop.headers, hop.body)
            if body == nil { upload = nil }
        }
    }

    /// `headers` with the jar's cookies for `url` after any `Cookie` the request itself has
    /// (which a redirect to another origin has already dropped).
    static func withCookies(_ headers: [HeaderField], for url: String, from cookies: CookieSession?) -> [HeaderField] {
        guard let cookies, let fromJar = cookies.header(for: url) else { return headers }
        let given = headers.values(for: "Cookie")
        var sent = headers.filter { $0.name.lowercased() != "cookie" }
        sent.append(HeaderField("Cookie", (given + [fromJar]).joined(separator: "; ")))
        return sent
    }

    /// The `Authorization` answer to a Digest challenge in a 401, when the request has Digest
    /// credentials, sent none yet, and is still on its first origin.
    private func digestAnswer(
        _ auth: ResolvedAuth?, _ response: HTTPResponse, method: CourierCore.HTTPMethod, url: String, first: String
    ) -> String? {
        guard response.status == 401, case .digest(let username, let password)? = auth,
            RedirectPolicy.sameOrigin(url, first),
            let digest = try? DigestAuthorization(
                challenges: AuthChallenge.parse(response.headers.values(for: "WWW-Authenticate")))
        else { return nil }
        return digest.header(
            username: username, password: password, method: method.rawValue, uri: DigestHash.requestTarget(url),
            cnonce: DigestHash.cnonce()
        ) { DigestHash.hex($0, digest.algorithm) }
    }
}
