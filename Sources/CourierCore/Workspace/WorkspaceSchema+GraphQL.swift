/// `"graphql": {"query" | "file", "variables"?, "operation_name"?}` on a route.
extension WorkspaceSchema {
    func graphql(_ value: JSONValue, _ path: String) throws(WorkspaceError) -> GraphQLBody {
        var text: String?
        var file: String?
        var variables: JSONValue?
        var operationName: String?
        for member in try reader.members(value, path, allowed: ["query", "file", "variables", "operation_name"]) {
            let keyPath = reader.join(path, member.key)
            switch member.key {
            case "query": text = try reader.string(member.value, keyPath)
            case "file": file = try reader.string(member.value, keyPath)
            case "variables":
                guard case .object = member.value else {
                    throw reader.fail(keyPath, "is a JSON object of the query's variables")
                }
                variables = member.value
            default: operationName = try reader.string(member.value, keyPath)
            }
        }
        switch (text, file) {
        case (let text?, nil):
            return GraphQLBody(query: .text(text), variables: variables, operationName: operationName)
        case (nil, let file?) where !file.isEmpty:
            return GraphQLBody(query: .file(file), variables: variables, operationName: operationName)
        case (nil, _?): throw reader.fail(reader.join(path, "file"), "is empty")
        case (_?, _?): throw reader.fail(path, "has both \"query\" and \"file\"; the query is in one of them")
        case (nil, nil): throw reader.fail(path, "needs \"query\" (the text) or \"file\" (a .graphql file)")
        }
    }
}
