/// The commands a workspace may run, for `courier trust` and the screen's trust dialog.
extension Workspace {
    /// Every `{{$command "…"}}` written anywhere in the workspace (variables, headers, bodies,
    /// auth), as written, in order of first appearance, each once.
    public var commands: [String] {
        var found: [String] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .string(let text): Self.commands(in: text, into: &found)
            case .array(let items): items.forEach(walk)
            case .object(let members):
                for member in members {
                    Self.commands(in: member.key, into: &found)
                    walk(member.value)
                }
            case .null, .bool, .number: break
            }
        }
        walk(WorkspaceWriter().json(self))
        return found
    }

    private static func commands(in text: String, into found: inout [String]) {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return }
        for segment in Template(text).segments {
            guard case .function(let function) = segment else { continue }
            for argument in function.arguments {
                guard case .quoted(let inner) = argument else { continue }
                if function.name == "command", !found.contains(inner) { found.append(inner) }
                commands(in: inner, into: &found)
            }
        }
    }
}
