/// `courier check`'s arguments read by hand into a `CheckInvocation`, so a check never touches
/// ArgumentParser: its reflection-based parse was about 2 ms of every check's start, before the
/// workspace is read.
///
/// It takes only what it can read without doubt, as `CallQuickParser` does: names that do not
/// start with `-`, `CheckFlag`'s options and the send flags as `--name VALUE` or `--name=VALUE`,
/// values that do not start with `-`, each single-valued option and flag at most once. Anything
/// else (help, `--`, a flag it does not know, a number that does not read) returns nil, and the
/// caller hands the arguments to ArgumentParser, which gives its own result or message. So the
/// two can only differ in speed; `CheckShortcutTests` compares them.
enum CheckQuickParser {
    /// One of the options `check` takes.
    private enum Option: Hashable {
        case check(CheckFlag)
        case send(CallFlag)

        /// The options `check` shares with `call`: the workspace's and the send flags.
        static let shared: [CallFlag] = [
            .config, .variable, .language, .timeout, .retries, .retryDelay, .noFollow, .noHistory, .noCookies,
        ]

        init?(_ name: String) {
            if let flag = CheckFlag.named(name) {
                self = .check(flag)
            } else if let flag = CallFlag.named(name), Self.shared.contains(flag) {
                self = .send(flag)
            } else {
                return nil
            }
        }

        var takesValue: Bool {
            switch self {
            case .check(let flag): flag.takesValue
            case .send(let flag): flag.takesValue
            }
        }

        var repeats: Bool { self == .check(.env) || self == .send(.variable) }
    }

    /// The check `arguments` (what follows `check`) ask for, or nil to leave them to ArgumentParser.
    static func invocation(_ arguments: [String]) -> CheckInvocation? {
        var check = CheckInvocation()
        var seen = Set<Option>()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                guard !argument.isEmpty else { return nil }
                check.names.append(argument)
                continue
            }
            guard let (name, given) = QuickArgument.split(argument), let option = Option(name),
                option.repeats || seen.insert(option).inserted
            else { return nil }
            guard option.takesValue else {
                // A flag, with no `=VALUE`.
                guard given == nil else { return nil }
                set(option, to: &check)
                continue
            }
            guard let value = QuickArgument.value(given, in: arguments, at: &index), set(option, value, to: &check)
            else { return nil }
        }
        return check
    }

    /// Sets the flag `option`.
    private static func set(_ option: Option, to check: inout CheckInvocation) {
        switch option {
        case .check(.tap): check.tap = true
        case .check(.bail): check.bail = true
        case .check(.baseline): check.baseline = true
        case .check(.yes): check.yes = true
        case .check(.contract): check.contract = true
        case .send(.noFollow): check.send.noFollow = true
        case .send(.noHistory): check.send.noHistory = true
        case .send(.noCookies): check.send.noCookies = true
        default: break
        }
    }

    /// Sets `option` to `value`; false when a number does not read (ArgumentParser reads them
    /// with the types' own initialisers, as here).
    private static func set(_ option: Option, _ value: String, to check: inout CheckInvocation) -> Bool {
        switch option {
        case .check(.env): check.env.append(value)
        case .check(.junit): check.junit = value
        case .check(.reportJSON): check.reportJSON = value
        case .check(.html): check.html = value
        case .check(.retryUntil): check.retryUntil = value
        case .check(.interval): check.interval = value
        case .check(.slower): check.slower = value
        case .check(.passes):
            guard let number = Int(value) else { return false }
            check.passes = number
        case .check(.jobs):
            guard let number = Int(value) else { return false }
            check.jobs = number
        case .send(.config): check.workspace = WorkspaceSource(config: value)
        case .send(.variable): check.send.variables.append(value)
        case .send(.language): check.send.language = value
        case .send(.timeout):
            guard let seconds = Double(value) else { return false }
            check.send.timeout = seconds
        case .send(.retries):
            guard let number = Int(value) else { return false }
            check.send.retries = number
        case .send(.retryDelay):
            guard let seconds = Double(value) else { return false }
            check.send.retryDelay = seconds
        default: return false
        }
        return true
    }
}
