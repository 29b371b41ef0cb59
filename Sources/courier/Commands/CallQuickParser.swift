/// `courier call`'s common shapes parsed by hand into plain values, so a plain call never
/// touches ArgumentParser: its reflection-based parse, and the runtime type lookups its property
/// wrappers cost, were a fifth of a small call's CPU time (DECISIONS, "A small call's time").
///
/// It takes only what it can read without doubt: one route, the listed options as `--name
/// VALUE` or `--name=VALUE`, the listed flags, values that do not start with `-`, each
/// single-valued option at most once. Anything else (help, `--`, a flag it does not know, a
/// number that does not read, a combination `validate()` refuses) returns nil, and the
/// caller hands the arguments to ArgumentParser, which gives its own result or message. So the
/// two can only differ in speed; `CallShortcutTests` compares them.
enum CallQuickParser {
    /// Options that take a value, by every name they answer to.
    private enum Valued: Int, CaseIterable {
        case env, config, param, query, header, body, form, part, text, variable, language, timeout, retries
        case retryDelay, jsonPath, har

        var names: [String] {
            switch self {
            case .env: ["--env"]
            case .config: ["--config"]
            case .param: ["-p"]
            case .query: ["-q"]
            case .header: ["-H"]
            case .body: ["--body"]
            case .form: ["--form"]
            case .part: ["-F"]
            case .text: ["--text"]
            case .variable: ["--var"]
            case .language: ["--lang"]
            case .timeout: ["--timeout"]
            case .retries: ["--retries"]
            case .retryDelay: ["--retry-delay"]
            case .jsonPath: ["--json-path"]
            case .har: ["--har"]
            }
        }

        /// Options a call may repeat; the others appear once here (the parser decides the rest).
        var repeats: Bool { [.param, .query, .header, .form, .part, .variable].contains(self) }
    }

    /// The flag `argument` names, by its canonical spelling (`--include` is `-i`), or nil.
    ///
    /// A switch and plain arrays rather than a `Set` and a `Dictionary`: each hashed collection
    /// of a new element type makes the Swift runtime search every protocol conformance in the
    /// binary (7,000) for `Hashable`, which cost more than this whole parse.
    private static func flag(_ argument: String) -> String? {
        switch argument {
        case "--yes", "--curl", "--show-secrets", "--no-follow", "--no-history", "--no-cookies", "-i", "--raw":
            argument
        case "--include": "-i"
        default: nil
        }
    }

    /// The call `arguments` (what follows `call`) ask for, or nil to leave them to ArgumentParser.
    static func invocation(_ arguments: [String]) -> CallInvocation? {
        var route: String?
        var values = [[String]?](repeating: nil, count: Valued.allCases.count)
        var seenFlags: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard route == nil, !argument.isEmpty else { return nil }
                route = argument
                continue
            }
            if let flag = flag(argument) {
                guard !seenFlags.contains(flag) else { return nil }
                seenFlags.append(flag)
                continue
            }
            var name = argument
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
                // ArgumentParser calls `--name=` a missing value.
                if value?.isEmpty == true { return nil }
            }
            guard let option = Valued.allCases.first(where: { $0.names.contains(name) }) else { return nil }
            if value == nil {
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                value = arguments[index]
                index += 1
            }
            guard let value, option.repeats || values[option.rawValue] == nil else { return nil }
            values[option.rawValue] = (values[option.rawValue] ?? []) + [value]
        }
        guard let route else { return nil }
        return build(route: route, values: values, flags: seenFlags)
    }

    /// The call from what was read; nil where a number does not read or `validate()` would
    /// refuse (ArgumentParser then says why).
    private static func build(route: String, values: [[String]?], flags: [String]) -> CallInvocation? {
        func one(_ option: Valued) -> String? { values[option.rawValue]?.last }
        func all(_ option: Valued) -> [String] { values[option.rawValue] ?? [] }
        // ArgumentParser reads numbers with the types' own initialisers, as here.
        let timeout = one(.timeout).map(Double.init)
        let retries = one(.retries).map { Int($0) }
        let retryDelay = one(.retryDelay).map(Double.init)
        if timeout == .some(nil) || retries == .some(nil) || retryDelay == .some(nil) { return nil }
        let send = SendSettings(
            variables: all(.variable), language: one(.language), timeout: timeout ?? nil, retries: retries ?? nil,
            retryDelay: retryDelay ?? nil, noFollow: flags.contains("--no-follow"),
            noHistory: flags.contains("--no-history"), noCookies: flags.contains("--no-cookies"))
        let request = RequestSettings(
            params: all(.param), query: all(.query), headers: all(.header), body: one(.body), form: all(.form),
            parts: all(.part), text: one(.text), send: send)
        let call = CallInvocation(
            route: route, workspace: WorkspaceSource(config: one(.config) ?? "environments.json"), env: one(.env),
            request: request,
            output: PrintSettings(
                include: flags.contains("-i"), raw: flags.contains("--raw"), jsonPath: one(.jsonPath)),
            yes: flags.contains("--yes"), curl: flags.contains("--curl"), showSecrets: flags.contains("--show-secrets"),
            har: one(.har))
        guard (try? call.validate()) != nil else { return nil }
        return call
    }
}
