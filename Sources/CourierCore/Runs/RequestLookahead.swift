/// The next route's request of a one-job run, built while the request before it is in flight
/// (`CheckRunner.idle`).
///
/// Why: on loopback the server answers in about 100 µs, and building a request took 15 µs of
/// the sending thread's time after each answer; built in the wait, it is off the run's path.
/// A build made ahead is used only when nothing it read has changed since: the route, the
/// pass, the values captured so far and the secrets made outside, and only within `freshness`
/// of when it was made, so a `{{$now}}` in it is never older than that (a slow answer, a
/// `--retry-until` wait: the route is built again in its turn). It never asks for an outside
/// value (a prompt, a file, a command): a route that needs one is built when its turn comes, as
/// without a lookahead, so nothing is asked earlier or twice.
final class RequestLookahead: Sendable {
    /// A request built ahead, and what it was built from.
    private struct Built {
        var index: Int
        var pass: Int
        var captured: [String: String]
        var secretCount: Int
        var prepared: PreparedRequest
        var at: ContinuousClock.Instant
    }

    /// How long a request built ahead stays usable: past it, the answer before it was slow,
    /// and building again costs nothing next to the wait.
    static let freshness = Duration.milliseconds(10)

    private let built = Locked<Built?>(nil)
    /// The run's builder, whose outside values come only from what was already made.
    private let builder: RequestBuilder
    /// The run's own source of outside values, which a check may ask when it is evaluated.
    private let source: SendValueSourceBox?
    private let routes: [Route]
    private let environment: Environment
    private let input: RequestInput
    private let idle: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// A lookahead over the run of `routes` to `environment`, building with `builder` in the
    /// work it hands to `idle`.
    init(
        builder: RequestBuilder, routes: [Route], environment: Environment, input: RequestInput,
        idle: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void
    ) {
        var peeking = builder
        peeking.valueSource = builder.valueSource.map { SendValueSourceBox(MadeValues($0.source)) }
        self.builder = peeking
        source = builder.valueSource
        self.routes = routes
        self.environment = environment
        self.input = input
        self.idle = idle
    }

    /// Builds the route at `index` for pass `pass` when the sending thread next waits.
    func build(index: Int, pass: Int, captured: [String: String]) {
        let secretCount = Self.secretCount(builder)
        idle { [self] in
            let at = ContinuousClock.now
            guard
                let prepared = try? builder.build(
                    route: routes[index], environment: environment, input: input, captured: captured)
            else { return }
            let ahead = Built(
                index: index, pass: pass, captured: captured, secretCount: secretCount, prepared: prepared, at: at)
            built.withLock { $0 = ahead }
        }
    }

    /// The request built ahead for `index` of pass `pass`, when it was built from the same
    /// captured values and secrets less than `freshness` ago; nil otherwise. Whatever was waiting is dropped.
    func take(index: Int, pass: Int, captured: [String: String]) -> PreparedRequest? {
        let ahead = built.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }
        guard let ahead, ahead.index == index, ahead.pass == pass, ahead.captured == captured,
            ahead.secretCount == Self.secretCount(builder), ContinuousClock.now - ahead.at < Self.freshness
        else { return nil }
        var prepared = ahead.prepared
        prepared.checkPlan?.context.source = source
        return prepared
    }

    /// How many secrets the outside values have made: one made since a build (a prompt of
    /// another environment's run) is masked in what is built after it.
    private static func secretCount(_ builder: RequestBuilder) -> Int {
        builder.valueSource?.source.secretValues.count ?? 0
    }

    /// The values `source` has made, and no new one.
    private final class MadeValues: SendValueSource {
        let source: any SendValueSource

        init(_ source: any SendValueSource) { self.source = source }

        func value(for need: SendNeed) throws(RequestError) -> String? { nil }

        var secretValues: [String] { source.secretValues }
    }
}
