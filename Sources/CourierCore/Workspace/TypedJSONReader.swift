/// Reads typed values out of a parsed JSON tree and names the key path of anything of the
/// wrong shape (`routes[2].method: expected a string, found a number`).
///
/// It knows JSON shapes, not what the keys mean: `WorkspaceSchema` says that.
struct TypedJSONReader {
    /// The file name used in messages.
    let file: String

    func fail(_ path: String, _ message: String) -> WorkspaceError {
        .invalid(file: file, keyPath: path.isEmpty ? "(top level)" : path, message: message)
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The members of an object, minus `_comment`-style keys; an unknown or repeated key is an
    /// error, because a typo such as `"protcted": true` must not silently leave production
    /// unprotected.
    func members(_ value: JSONValue, _ path: String, allowed: [String]) throws(WorkspaceError) -> [JSONMember] {
        guard case .object(let members) = value else {
            throw fail(path, "expected an object, found \(value.typeDescription)")
        }
        // A route is read per route of a workspace of hundreds: the key's path is spelled out
        // only for an error, and repeats are found without hashing in an object of a few keys.
        var seen: Set<String>? = members.count > 16 ? [] : nil
        for (index, member) in members.enumerated() where !member.key.hasPrefix("_") {
            guard allowed.contains(member.key) else {
                let hint = NameSuggester.closest(to: member.key, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail(join(path, member.key), "unknown key\(hint)")
            }
            let repeated =
                seen?.insert(member.key).inserted == false
                || (seen == nil && members[..<index].contains { $0.key == member.key })
            if repeated { throw fail(join(path, member.key), "appears twice") }
        }
        return members.contains { $0.key.hasPrefix("_") } ? members.filter { !$0.key.hasPrefix("_") } : members
    }

    /// The members of an object whose keys are names chosen by the user (environments,
    /// configurations), each name once.
    func namedMembers(_ value: JSONValue, _ path: String, of what: String) throws(WorkspaceError) -> [JSONMember] {
        guard case .object(let members) = value else {
            throw fail(path, "expected an object of \(what), found \(value.typeDescription)")
        }
        var names: Set<String> = []
        for member in members where !names.insert(member.key).inserted {
            throw fail(join(path, member.key), "appears twice")
        }
        return members
    }

    func array(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [JSONValue] {
        guard case .array(let items) = value else {
            throw fail(path, "expected an array, found \(value.typeDescription)")
        }
        return items
    }

    func string(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> String {
        guard case .string(let text) = value else {
            throw fail(path, "expected a string, found \(value.typeDescription)")
        }
        return text
    }

    /// A variable or parameter value: strings as they are, numbers and booleans as written.
    func scalar(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> String {
        guard let text = value.scalarText, value != .null else {
            throw fail(path, "expected a string, number or boolean, found \(value.typeDescription)")
        }
        return text
    }

    func bool(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> Bool {
        guard case .bool(let flag) = value else {
            throw fail(path, "expected true or false, found \(value.typeDescription)")
        }
        return flag
    }

    func number(_ value: JSONValue, _ path: String, minimum: Double = 0) throws(WorkspaceError) -> Double {
        guard case .number(let literal) = value, let number = Double(literal) else {
            throw fail(path, "expected a number, found \(value.typeDescription)")
        }
        guard number >= minimum else {
            let shown = minimum.rounded() == minimum && abs(minimum) < 1e15 ? String(Int(minimum)) : String(minimum)
            throw fail(path, "must be at least \(shown)")
        }
        return number
    }

    func integer(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> Int {
        guard case .number(let literal) = value, let number = Int(literal), number >= 0 else {
            throw fail(path, "expected a whole number ≥ 0, found \(value.typeDescription)")
        }
        return number
    }

    func stringList(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [String] {
        guard case .array(let items) = value else {
            throw fail(path, "expected an array of strings, found \(value.typeDescription)")
        }
        var result: [String] = []
        for (index, item) in items.enumerated() { result.append(try string(item, "\(path)[\(index)]")) }
        return result
    }

    func stringMap(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [(String, String)] {
        guard case .object(let members) = value else {
            throw fail(path, "expected an object, found \(value.typeDescription)")
        }
        var result: [(String, String)] = []
        for member in members { result.append((member.key, try scalar(member.value, join(path, member.key)))) }
        return result
    }

    func variables(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [String: String] {
        var result: [String: String] = [:]
        for (name, text) in try stringMap(value, path) { result[name] = text }
        return result
    }

    /// Headers in order; an array value repeats the header: `{"Accept": ["a", "b"]}`.
    /// Headers as `query` reads them; `null` is a header sent with an empty value (`""` removes one).
    func headers(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [HeaderField] {
        guard case .object(let members) = value else {
            throw fail(path, "expected an object, found \(value.typeDescription)")
        }
        var result: [HeaderField] = []
        for member in members {
            guard HeaderField.isToken(member.key) else {
                throw fail(join(path, member.key), "is not a valid header name")
            }
            // `null`, alone or in an array, is a header sent empty on purpose.
            result += try query(.object([member]), path).map {
                $0.bare ? .empty($0.name) : HeaderField($0.name, $0.value)
            }
        }
        return result
    }

    /// Query parameters; an array value repeats the parameter: `{"tag": ["a", "b"]}` → `tag=a&tag=b`.
    func query(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> [QueryItem] {
        guard case .object(let members) = value else {
            throw fail(path, "expected an object, found \(value.typeDescription)")
        }
        var items: [QueryItem] = []
        for member in members {
            let keyPath = join(path, member.key)
            if case .array(let values) = member.value {
                for (index, item) in values.enumerated() {
                    items.append(
                        item == .null
                            ? QueryItem(member.key, "", bare: true)
                            : QueryItem(member.key, try scalar(item, "\(keyPath)[\(index)]")))
                }
            } else if member.value == .null {
                items.append(QueryItem(member.key, "", bare: true))
            } else {
                items.append(QueryItem(member.key, try scalar(member.value, keyPath)))
            }
        }
        return items
    }
}
