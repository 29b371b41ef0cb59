/// The implicit check of a GraphQL route: servers answer errors with 200 and an `errors`
/// array (GraphQL over HTTP's `application/json`), so the status alone says nothing.
extension CheckEvaluator {
    static let graphQLCheck = "no GraphQL errors"

    /// Passes when the body is a GraphQL response (an object with `data` or `errors`) whose
    /// `errors` is absent or empty; otherwise names the first error, where it was, and how many.
    func graphQLAnswer() -> CheckResult {
        func failed(_ message: String) -> CheckResult {
            CheckResult(check: Self.graphQLCheck, passed: false, message: message)
        }
        if let jsonProblem { return failed("not a GraphQL response: \(jsonProblem)") }
        guard let answer = try? JSONValue.parse(body), case .object = answer else {
            return failed("not a GraphQL response: the body is not a JSON object")
        }
        let errors = answer["errors"]
        guard answer["data"] != nil || errors != nil else {
            return failed("not a GraphQL response: it has neither \"data\" nor \"errors\"")
        }
        guard case .array(let list)? = errors, let first = list.first else {
            if let errors, errors != .null, errors != .array([]) {
                return failed("\"errors\" is \(errors.typeDescription), not a list")
            }
            return CheckResult(check: Self.graphQLCheck, passed: true, message: nil)
        }
        var message = first["message"]?.scalarText ?? first.brief()
        if case .array(let path)? = first["path"], !path.isEmpty {
            message += " (at " + path.map { $0.scalarText ?? "?" }.joined(separator: ".") + ")"
        }
        let more = list.count > 1 ? " (and \(list.count - 1) more)" : ""
        // The server's words: one line, controls shown visibly, at most 300 characters.
        if message.count > 300 { message = String(message.prefix(300)) + "…" }
        return failed("GraphQL error: \(TerminalText.visibleLine(message))\(more)")
    }
}
