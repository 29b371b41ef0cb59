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

    private mutating func handle(_ key: Key) -> [Effect] {
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

    private mutating func escape() -> [Effect] {
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

    private mutating func filter(_ key: Key) -> [Effect] {
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

    private mutating func environmentsKey(_ key: Key) -> [Effect] {
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

    private mutating func routesKey(_ key: Key) -> [Effect] {
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

    private mutating func responseKey(_ key: Key) {
        guard var shown = response else { return }
        let page = max(1, responseBodyHeight - 1)
        switch key {
        case .down, .char("j"): shown.moveCursor(by: 1, height: responseBodyHeight)
        case .up, .char("k"): shown.moveCursor(by: -1, height: responseBodyHeight)
        case .pageDown, .char(" "): shown.moveCursor(by: page, height: responseBodyHeight)
        case .pageUp, .char("b"): shown.moveCursor(by: -page, height: responseBodyHeight)
        case .home, .char("g"): shown.moveCursor(by: -shown.lineCount, height: responseBodyHeight)
        case .end, .char("G"): shown.moveCursor(by: shown.lineCount, height: responseBodyHeight)
        case .char("h"):
            shown.showHeaders.toggle()
            shown.scroll = 0
            shown.cursor = 0
        case .char("v"):
            shown.showWholeBody.toggle()
            shown.scroll = 0
            shown.cursor = 0
            shown.search = nil
            shown.resetFolds()
        case .char("f"): shown.toggleFold()
        case .char("F"):
            // Cycle: fold to depth 1, 2, 3, then unfold everything.
            let next: Int? =
                switch shown.foldDepth {
                case nil: 1
                case let depth? where depth < 3: depth + 1
                default: nil
                }
            shown.fold(toDepth: next)
            status = StatusLine(text: next.map { "folded to depth \($0)" } ?? "unfolded", isError: false)
        case .char(let digit) where digit.isASCII && digit.isNumber:
            // 1–9 fold everything to that depth; 0 unfolds.
            let depth = Int(String(digit)) ?? 0
            shown.fold(toDepth: depth == 0 ? nil : depth)
            status = StatusLine(text: depth == 0 ? "unfolded" : "folded to depth \(depth)", isError: false)
        case .char("n"): shown.nextMatch(forward: true, height: responseBodyHeight)
        case .char("N"): shown.nextMatch(forward: false, height: responseBodyHeight)
        default: break
        }
        response = shown
    }

    /// The largest body `c` puts on the clipboard: terminals drop bigger OSC 52 payloads.
    public static let clipboardLimit = 1 << 20

    /// `c` copies the value under the cursor (the whole body when it is not JSON), `C` the
    /// `json_path` of the value under the cursor.
    private mutating func copy(path: Bool) -> [Effect] {
        guard let shown = response else { return [] }
        let document = shown.unfoldedBody
        let headerCount = shown.showHeaders ? shown.headerLines.count + 1 : 0
        let row = shown.cursor - headerCount
        let line = row < 0 ? nil : (shown.folded?.sourceLines[safe: row] ?? row)
        if path {
            let base = shown.showWholeBody ? "" : (shown.jsonPath ?? "")
            let inner = shown.isJSON ? line.flatMap { JSONLineLocator.path(of: $0, in: document) } : nil
            let full = [base, inner ?? ""].filter { !$0.isEmpty }.joined(separator: ".")
            guard !full.isEmpty else {
                status = StatusLine(text: "the top-level value has no json_path", isError: true)
                return []
            }
            status = StatusLine(text: "copied json path \(full)", isError: false)
            return [.copy(text: full)]
        }
        var text: String
        if shown.isJSON, let line, let value = JSONLineLocator.value(at: line, in: document) {
            text = value
        } else {
            text = (0..<document.lineCount).map(document.line).joined(separator: "\n")
        }
        guard text.utf8.count <= Self.clipboardLimit else {
            status = StatusLine(
                text: "\(ByteCount.format(text.utf8.count)) is too large for the clipboard; p narrows it", isError: true
            )
            return []
        }
        let masked = SecretMask.apply(text, hiding: shown.secretValues)
        status = StatusLine(text: "copied \(ByteCount.format(masked.utf8.count)) to the clipboard", isError: false)
        return [.copy(text: masked)]
    }

    /// Keys while typing a `json_path` in the Response pane: every change is applied at once.
    private mutating func typePath(_ key: Key) -> [Effect] {
        guard let filter = pathFilter else { return [] }
        var typed = filter.typed
        let before = filter.before
        if case .edited = TextEntry.apply(key, to: &typed) {
            pathFilter = (typed, before)
            response?.apply(path: typed)
            return []
        }
        switch key {
        case .enter:
            pathFilter = nil
            return []
        case .escape:
            pathFilter = nil
            response?.apply(path: before ?? "")
            return []
        default: return []
        }
    }

    /// Keys while typing a search in the Response pane.
    private mutating func typeQuery(_ key: Key) -> [Effect] {
        guard var query = responseQuery else { return [] }
        switch TextEntry.apply(key, to: &query) {
        case .edited:
            responseQuery = query
            return []
        case .backspaceOnEmpty:
            responseQuery = nil
            return []
        case .ignored:
            break
        }
        switch key {
        case .escape:
            responseQuery = nil
            return []
        case .enter:
            responseQuery = nil
            let height = responseBodyHeight
            response?.find(query, height: height)
            if let search = response?.search {
                status = search.lines.isEmpty ? StatusLine(text: "no match for '\(query)'", isError: true) : nil
            }
            return []
        default:
            return []
        }
    }

    private mutating func editForm(_ key: Key) -> [Effect] {
        guard let name = openRoute, var form = forms[name] else { return [] }
        var changed = true
        switch key {
        case .enter:
            return send()
        case .up:
            form.moveFocus(-1)
            changed = false
        case .down:
            form.moveFocus(1)
            changed = false
        case .left:
            form.moveCursor(-1)
            changed = false
        case .right:
            form.moveCursor(1)
            changed = false
        case .home, .ctrl("a"):
            form.moveCursorToStart(true)
            changed = false
        case .end:
            form.moveCursorToStart(false)
            changed = false
        case .backspace: form.backspace()
        case .delete: form.deleteForward()
        case .ctrl("u"): form.clearToStart()
        case .ctrl("n"): form.addHeader()
        case .ctrl("d"): form.removeFocusedHeader()
        case .ctrl("e"):
            return openEditor()
        case .char(let character): form.insert(character)
        default: changed = false
        }
        forms[name] = form
        return changed ? [.saveSession] : []
    }

    private mutating func handle(_ key: Key, in modal: Modal) -> [Effect] {
        switch modal {
        case .help:
            if [.escape, .char("?"), .char("q"), .enter, .function(1)].contains(key) { self.modal = nil }
            return []
        case .environmentSwitcher(let cursor):
            let last = workspace.environments.count - 1
            switch key {
            case .down, .char("j"): self.modal = .environmentSwitcher(cursor: min(cursor + 1, last))
            case .up, .char("k"): self.modal = .environmentSwitcher(cursor: max(cursor - 1, 0))
            case .enter:
                self.modal = nil
                return activate(environment: cursor)
            case .escape, .char("q"), .char("e"): self.modal = nil
            case .char(let character) where character.isNumber:
                if let index = Int(String(character)), index >= 1, index <= last + 1 {
                    self.modal = nil
                    return activate(environment: index - 1)
                }
            default: break
            }
            return []
        case .confirm(let id, let request):
            self.modal = nil
            guard key == .char("y") || key == .char("Y") else {
                status = StatusLine(
                    text: "not sent: \(request.request.method) to \(request.origin.environmentName) cancelled",
                    isError: false)
                return []
            }
            return dispatch(id: id, request: request)
        }
    }

    // MARK: Actions

    private mutating func activate(environment index: Int) -> [Effect] {
        guard workspace.environments.indices.contains(index) else { return [] }
        activeEnvironment = index
        environmentCursor = index
        status = StatusLine(
            text: "environment: \(environment.name)\(environment.isProtected ? " (protected)" : "")", isError: false)
        return [.saveSession]
    }

    private mutating func cycleLanguage() -> [Effect] {
        guard !workspace.languages.isEmpty else {
            status = StatusLine(text: "this workspace lists no languages", isError: false)
            return []
        }
        languageIndex = ((languageIndex ?? -1) + 1) % workspace.languages.count
        status = StatusLine(text: "language: \(language ?? "")", isError: false)
        return [.saveSession]
    }

    private mutating func openEditor() -> [Effect] {
        guard let (route, form) = openForm else {
            status = StatusLine(text: "open a route first (Enter on a route)", isError: true)
            return []
        }
        guard form.fields.contains(where: { $0.section == .body }) || route.body != nil else {
            status = StatusLine(text: "\(route.name) has no body to edit", isError: true)
            return []
        }
        return [.openEditor(text: form.bodyText)]
    }

    private mutating func finishEditing(_ result: Result<String, EditorError>) -> [Effect] {
        switch result {
        case .failure(let error):
            status = StatusLine(text: error.message, isError: true)
            return []
        case .success(let text):
            guard let name = openRoute, var form = forms[name] else { return [] }
            do {
                try form.replaceBody(with: text)
            } catch {
                status = StatusLine(text: error.description, isError: true)
                return []
            }
            forms[name] = form
            status = StatusLine(text: "body updated from the editor", isError: false)
            return [.saveSession]
        }
    }

    /// Builds the open form's request and sends it, or asks for confirmation first.
    mutating func send() -> [Effect] {
        guard let (route, form) = openForm else {
            if let route = selectedRoute {
                open(route)
                return send()
            }
            return []
        }
        var request: PreparedRequest
        do {
            var input = try form.input()
            input.language = language
            request = try builder.build(route: route, environment: environment, input: input)
            request.options.maxBodyInMemory = maxBodyInMemory
        } catch let error as FormError {
            status = StatusLine(text: error.description, isError: true)
            return []
        } catch let error as RequestError {
            status = StatusLine(text: error.description, isError: true)
            return []
        } catch {
            status = StatusLine(text: "\(error)", isError: true)
            return []
        }
        let id = nextRequestID
        nextRequestID += 1
        if request.needsConfirmation {
            modal = .confirm(id: id, request: request)
            return []
        }
        return dispatch(id: id, request: request)
    }

    private mutating func dispatch(id: Int, request: PreparedRequest) -> [Effect] {
        inFlight[id] = InFlight(request: request)
        status = nil
        return [.send(id: id, request: request)]
    }

    private mutating func receive(id: Int, result: Result<Exchange, TransportError>) -> [Effect] {
        guard let sent = inFlight.removeValue(forKey: id)?.request else { return [] }  // cancelled: ignore late answers
        switch result {
        case .success(let exchange):
            // A slower, older request never replaces a newer one on screen.
            if let shown = response, shown.requestID > id { return [] }
            let jsonPath = workspace.routes.first { $0.name == sent.origin.routeName }?.jsonPath
            response = ResponseDisplay(requestID: id, exchange: exchange, jsonPath: jsonPath)
            status = nil
        case .failure(.cancelled):
            status = StatusLine(text: "request cancelled", isError: false)
        case .failure(let error):
            status = StatusLine(
                text:
                    "\(sent.origin.routeName) @ \(sent.origin.environmentName): \(sent.origin.masking(error.description))",
                isError: true)
        }
        return []
    }

    /// Rows available to the response body with the current layout.
    public var responseBodyHeight: Int { max(1, Layout(width: width, height: height, state: self).response.height - 2) }
}
