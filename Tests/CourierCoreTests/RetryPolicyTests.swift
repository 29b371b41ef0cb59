import Testing

@testable import CourierCore

@Suite("Retry rules")
struct RetryPolicyTests {
    let policy = RetryPolicy(retries: 2, delay: 0.5)

    @Test(
        "idempotent methods retry transient failures and 502/503/504 while attempts remain",
        arguments: [
            // method, attempt, outcome, retried
            (HTTPMethod.get, 1, RetryPolicy.Outcome.status(503), true),
            (.get, 2, .status(502), true),
            (.get, 3, .status(504), false),  // two retries used up
            (.get, 1, .status(500), false),  // a server error is an answer, not a blip
            (.get, 1, .status(200), false),
            (.put, 1, .failure(.connection(url: "u", reason: "refused")), true),
            (.delete, 1, .failure(.timeout(seconds: 1, url: "u", phase: .head)), true),
            (.get, 1, .failure(.cancelled), false),  // the user asked to stop
            (.get, 1, .failure(.tls(url: "u", reason: "bad")), false),  // will fail the same way again
            (.post, 1, .status(503), false),  // never repeat what may have changed state
            (.patch, 1, .failure(.connection(url: "u", reason: "reset")), false),
        ])
    func decisions(method: HTTPMethod, attempt: Int, outcome: RetryPolicy.Outcome, retried: Bool) {
        let decision = policy.decide(method: method, attempt: attempt, outcome: outcome)
        #expect(decision == (retried ? .retry(after: 0.5) : .stop))
    }

    @Test("the default policy never retries, and negative settings are read as none")
    func defaults() {
        #expect(RetryPolicy().decide(method: .get, attempt: 1, outcome: .status(503)) == .stop)
        let clamped = RetryPolicy(retries: -3, delay: -1)
        #expect(clamped.retries == 0 && clamped.delay == 0)
    }

    @Test(
        "methods are compared upper-cased; safe and idempotent follow RFC 9110 (TRACE is not safe here)",
        arguments: [
            ("get", true, true), ("HEAD", true, true), ("options", true, true), ("PUT", false, true),
            ("delete", false, true), ("TRACE", false, true), ("POST", false, false), ("patch", false, false),
            ("PURGE", false, false),
        ])
    func methods(name: String, safe: Bool, idempotent: Bool) {
        let method = HTTPMethod(rawValue: name)
        #expect(method.rawValue == name.uppercased())
        #expect(method.isSafe == safe && method.isIdempotent == idempotent)
    }
}
