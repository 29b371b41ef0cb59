/// Runs checks and captures against one response (DESIGN.md §6). Pure: the caller passes the
/// template context that resolves `{{name}}` in expected values. A body saved to a file (over
/// the in-memory limit) is not read back: queries of the body fail and say why, since loading
/// it would take the memory the limit exists to protect.
public struct CheckEvaluator {
    /// The response checked.
    public let response: HTTPResponse
    /// Its body.
    public let body: [UInt8]
    /// Resolves templates inside expected values.
    public let context: TemplateContext
    /// The route's times over the repeats of a run, for `duration p95`; nil for one exchange.
    public var latency: LatencySummary?
    /// The request was GraphQL: the implicit check also holds the answer to have no `errors`.
    public var graphQL = false
    /// The request upgraded to a WebSocket: the implicit check is that the upgrade was accepted.
    public var webSocket = false

    /// Why the body is not one JSON document (nil when it is). Worked out once: a path can be
    /// found before the place where a truncated body breaks off, and that body is still not JSON.
    let jsonProblem: String?

    /// Why the body cannot be checked at all (nil when it is in memory).
    let bodyProblem: String?

    /// An evaluator of `response` and its in-memory body; `bodyIsJSON` when the caller has
    /// already found the body to be valid JSON (then it is not checked again).
    public init(response: HTTPResponse, context: TemplateContext = TemplateContext(), bodyIsJSON: Bool = false) {
        self.response = response
        body = response.body
        self.context = context
        bodyProblem =
            response.bodyFile == nil
            ? nil
            : "the body (\(ByteCount.format(response.bodySize))) is over the in-memory limit and saved to a file; not checked"
        jsonProblem = bodyProblem ?? (bodyIsJSON ? nil : Self.jsonProblem(in: response.body))
    }

    /// What a query found.
    enum Found {
        case value(JSONValue)
        /// Nothing there, and why (`header X-Id not found`).
        case missing(String)
        /// The query cannot apply (`body is not JSON`).
        case broken(String)
    }

    /// Results of a route's checks, in order; `nil` (no `checks` key) runs the implicit check:
    /// the status is below 400, a GraphQL answer has no `errors`, and a body whose Content-Type
    /// says JSON parses (for NDJSON or a JSON text sequence: each record does).
    public func evaluate(_ checks: [Check]?) -> [CheckResult] {
        guard let checks else {
            if webSocket { return [evaluate(.implicitUpgrade)] }
            var results = [evaluate(.implicitStatus)]
            if graphQL && bodyProblem == nil { results.append(graphQLAnswer()) }
            guard response.bodySize > 0 && bodyProblem == nil else { return results }
            if JSONSequence.isSequence(contentType: response.contentType) {
                // NDJSON and JSON text sequences hold a document per record, not one in all.
                let problem = JSONSequence.problem(in: body)
                results.append(
                    CheckResult(check: "every record is valid JSON", passed: problem == nil, message: problem))
            } else if BodyKind.looksLikeJSON([], contentType: response.contentType) {
                results.append(jsonParses())
            }
            return results
        }
        return checks.map(evaluate)
    }

    /// One check's result.
    public func evaluate(_ check: Check) -> CheckResult {
        let found = query(check.query, count: check.count)
        let expected: JSONValue?
        do {
            expected = try check.value.map(render)
        } catch {
            return CheckResult(check: check.source, passed: false, message: error.description)
        }
        let expectation = ([check.negated ? "not" : nil, check.predicate.rawValue, expected?.brief()])
            .compactMap { $0 }.joined(separator: " ")
        // The message only when the check fails: writing it for every pass was a tenth of
        // evaluating a check.
        func result(_ passed: Bool, _ message: @autoclosure () -> String?, actual: JSONValue?) -> CheckResult {
            CheckResult(
                check: check.source, passed: passed, message: passed ? nil : message(), expected: expectation,
                actual: actual?.brief())
        }
        switch found {
        case .broken(let reason):
            return result(false, reason, actual: nil)
        case .missing(let reason):
            return result(check.predicate == .exists && check.negated, reason, actual: nil)
        case .value(let actual):
            switch CheckPredicates.holds(check.predicate, actual, expected) {
            case .failure(let mismatch):
                return result(false, mismatch.message, actual: actual)
            case .success(let holds):
                // With a template in the value, the check as written does not show what was expected.
                let templated = expected != nil && expected != check.value
                let also = templated ? " (expected \(expectation))" : ""
                return result(holds != check.negated, "got \(actual.brief())\(also)", actual: actual)
            }
        }
    }

