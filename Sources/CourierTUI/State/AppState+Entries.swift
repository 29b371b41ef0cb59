import CourierCore

/// The one-line text entries of the Response pane: the search and the live `json_path`.
extension AppState {
    /// Typing a search: Enter finds, Esc (or Backspace on empty) leaves.
    mutating func search(_ action: Action, query: String) -> [Effect] {
        switch action {
        case .deleteBackward where query.isEmpty, .cancel: mode = .normal
        case .deleteBackward: mode = .searchingBody(query: String(query.dropLast()))
        case .clear: mode = .searchingBody(query: "")
        case .accept:
            mode = .normal
            let height = responseBodyHeight
            response?.find(query, height: height)
            if let search = response?.search {
                status = search.lines.isEmpty ? StatusLine(text: "no match for '\(query)'", isError: true) : nil
            }
        default: break
        }
        return []
    }

    /// Typing a `json_path`: every change is applied at once; Enter keeps it, Esc restores
    /// the path shown before.
    mutating func typePath(_ action: Action, typed: String, before: String?) -> [Effect] {
        switch action {
        case .deleteBackward: return typePath(typed: String(typed.dropLast()), before: before)
        case .clear: return typePath(typed: "", before: before)
        case .accept: mode = .normal
        case .cancel:
            mode = .normal
            response?.apply(path: before ?? "")
        default: break
        }
        return []
    }

    /// Shows `typed` as the path being typed and applies it.
    mutating func typePath(typed: String, before: String?) -> [Effect] {
        mode = .typingPath(typed: typed, before: before)
        response?.apply(path: typed)
        return []
    }
}
