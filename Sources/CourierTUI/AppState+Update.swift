import CourierCore

extension AppState {
    /// Applies `msg` and returns the effects the runtime must run. Pure: no I/O, no clock.
    public mutating func update(_ msg: Msg) -> [Effect] {
        switch msg {
        case .resize(let width, let height):
            self.width = width
            self.height = height
            if var shown = response {
                shown.scroll(by: 0, height: responseBodyHeight)
                response = shown
            }
            return []
        case .tick:
            if !inFlight.isEmpty { spinnerFrame += 1 }
            return []
        case .response(let id, let result):
            return receive(id: id, result: result)
        case .progress(let id, let received, let elapsed):
            inFlight[id]?.received = received
            inFlight[id]?.elapsed = elapsed
            return []
        case .editorFinished(let result):
            return finishEditing(result)
        case .notice(let text, let isError):
            status = StatusLine(text: text, isError: isError)
            return []
        case .key(let key):
            return handle(key)
        }
    }

    // MARK: Keys

    mutating func handle(_ key: Key) -> [Effect] {
        if key == .ctrl("c") { return [.saveSession, .quit] }
        if let modal { return handle(key, in: modal) }
        if responseQuery != nil { return typeQuery(key) }
        if pathFilter != nil { return typePath(key) }
        if key == .escape { return escape() }
        if isFiltering { return filter(key) }
        switch key {
        case .tab:
            focus = focus.next
            return []
        case .backTab:
            focus = focus.previous
            return []
        case .function(1):
            modal = .help
            return []
        default:
            break
        }
        if focus == .request, openRoute != nil { return editForm(key) }
        switch key {
        case .char("q"): return [.saveSession, .quit]
        case .char("?"): modal = .help
        case .char("e"): modal = .environmentSwitcher(cursor: activeEnvironment)
        case .char("L"): return cycleLanguage()
        case .char("/") where focus == .response && response != nil:
            responseQuery = ""
        case .char("p") where focus == .response && response?.isJSON == true:
            pathFilter = (response?.jsonPath ?? "", response?.jsonPath)
        case .char("/"):
            focus = .routes
            isFiltering = true
            status = nil
        case .char("E"): return openEditor()
        default:
            switch focus {
            case .environments: return environmentsKey(key)
            case .routes: return routesKey(key)
            case .request: if key == .enter { return send() }
            case .response:
                if key == .char("c") || key == .char("C") { return copy(path: key == .char("C")) }
                responseKey(key)
            }
        }
        return []
    }

    mutating func escape() -> [Effect] {
        if !inFlight.isEmpty {
            let ids = inFlight.keys.sorted()
            inFlight.removeAll()
            status = StatusLine(
                text: ids.count == 1 ? "request cancelled" : "\(ids.count) requests cancelled", isError: false)
            return ids.map { Effect.cancel(id: $0) }
        }
        if isFiltering {
            isFiltering = false
            return []
        }
        if focus == .request || focus == .response { focus = .routes }
        return []
    }

    mutating func filter(_ key: Key) -> [Effect] {
        switch TextEntry.apply(key, to: &routeFilter) {
        case .edited:
            routeCursor = 0
            return []
        case .backspaceOnEmpty:
            isFiltering = false
            return []
        case .ignored:
            break
        }
        switch key {
        case .down, .up:
            return routesKey(key)
        case .enter:
            isFiltering = false
            return routesKey(.enter)
        default:
            break
        }
        return []
    }

    mutating func environmentsKey(_ key: Key) -> [Effect] {
        switch key {
        case .down, .char("j"): environmentCursor = min(environmentCursor + 1, workspace.environments.count - 1)
        case .up, .char("k"): environmentCursor = max(environmentCursor - 1, 0)
        case .home, .char("g"): environmentCursor = 0
        case .end, .char("G"): environmentCursor = workspace.environments.count - 1
        case .enter: return activate(environment: environmentCursor)
        default: break
        }
        return []
    }

    mutating func routesKey(_ key: Key) -> [Effect] {
        let count = filteredRoutes.count
        switch key {
        case .down, .char("j"): routeCursor = min(routeCursor + 1, max(0, count - 1))
        case .up, .char("k"): routeCursor = max(routeCursor - 1, 0)
        case .home, .char("g"): routeCursor = 0
        case .end, .char("G"): routeCursor = max(0, count - 1)
        case .pageDown: routeCursor = min(routeCursor + 10, max(0, count - 1))
        case .pageUp: routeCursor = max(routeCursor - 10, 0)
        case .enter:
            guard let route = selectedRoute else { return [] }
            open(route)
            focus = .request
        default: break
        }
        return []
    }

    /// Shows `route` in the Request pane, creating its form from defaults and saved values.
    mutating func open(_ route: Route) {
        if forms[route.name] == nil {
            forms[route.name] = RequestForm(route: route, saved: savedFields[route.name] ?? [:])
        }
        openRoute = route.name
    }
}
