#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// TAP version 13 for a check run: one test point per check and capture, with YAML
/// diagnostics under each failure (DESIGN.md §6). Secrets are masked.
public struct TAPReport: Sendable {
    /// A report.
    public init() {}

    /// The whole stream.
    @_optimize(size) public func text(_ runs: [EnvironmentRun]) -> String {
        var out = "TAP version 13\n"
        var number = 0
        for run in runs {
            let mask = run.masking
            for route in run.routes {
                for check in route.checks {
                    number += 1
                    let pass = route.pass > 1 ? " (run \(route.pass))" : ""
                    let description = mask("\(run.environment) \(route.route)\(pass): \(check.check)")
                        .replacingHashes()
                    switch route.outcome {
                    case .skipped(let reason):
                        out += "ok \(number) - \(description) # SKIP \(mask(reason))\n"
                    case .passed,
                        .failed where check.passed:
                        out += "ok \(number) - \(description)\n"
                    case .error, .failed:
                        out += "not ok \(number) - \(description)\n"
                        out += "  ---\n"
                        var fields = [
                            ("message", check.message ?? "failed"), ("request", "\(route.method) \(route.url)"),
                        ]
                        if let expected = check.expected { fields.append(("expected", expected)) }
                        if let actual = check.actual { fields.append(("got", actual)) }
                        if case .error = route.outcome { fields.append(("severity", "error")) }
                        for (key, value) in fields { out += "  \(key): \(Self.yamlString(mask(value)))\n" }
                        out += "  ...\n"
                    }
                }
            }
        }
        out += "1..\(number)\n"
        return out
    }

    /// A YAML single-quoted scalar on one line (quotes doubled, line breaks as spaces).
    @_optimize(size) static func yamlString(_ value: String) -> String {
        let flat = value.replacingText("\r", with: " ").replacingText("\n", with: " ")
        return "'" + flat.replacingText("'", with: "''") + "'"
    }
}

extension String {
    /// `#` starts a directive in a TAP description; `\#` keeps it literal.
    @_optimize(size) fileprivate func replacingHashes() -> String { replacingText("#", with: "\\#") }
}
