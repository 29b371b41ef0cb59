/// Why a request could not be built. Every case is raised before any byte is sent.
public enum RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `{{name}}` has no value in any scope.
    case unknownVariable(String, suggestion: String?)
    /// `{{name}}` has no value yet, and these routes capture it.
    case capturedVariable(String, routes: [String])
    /// `${NAME}` is not set in the process environment and has no default.
    case unsetProcessVariable(String)
    /// A `{{` or `${` without its closing braces.
    case unterminatedTemplate(String)
    /// A variable's value refers back to itself.
    case variableCycle(String)
    /// A value expands past `limit` bytes, the variable named being where it crossed it.
    case renderedTooLarge(String, limit: Int)
    /// A path parameter has no value (or an empty one).
    case missingPathParameter(String, route: String)
    /// A value was given for a path parameter the route does not have.
    case unknownPathParameter(String, route: String, available: [String])
    /// The final URL is not a usable http(s) URL.
    case invalidURL(String, route: String, environment: String, reason: String)
    /// `-H` text that is not `Name: value`.
    case badHeader(String)
    /// A header value that contains a line break after templates were filled in.
    case badHeaderValue(name: String)
    /// A body that is not valid JSON.
    case invalidBody(JSONSyntaxError)
    /// A `-q`, `-p` or `--var` argument without `=`.
    case badAssignment(String, option: String)
    /// A mutating request to a protected environment without confirmation.
    case needsConfirmation(method: String, environment: String)
    /// A `{{$function …}}` placeholder that cannot be made: an unknown name, a bad argument.
    case badFunction(String, reason: String)
    /// A value from outside (a prompt, a file, a command) that nothing has given yet: the
    /// screen asks for it and builds again.
    case needsValue(SendNeed)
    /// A value from outside that could not be had: the file is missing, the command failed.
    case valueFailed(SendNeed, reason: String)
    /// A GraphQL route that cannot be sent as written.
    case graphQL(GraphQLRequestError)

    /// One line for the screen, which has keys and fields where the command line has flags.
    public var screenDescription: String {
        switch self {
        case .unknownVariable(let name, let suggestion):
            let hint =
                suggestion.map { "; did you mean '{{\($0)}}'?" }
                ?? " (set it in the environment, or in a field where it is used)"
            return "unknown variable '{{\(name)}}'\(hint)"
        case .missingPathParameter(let name, _):
            return "fill the path field '\(name)'"
        case .capturedVariable(let name, let routes):
            return
                "'{{\(name)}}' is captured by \(routes.joined(separator: ", ")): send it first (or run a run with it)"
        case .needsValue(let need):
            return "\(need) is asked for when you send"
        default:
            return description
        }
    }

    /// One line for the user.
    public var description: String {
        switch self {
        case .unknownVariable(let name, let suggestion):
            let hint =
                suggestion.map { "; did you mean '{{\($0)}}'?" }
                ?? " (set it with --var \(name)=VALUE or in environments.json)"
            return "unknown variable '{{\(name)}}'\(hint)"
        case .capturedVariable(let name, let routes):
            return
                "'{{\(name)}}' is captured by \(routes.joined(separator: ", ")): call it first (or run a run that includes it)"
        case .unsetProcessVariable(let name):
            return "environment variable \(name) is not set (export it, or write ${\(name):-default})"
        case .unterminatedTemplate(let text):
            return "unterminated template in '\(text)'"
        case .variableCycle(let name):
            return "variable '\(name)' refers to itself"
        case .renderedTooLarge(let name, let limit):
            return
                "variable '\(name)' expands past \(ByteCount.format(limit)); refused (do its variables repeat each other?)"
        case .missingPathParameter(let name, let route):
            return "route '\(route)' needs path parameter '\(name)' (pass -p \(name)=VALUE)"
        case .unknownPathParameter(let name, let route, let available):
            let list = available.isEmpty ? "it has none" : "it has: " + available.joined(separator: ", ")
            return "route '\(route)' has no path parameter '\(name)' (\(list))"
        case .invalidURL(let url, let route, let environment, let reason):
            return "cannot build a URL for route '\(route)' in environment '\(environment)': '\(url)' \(reason)"
        case .badHeader(let text):
            return "bad header '\(text)' (expected 'Name: value')"
        case .badHeaderValue(let name):
            return "header '\(name)' has a line break in its value"
        case .invalidBody(let error):
            return "the body is not valid JSON: \(error)"
        case .badAssignment(let text, let option):
            return "bad \(option) value '\(text)' (expected NAME=VALUE)"
        case .needsConfirmation(let method, let environment):
            return
                "environment '\(environment)' is protected: refusing to send \(method) without confirmation (pass --yes)"
        case .badFunction(let source, let reason):
            return "{{\(source)}}: \(reason)"
        case .needsValue(let need):
            return "\(need) needs a value and there is no one to ask (run it in a terminal)"
        case .valueFailed(let need, let reason):
            return "\(need): \(reason)"
        case .graphQL(let error):
            return error.description
        }
    }
}
