/// A problem with the workspace file or with a name looked up in it.
public enum WorkspaceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The file is not valid JSON.
    case syntax(file: String, JSONSyntaxError)
    /// The JSON is valid but a value has the wrong shape; `keyPath` is like `routes[2].method`.
    case invalid(file: String, keyPath: String, message: String)
    /// `--env` or the switcher named an environment that does not exist.
    case unknownEnvironment(String, suggestion: String?, available: [String])
    /// `courier call` named a route that does not exist.
    case unknownRoute(String, suggestion: String?)
    /// `courier check` was given a glob that selects nothing.
    case unmatchedPattern(String)
    /// The file is sealed and could not be opened (no password, a wrong one, a damaged file).
    case sealed(file: String, SealError)

    /// One line for the user.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot read the workspace: \(reason)"
        case .syntax(let file, let error):
            return "\(file): \(error)"
        case .invalid(let file, let keyPath, let message):
            return "\(file): \(keyPath): \(message)"
        case .unknownEnvironment(let name, let suggestion, let available):
            if let suggestion { return "unknown environment '\(name)'; did you mean '\(suggestion)'?" }
            let list = available.isEmpty ? "none are defined" : "available: " + available.joined(separator: ", ")
            return "unknown environment '\(name)' (\(list))"
        case .unknownRoute(let name, let suggestion):
            if let suggestion { return "unknown route '\(name)'; did you mean '\(suggestion)'?" }
            return "unknown route '\(name)' (run 'courier routes' to list them)"
        case .sealed(let file, .noPassword):
            return "\(file) is sealed: set COURIER_PASSWORD, or run on a terminal to be asked for its password"
        case .sealed(let file, let error):
            return "\(file): \(error)"
        case .unmatchedPattern(let pattern):
            return
                "'\(pattern)' matches no route to send (a mutating route joins through a glob only when it has checks)"
        }
    }
}
