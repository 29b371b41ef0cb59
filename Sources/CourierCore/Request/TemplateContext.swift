/// The scopes `{{name}}` and `${NAME}` are looked up in.
///
/// Lookup order for `{{name}}`: `overrides` (`--var`, values set in the TUI) › values
/// captured from earlier responses › the active environment's variables › the workspace's
/// top-level variables (DESIGN.md §6). `${NAME}` reads
/// `processEnvironment` only.
public struct TemplateContext: Sendable, Equatable {
    /// Values from `--var` or the TUI; they win over everything.
    public var overrides: [String: String]
    /// Values captured from earlier responses of this run or screen session.
    public var captured: [String: String] = [:]
    /// The active environment's variables.
    public var environment: [String: String]
    /// Top-level variables of the workspace.
    public var workspace: [String: String]
    /// The process environment, for `${NAME}`.
    public var processEnvironment: [String: String]
    /// The most bytes one value may expand to (`Template.maxRendered` unless a test says less).
    public var maxRendered = Template.maxRendered
    /// Where this send's made values (`{{$uuid}}`, `{{$now}}`) come from; without one, each
    /// placeholder draws its own when it is rendered.
    public var draw: SendDraw?
    /// Values from outside given for this send (a prompt answered in a dialog).
    public var answers: [SendNeed: String] = [:]
    /// What makes the values `answers` lacks (the command line's resolver); none on the screen.
    public var source: SendValueSourceBox?
    /// The field being rendered (`header.X-Request-Id`, `body.items.0.id`): two placeholders
    /// alike in two fields get values of their own.
    public var place = ""

    /// A context; pass `ProcessInfo.processInfo.environment` for real runs.
    public init(
        overrides: [String: String] = [:], environment: [String: String] = [:],
        workspace: [String: String] = [:], processEnvironment: [String: String] = [:]
    ) {
        self.overrides = overrides
        self.environment = environment
        self.workspace = workspace
        self.processEnvironment = processEnvironment
    }

    /// The raw (unrendered) value of `{{name}}`, searching the scopes in order.
    public func rawValue(of name: String) -> String? {
        overrides[name] ?? captured[name] ?? environment[name] ?? workspace[name]
    }

    /// Every variable name visible in this context, for suggestions.
    public var knownNames: [String] {
        Array(Set(overrides.keys).union(captured.keys).union(environment.keys).union(workspace.keys)).sorted()
    }

    /// What `need` gives for this send: an answer given, else the source's value, else
    /// `RequestError.needsValue` for the caller to make it (the screen, through a dialog).
    func outsideValue(_ need: SendNeed) throws(RequestError) -> String {
        if let answer = answers[need] { return answer }
        if let value = try source?.source.value(for: need) { return value }
        throw .needsValue(need)
    }
}
