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

/// The message entry of a live WebSocket conversation.
extension AppState {
    /// Enter sends the draft, ↑ ↓ put one of the route's saved messages in it, Esc closes
    /// the conversation normally (its exchange then comes as any answer does).
    mutating func typeMessage(_ action: Action, id: Int, draft: String, pick: Int?) -> [Effect] {
        let saved = inFlight[id]?.request.webSocket?.messages ?? []
        switch action {
        case .deleteBackward: mode = .typingMessage(id: id, draft: String(draft.dropLast()), pick: nil)
        case .clear: mode = .typingMessage(id: id, draft: "", pick: nil)
        case .up, .down:
            guard !saved.isEmpty else { return [] }
            let next: Int
            if let pick {
                next = (pick + (action == .up ? saved.count - 1 : 1)) % saved.count
            } else {
                next = action == .up ? saved.count - 1 : 0
            }
            mode = .typingMessage(id: id, draft: saved[next], pick: next)
        case .accept:
            guard !draft.isEmpty else { return [] }
            mode = .typingMessage(id: id, draft: "", pick: nil)
            return [.sendMessage(id: id, text: draft)]
        case .cancel:
            mode = .normal
            status = StatusLine(text: "closing the conversation (1000)…", isError: false)
            return [.closeConversation(id: id)]
        default: break
        }
        return []
    }
}
