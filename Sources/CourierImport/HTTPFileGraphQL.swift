import CourierCore

/// httpyac's GraphQL requests: a body that is a query (`query`, `mutation`, `subscription`),
/// its variables as a JSON object after a blank line, and the `fragment`s written earlier in
/// the file that it spreads (`...Parts`), sent as the JSON object GraphQL servers read:
/// `{"query", "operationName", "variables"}`.
enum HTTPFileGraphQL {
    /// A fragment definition's name, when `line` opens one (`fragment Parts on Repository {`).
    static func fragmentName(_ line: String) -> String? {
        let words = line.split(separator: " ")
        guard words.count >= 4, words[0] == "fragment", words[2] == "on" else { return nil }
        return String(words[1])
    }

    /// The JSON body for `lines` when they are a GraphQL query; nil when they are not one.
    static func body(_ lines: [String], fragments: [String: String]) -> String? {
        guard let first = lines.first?.trimmingWhitespace(),
            ["query", "mutation", "subscription"].contains(where: { first == $0 || first.hasPrefix($0 + " ") })
                || first.hasPrefix("query(") || first.hasPrefix("mutation(")
        else { return nil }
        // The variables: the last part after a blank line, when it is a JSON object.
        var query = lines
        var variables: JSONValue?
        if let blank = lines.lastIndex(where: { $0.trimmingWhitespace().isEmpty }),
            lines[lines.index(after: blank)...].first?.trimmingWhitespace().hasPrefix("{") == true
        {
            let text = lines[lines.index(after: blank)...].joined(separator: "\n")
            if let parsed = try? JSONValue.parse(Array(text.utf8)), case .object = parsed {
                variables = parsed
                query = Array(lines[..<blank])
            }
        }
        var text = query.joined(separator: "\n")
        // Each fragment spread, and the ones those spread, once.
        var added: Set<String> = []
        var pending = spreads(in: text)
        while let name = pending.first {
            pending.removeFirst()
            guard let fragment = fragments[name], added.insert(name).inserted else { continue }
            text += "\n\n" + fragment
            pending += spreads(in: fragment)
        }
        var members = [JSONMember("query", .string(text))]
        // `query name(…) {`: the name right after the keyword, if any (`mutation { … }` has none).
        let name = first.drop { $0.isLetter }.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        if !name.isEmpty { members.append(JSONMember("operationName", .string(String(name)))) }
        if let variables { members.append(JSONMember("variables", variables)) }
        return JSONValue.object(members).serialized
    }

    /// The fragment names `text` spreads (`...Parts`, not `... on Type`).
    private static func spreads(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let range = rest.firstRange(ofText: "...") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty && name != "on" { names.append(String(name)) }
            rest = rest[range.upperBound...]
        }
        return names
    }
}
