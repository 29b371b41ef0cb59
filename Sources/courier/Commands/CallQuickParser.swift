/// `courier call`'s common shapes parsed by hand into plain values, so a plain call never
/// touches ArgumentParser: its reflection-based parse, and the runtime type lookups its property
/// wrappers cost, were a fifth of a small call's CPU time (DECISIONS, "A small call's time").
///
/// It takes only what it can read without doubt: one route, `CallFlag`'s options as `--name
/// VALUE` or `--name=VALUE`, its flags, values that do not start with `-`, each
/// single-valued option at most once. Anything else (help, `--`, a flag it does not know, a
/// number that does not read, a combination `validate()` refuses) returns nil, and the
/// caller hands the arguments to ArgumentParser, which gives its own result or message. So the
/// two can only differ in speed; `CallShortcutTests` compares them.
enum CallQuickParser {
    /// The call `arguments` (what follows `call`) ask for, or nil to leave them to ArgumentParser.
    static func invocation(_ arguments: [String]) -> CallInvocation? {
        var route: String?
        var values = [[String]?](repeating: nil, count: CallFlag.allCases.count)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard route == nil, !argument.isEmpty else { return nil }
                route = argument
                continue
            }
            guard let (name, given) = QuickArgument.split(argument), let option = CallFlag.named(name) else {
                return nil
            }
            if !option.takesValue {
                // A flag: given once, and with no `=VALUE`.
                guard given == nil, values[option.rawValue] == nil else { return nil }
                values[option.rawValue] = []
                continue
            }
            guard let value = QuickArgument.value(given, in: arguments, at: &index),
                option.repeats || values[option.rawValue] == nil
            else { return nil }
            values[option.rawValue] = (values[option.rawValue] ?? []) + [value]
        }
        guard let route else { return nil }
        return build(route: route, values: values)
    }

    /// The call from what was read; nil where a number does not read or `validate()` would
    /// refuse (ArgumentParser then says why).
    private static func build(route: String, values: [[String]?]) -> CallInvocation? {
        func one(_ option: CallFlag) -> String? { values[option.rawValue]?.last }
        func all(_ option: CallFlag) -> [String] { values[option.rawValue] ?? [] }
        func given(_ flag: CallFlag) -> Bool { values[flag.rawValue] != nil }
        // ArgumentParser reads numbers with the types' own initialisers, as here.
        let timeout = one(.timeout).map(Double.init)
        let retries = one(.retries).map { Int($0) }
        let retryDelay = one(.retryDelay).map(Double.init)
        let count = one(.count).map { Int($0) }
        if timeout == .some(nil) || retries == .some(nil) || retryDelay == .some(nil) || count == .some(nil) {
            return nil
        }
        let send = SendSettings(
            variables: all(.variable), language: one(.language), timeout: timeout ?? nil, retries: retries ?? nil,
            retryDelay: retryDelay ?? nil, noFollow: given(.noFollow),
            noHistory: given(.noHistory), noCookies: given(.noCookies))
        let request = RequestSettings(
            params: all(.param), query: all(.query), headers: all(.header), body: one(.body), form: all(.form),
            parts: all(.part), text: one(.text),
            graphQLVariables: one(.graphQLVariables), send: send)
        let call = CallInvocation(
            route: route, workspace: WorkspaceSource(config: one(.config) ?? "environments.json"), env: one(.env),
            request: request,
            output: PrintSettings(
                include: given(.include), raw: given(.raw), jsonPath: one(.jsonPath), timing: given(.timing)),
            yes: given(.yes), curl: given(.curl), showSecrets: given(.showSecrets),
            har: one(.har),
            webSocket: CallInvocation.WebSocketFlags(messages: all(.message), until: one(.until), count: count ?? nil))
        guard (try? call.validate()) != nil else { return nil }
        return call
    }
}
