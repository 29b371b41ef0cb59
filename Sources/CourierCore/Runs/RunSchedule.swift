/// Which routes of a run may be in flight together (`--jobs N`), and which must wait.
///
/// A route waits for the last earlier route that captures a variable it uses, directly or
/// through other variables, in its own fields, its checks, the environment's base URL, headers
/// and auth, or the top-level headers. A route that captures waits for the last earlier route
/// that captures the same name, so the value left at the end is the one the order says. A
/// mutating route (not GET, HEAD or OPTIONS) is a barrier: it waits for every route before it
/// and every route after it waits for it, because a write changes what the reads around it see
/// (a login sets the cookie the next route sends) in ways no template shows.
public struct RunSchedule: Sendable, Equatable {
    /// For each route, the indices of the earlier routes that must finish before it starts.
    public let waits: [[Int]]

    /// The schedule of `routes` sent to `environment` of `workspace`.
    public init(routes: [Route], workspace: Workspace, environment: Environment) {
        let writer = WorkspaceWriter()
        var shared: [String] = [environment.baseURL]
        Self.strings(in: writer.environment(environment), into: &shared)
        for header in workspace.headers { shared.append(header.value) }
        var definitions = workspace.variables
        definitions.merge(environment.variables) { $1 }
        let sharedNames = Self.closure(of: shared, definitions: definitions)

        var waits: [[Int]] = []
        var lastCapture: [String: Int] = [:]
        var barrier: Int?
        for (index, route) in routes.enumerated() {
            var texts: [String] = []
            Self.strings(in: writer.route(route), into: &texts)
            let names = sharedNames.union(Self.closure(of: texts, definitions: definitions))
            var before: Set<Int> = []
            if route.method.isSafe {
                if let barrier { before.insert(barrier) }
                for name in names { if let capturer = lastCapture[name] { before.insert(capturer) } }
                for capture in route.captures {
                    if let capturer = lastCapture[capture.name] { before.insert(capturer) }
                }
            } else {
                // Everything since the last barrier, and the barrier itself, which covers the rest.
                before.formUnion((barrier ?? -1) + 1..<index)
                if let barrier { before.insert(barrier) }
                barrier = index
            }
            for capture in route.captures { lastCapture[capture.name] = index }
            waits.append(before.sorted())
        }
        self.waits = waits
    }

    /// Every string in `value`, keys included (a body's key may be a template too).
    static func strings(in value: JSONValue, into texts: inout [String]) {
        switch value {
        case .string(let text): texts.append(text)
        case .array(let items): for item in items { strings(in: item, into: &texts) }
        case .object(let members):
            for member in members {
                texts.append(member.key)
                strings(in: member.value, into: &texts)
            }
        case .null, .bool, .number: break
        }
    }

    /// The variable names `texts` use, and the names their definitions use in turn.
    static func closure(of texts: [String], definitions: [String: String]) -> Set<String> {
        var found: Set<String> = []
        var pending = texts.flatMap { Template.variableNames(in: $0) }
        while let name = pending.popLast() {
            guard found.insert(name).inserted else { continue }
            if let definition = definitions[name] { pending += Template.variableNames(in: definition) }
        }
        return found
    }
}
