/// A value a template asks for that the pure builder cannot make itself: it comes from the
/// user, the disk or another program (`{{$prompt}}`, `{{$file}}`, `{{$command}}`).
public enum SendNeed: Sendable, Hashable, CustomStringConvertible {
    /// `{{$prompt "label"}}`: typed by the user, shown as typed.
    case prompt(String)
    /// `{{$prompt.secret "label"}}`: typed unseen, masked wherever it appears.
    case secretPrompt(String)
    /// `{{$file "path"}}`: a text file's content, relative to the workspace's folder and
    /// confined to it.
    case file(String)
    /// `{{$command "pass show api/token"}}`: what a command prints (a secret), once the
    /// workspace file is trusted on this machine.
    case command(String)

    /// Whether the value is masked in every output as a secret variable's is.
    public var isSecret: Bool {
        switch self {
        case .secretPrompt, .command: true
        case .prompt, .file: false
        }
    }

    /// The placeholder as it would be written.
    public var description: String {
        switch self {
        case .prompt(let label): "{{$prompt \(TemplateFunction.quoted(label))}}"
        case .secretPrompt(let label): "{{$prompt.secret \(TemplateFunction.quoted(label))}}"
        case .file(let path): "{{$file \(TemplateFunction.quoted(path))}}"
        case .command(let command): "{{$command \(TemplateFunction.quoted(command))}}"
        }
    }
}

/// Where the builder gets what a `SendNeed` asks for: the command line's resolver prompts on the
/// terminal, reads files and runs trusted commands; the screen has none, and answers what the
/// builder reports missing (`RequestError.needsValue`) through its dialogs.
public protocol SendValueSource: AnyObject, Sendable {
    /// The value for `need`, nil when this source cannot make it, or the reason it failed.
    func value(for need: SendNeed) throws(RequestError) -> String?
    /// Every secret value made so far (masked in every exchange built after it).
    var secretValues: [String] { get }
}

/// A `SendValueSource` held by a value that compares equal when it is the same source.
public struct SendValueSourceBox: Sendable, Equatable {
    /// The source.
    public let source: any SendValueSource

    /// `source`, boxed.
    public init(_ source: any SendValueSource) { self.source = source }

    public static func == (left: SendValueSourceBox, right: SendValueSourceBox) -> Bool {
        left.source === right.source
    }
}