    /// A capture's value (strings unquoted, other JSON as text) and its result, named
    /// `capture NAME`; a capture that finds nothing fails.
    public func capture(_ capture: Capture) -> (value: String?, result: CheckResult) {
        let name = "capture \(capture.name)"
        switch query(capture.query, count: capture.count) {
        case .value(let value):
            return (value.scalarText ?? value.serialized, CheckResult(check: name, passed: true))
        case .missing(let reason), .broken(let reason):
            return (nil, CheckResult(check: name, passed: false, message: reason))
        }
    }

    // MARK: Queries

    /// What `query` found, or its length with `count`.
    func query(_ query: CheckQuery, count: Bool) -> Found {
        let found = self.query(query)
        guard count, case .value(let value) = found else { return found }
        return value.length.map { .value(.number(String($0))) }
            ?? .broken("count needs an array, object or string, got \(value.brief())")
    }

    func query(_ query: CheckQuery) -> Found {
        switch query {
        case .status:
            return .value(.number(String(response.status)))
        case .header(let name):
            let values = response.headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
            return values.isEmpty
                ? .missing("header \(name) not found") : .value(.string(values.joined(separator: ", ")))
        case .json(let path):
            return json(path)
        case .body:
            if let bodyProblem { return .broken(bodyProblem) }
            return .value(.string(String(decoding: body, as: UTF8.self)))
        case .duration:
            return .value(.number(String(Seconds.milliseconds(response.totalTime))))
        case .durationPercentile(let percentile):
            let milliseconds = latency?.value(at: percentile) ?? response.totalTime * 1000
            return .value(.number(Seconds.compact(milliseconds)))
        case .bytes:
            return .value(.number(String(response.bodySize)))
        case .certificate(let field):
            guard let certificate = response.certificate else {
                let https = response.finalURL.prefix(6).lowercased() == "https:"
                return .missing(https ? "no certificate was seen for this response" : "no certificate: not HTTPS")
            }
            return .value(certificate.value(field))
        case .message(let pick, let path): return message(pick, path)
        case .closeCode: return closeCode()
        }
    }

    private func json(_ path: JSONPath) -> Found {
        if let jsonProblem { return .broken(jsonProblem) }
        do {
            let range = try path.select(in: body)
            return .value(try JSONValue.parse(Array(body[range])))
        } catch let error as JSONPathError {
            switch error {
            case .missing(let path, let deepest, _):
                return .missing("json \(path) not found" + (deepest.isEmpty ? "" : " (deepest: \(deepest))"))
            case .notJSON:
                return .broken(body.isEmpty ? "body is empty, not JSON" : "body is not JSON")
            }
        } catch {
            return .broken("body is not JSON")
        }
    }

    /// The implicit JSON check: the whole body is one valid document.
    private func jsonParses() -> CheckResult {
        CheckResult(check: "body is valid JSON", passed: jsonProblem == nil, message: jsonProblem)
    }

    private static func jsonProblem(in body: [UInt8]) -> String? {
        guard !body.isEmpty else { return "body is empty, not JSON" }
        do {
            try body.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
                // The printer's walk answers for a valid body several times faster; only an
                // invalid one needs the reader, for its message.
                if FastJSONFormatter.isValid(buffer) { return }
                var reader = JSONReader(buffer)
                while try reader.next() != nil {}
            }
            return nil
        } catch {
            return "body is not JSON (\(error))"
        }
    }

    // MARK: Values

    /// `value` with `{{name}}` resolved in every string.
    private func render(_ value: JSONValue) throws(RequestError) -> JSONValue {
        switch value {
        case .string(let text): return .string(try Template.render(text, in: context))
        case .array(let items):
            var rendered: [JSONValue] = []
            for item in items { rendered.append(try render(item)) }
            return .array(rendered)
        case .object(let members):
            var rendered: [JSONMember] = []
            for member in members { rendered.append(JSONMember(member.key, try render(member.value))) }
            return .object(rendered)
        default: return value
        }
    }
}
