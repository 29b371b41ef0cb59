import CourierCore

extension AppState {
    /// Applies `msg` and returns the effects the runtime must run. Pure: no I/O, no clock.
    public mutating func update(_ msg: Msg) -> [Effect] {
        switch msg {
        case .resize(let width, let height):
            self.width = width
            self.height = height
            let rows = responseBodyHeight
            response?.scroll(by: 0, height: rows)
            response?.followTail(height: rows)
            return []
        case .tick:
            if !inFlight.isEmpty { spinnerFrame += 1 }
            return []
        case .response(let id, let result, let printed):
            return receive(id: id, result: result, printed: printed)
        case .stream(let id, let update):
            return streamed(id: id, update)
        case .progress(let id, let received, let elapsed):
            inFlight[id]?.received = received
            inFlight[id]?.elapsed = elapsed
            if response?.requestID == id && (response?.stream?.phase == .live || response?.arrival == .live) {
                response?.size = received
                response?.totalTime = elapsed
            }
            return []
        case .editorFinished(let result):
            return finishEditing(result)
        case .runProgress(let id, let result):
            return runProgress(id: id, result)
        case .runFinished(let id, let result):
            return runFinished(id: id, result)
        case .compareProgress(let id, let side, let result):
            if let exchange = result.exchange { keepCaptures(of: exchange) }
            if run?.id == id { run?.record(result, side: side) }
            return []
        case .compareFinished(let id, let side, let result):
            guard run?.id == id else { return [] }
            run?.finish(result, side: side)
            if let summary = run?.summary {
                status = StatusLine(
                    text: summary, isError: run?.rows.contains { $0.comparison?.differs ?? false } ?? false)
            }
            return []
        case .historyLoaded(let route, let entries):
            return historyLoaded(route: route, entries: entries)
        case .recentLoaded(let entries):
            // Only into the palette that asked; closed since, they are dropped.
            if var palette = modal?.dialog as? CommandPalette, palette.items.allSatisfy({ $0.choice.recordID == nil }) {
                palette.addRecent(entries)
                mode = .dialog(Modal(palette))
            }
            return []
        case .recordLoaded(let record):
            return recordLoaded(record)
        case .workspaceChanged(let result):
            return workspaceChanged(result)
        case .workspaceWritten(let result):
            return workspaceWritten(result)
        case .bodySaved(let path, let size, let error):
            return bodySaved(path: path, size: size, error: error)
        case .cookiesLoaded(let environment, let cookies):
            mode = .dialog(Modal(CookieList(environment: environment, cookies: cookies)))
            return []
        case .valueMade(let need, let result):
            return valueCame(need, result)
        case .trustAsked(let need):
            guard valueWait?.need == need else { return [] }
            if status?.text.hasPrefix("making ") == true { status = nil }
            mode = .dialog(Modal(TrustDialog(need: need, commands: workspace.commands, file: workspace.file)))
            return []
        case .drawn(let draw):
            self.draw = draw
            return []
        case .graphQLSchema(let id, let route, let answer): return schemaCame(id: id, route: route, answer)
        case .filesMeasured(let sizes):
            for (path, size) in sizes { uploadSizes[path] = size.map(UploadSize.bytes) ?? .unreadable }
            return []
        case .notice(let text, let isError):
            status = StatusLine(text: text, isError: isError)
            return []
        case .key(let key):
            return handle(key) + measureUploads()
        case .mouse(let event):
            return mouse(event)
        }
    }

    /// The resolved path of a file field (templates filled, relative to the workspace
    /// folder), or nil when it is not a file field or names an unknown variable.
    public func uploadPath(of field: FormField) -> String? {
        guard field.kind == .file, !field.value.isEmpty else { return nil }
        let context = builder.context(
            environment: environment, input: RequestInput(), captured: captured[environment.name] ?? [:])
        guard let path = try? Template.render(field.value, in: context), !path.isEmpty else { return nil }
        return path.hasPrefix("/") ? path : workspace.baseDirectory + "/" + path
    }

    /// Asks for the sizes of the open form's files not measured yet (a field shows its size).
    mutating func measureUploads() -> [Effect] {
        guard let form = openForm?.form else { return [] }
        let paths = form.fields.compactMap(uploadPath).filter { uploadSizes[$0] == nil }
        guard !paths.isEmpty else { return [] }
        for path in paths { uploadSizes[path] = .measuring }
        return [.measureFiles(paths: Array(Set(paths)).sorted())]
    }

    // MARK: Keys

    /// Looks `key` up in the keymap for the active scopes and performs its action; a key
    /// with no binding is typed when a text is being edited.
    mutating func handle(_ key: Key) -> [Effect] {
        guard let action = keymap.action(for: key, in: activeScopes) else { return unbound(key) }
        if action == .quitNow { return [.saveSession, .quit] }
        switch mode {
        case .dialog(let modal): return perform(action, in: modal)
        case .filteringRoutes: return filter(action)
        case .searchingBody(let query): return search(action, query: query)
        case .typingPath(let typed, let before): return typePath(action, typed: typed, before: before)
        case .typingMessage(let id, let draft, let pick): return typeMessage(action, id: id, draft: draft, pick: pick)
        case .normal: return perform(action)
        }
    }

