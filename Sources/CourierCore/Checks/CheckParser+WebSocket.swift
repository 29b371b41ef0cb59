/// The WebSocket queries: `message count`, `message first|last|N [json PATH]`.
extension CheckParser {
    mutating func parseMessage() throws(CheckSyntaxError) -> CheckQuery {
        skipSpaces()
        let column = index + 1
        let which = word(stoppingAtOperators: true)
        let pick: CheckQuery.MessagePick
        switch which {
        case "count": return .message(.count, nil)
        case "first": pick = .first
        case "last": pick = .last
        default:
            guard let number = Int(which), number >= 0, which.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw CheckSyntaxError(
                    column: column,
                    "message takes count, first, last or a number from 0"
                        + (which.isEmpty ? "" : ", not '\(which)'"))
            }
            pick = .index(number)
        }
        let before = index
        skipSpaces()
        let afterSpaces = index
        guard word(stoppingAtOperators: true) == "json" else {
            index = before
            return .message(pick, nil)
        }
        skipSpaces()
        let path = word(stoppingAtOperators: false)
        guard !path.isEmpty else {
            throw CheckSyntaxError(column: afterSpaces + 1, "json needs a path (e.g. type, or . for the whole message)")
        }
        return .message(pick, JSONPath(path == "." ? "" : path))
    }
}
