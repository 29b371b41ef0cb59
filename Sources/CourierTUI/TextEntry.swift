/// The one-line editing shared by the route filter, the response search and the live
/// `json_path` filter: characters append, Backspace deletes, Ctrl-U clears.
enum TextEntry {
    enum Outcome {
        /// The text changed (or was cleared).
        case edited
        /// Backspace with nothing left to delete: callers leave the entry mode.
        case backspaceOnEmpty
        /// Not an editing key.
        case ignored
    }

    static func apply(_ key: Key, to text: inout String) -> Outcome {
        switch key {
        case .char(let character):
            text.append(character)
        case .backspace:
            if text.isEmpty { return .backspaceOnEmpty }
            text.removeLast()
        case .ctrl("u"):
            text = ""
        default:
            return .ignored
        }
        return .edited
    }
}