    /// A key the keymap does not bind here: characters type into the entry or field being
    /// edited; the open dialog decides for itself.
    mutating func unbound(_ key: Key) -> [Effect] {
        switch (mode, key) {
        case (.dialog(let modal), _):
            return unbound(key, in: modal)
        case (.filteringRoutes, .char(let character)):
            routeList.setFilter(routeList.filter + String(character))
        case (.searchingBody(let query), .char(let character)):
            mode = .searchingBody(query: query + String(character))
        case (.typingPath(let typed, let before), .char(let character)):
            return typePath(typed: typed + String(character), before: before)
        case (.typingMessage(let id, let draft, _), .char(let character)):
            mode = .typingMessage(id: id, draft: draft + String(character), pick: nil)
        case (.normal, .char(let character)) where activeScopes.contains(.form):
            return apply(requestPane.type(character))
        default:
            break
        }
        return []
    }

    /// An action in the panes: the app's own (panes, dialogs, entries), else the focused pane's.
    mutating func perform(_ action: Action) -> [Effect] {
        switch action {
        case .nextPane: focus = focus.next
        case .previousPane: focus = focus.previous
        case .open(let id): return open(dialog: id)
        case .back: return back()
        case .quit: return [.saveSession, .quit]
        case .runChecks: return openRuns()
        case .cycleLanguage: return cycleLanguage()
        case .filterRoutes:
            focus = .routes
            mode = .filteringRoutes
            status = nil
        case .editBody: return openEditor()
        case .search:
            guard response != nil else { return [] }
            if let notice = response?.wholeBodyNotice { return apply(notice) }
            mode = .searchingBody(query: "")
        case .typePath:
            guard let response, response.isJSON else { return [] }
            if let notice = response.wholeBodyNotice { return apply(notice) }
            mode = .typingPath(typed: response.jsonPath ?? "", before: response.jsonPath)
        case .send: return send()
        case .openHistory: return openHistory()
        case .graphQLOperations: return openOperations()
        case .resend: return resend()
        case .compare: return compareRecorded()
        case .diffEnvironment: return pickComparison()
        case .copyCurl: return copyCurl()
        case .pasteCurl: return openPasteCurl()
        case .saveRoute: return openSaveRoute()
        case .quickRequest: return openQuickRequest()
        case .showCookies: return [.loadCookies(environment: environment.name)]
        case .saveBody: return openSaveBody()
        case .resizeLeft(let cells): return resize(left: cells, request: 0)
        case .resizeRequest(let rows): return resize(left: 0, request: rows)
        default:
            return apply(paneAction(action))
        }
        return []
    }

    /// Hands `action` to the focused pane.
    mutating func paneAction(_ action: Action) -> PaneOutcome {
        switch focus {
        case .environments: return update(\.environmentList, with: action)
        case .routes: return update(\.routeList, with: action)
        case .request: return update(\.requestPane, with: action)
        case .response:
            guard var pane = response else { return .ignored }
            let outcome = pane.update(action, in: self)
            response = pane
            return outcome
        }
    }

    /// `action` handed to the pane at `path`, which sees the state as it was before.
    mutating func update<P: PaneComponent>(_ path: WritableKeyPath<AppState, P>, with action: Action) -> PaneOutcome {
        var pane = self[keyPath: path]
        let outcome = pane.update(action, in: self)
        self[keyPath: path] = pane
        return outcome
    }

    /// Does what a pane asked for.
    mutating func apply(_ outcome: PaneOutcome) -> [Effect] {
        switch outcome {
        case .ignored, .handled: return []
        case .edited: return [.saveSession]
        case .activate(let index): return activate(environment: index)
        case .open(let route):
            requestPane.open(route)
            focus = .request
            return []
        case .send: return send()
        case .editBody: return openEditor()
        case .notice(let text, let isError):
            status = StatusLine(text: text, isError: isError)
            return []
        case .copy(let text, let notice):
            status = StatusLine(text: notice, isError: false)
            return [.copy(text: text)]
        }
    }

    /// Esc: cancel what is in flight, else go back to Routes.
    mutating func back() -> [Effect] {
        if !inFlight.isEmpty {
            let ids = inFlight.keys.sorted()
            inFlight.removeAll()
            status = StatusLine(
                text: ids.count == 1 ? "request cancelled" : "\(ids.count) requests cancelled", isError: false)
            if let shown = response, ids.contains(shown.requestID), let stream = shown.stream, stream.phase == .live {
                // Esc ends a stream the way closing a tail ends it: what came stays on screen.
                response?.endStream(.stopped)
                if ids.count == 1 {
                    status = StatusLine(
                        text: "stream stopped after \(stream.count); checks run only on a stream that ends",
                        isError: false)
                }
            }
            if let shown = response, ids.contains(shown.requestID), shown.arrival == .live {
                // What came of the body stays, said to be only its start.
                response?.endStream(.stopped)
            }
            return ids.map { Effect.cancel(id: $0) }
        }
        if focus == .request || focus == .response {
            focus = .routes
        } else if focus == .routes && !routeList.filter.isEmpty {
            routeList.clearFilter()
        }
        return []
    }

    /// The route filter: ↑ ↓ move among matches, Enter opens, Esc (or Backspace on empty) leaves.
    mutating func filter(_ action: Action) -> [Effect] {
        switch action {
        case .up, .down: _ = update(\.routeList, with: action)
        case .deleteBackward where routeList.filter.isEmpty: mode = .normal
        case .deleteBackward: routeList.setFilter(String(routeList.filter.dropLast()))
        case .clear: routeList.setFilter("")
        case .cancel:
            // Esc leaves the filter as it found the list: whole, on the route the cursor was on.
            mode = .normal
            routeList.clearFilter()
        case .accept:
            mode = .normal
            return apply(update(\.routeList, with: .pick))
        default: break
        }
        return []
    }
}
