import CourierCore
import Testing

@testable import CourierTUI

@Suite("update(): keys, modals and responses")
struct UpdateTests {
    @Test("start: focus on Routes, first environment, unless one is remembered or asked for")
    func start() {
        let fresh = Fixtures.state()
        #expect(fresh.focus == .routes && fresh.environment.name == "development" && fresh.language == "en")
        let remembered = Fixtures.state(session: SessionState(environment: "production", language: "es"))
        #expect(remembered.environment.name == "production" && remembered.language == "es")
        let asked = AppState(
            workspace: Fixtures.workspace, processEnvironment: [:], session: SessionState(environment: "production"),
            initialEnvironment: "development")
        #expect(asked.environment.name == "development")
    }

    @Test("Tab and Shift-Tab cycle Environments, Routes, Request, Response")
    func tabOrder() {
        var state = Fixtures.state()
        var seen: [Pane] = []
        for _ in 0..<4 {
            state.press(.tab)
            seen.append(state.focus)
        }
        #expect(seen == [.request, .response, .environments, .routes])
        state.press(.backTab)
        #expect(state.focus == .environments)
    }

    @Test("lists move with arrows and vim keys, clamped at both ends")
    func listMovement() {
        var state = Fixtures.state()
        state.press(.char("j"), .down, .down, .down)
        #expect(state.routeList.cursor.index == 2)
        state.press(.char("k"), .up, .up)
        #expect(state.routeList.cursor.index == 0)
        state.press(.char("G"))
        #expect(state.routeList.cursor.index == 2)
        state.press(.backTab, .down, .char("j"))
        #expect(state.focus == .environments && state.environmentList.cursor.index == 1 && state.activeEnvironment == 0)
        state.press(.enter)
        #expect(state.environment.name == "production")
    }

    @Test("Enter on a route opens its form with defaults and focuses the first field")
    func openRoute() throws {
        var state = Fixtures.state()
        state.press(.down, .enter)
        #expect(state.focus == .request && state.openRoute == "users.show")
        let form = try? #require(state.openForm?.form)
        #expect(form?.fields.map(\.key) == ["path.id"])
        #expect(form?.focusedField?.value == "42")
        #expect(try state.resolvedURL?.get() == "http://dev.test/v1/users/42")
    }

    @Test("typing edits the focused field: characters, Backspace, Delete, arrows, Home, End, Ctrl-U")
    func editing() throws {
        var state = Fixtures.state()
        state.press(.down, .enter)
        state.type("7")
        #expect(state.openForm?.form.focusedField?.value == "427")
        state.press(.left, .left, .backspace)
        #expect(state.openForm?.form.focusedField?.value == "27")
        state.press(.home, .delete)
        #expect(state.openForm?.form.focusedField?.value == "7")
        state.press(.end)
        state.type("q")  // q types in a form; it does not quit
        state.press(.ctrl("u"))
        #expect(state.openForm?.form.focusedField?.value == "")
        state.type("9")
        #expect(try state.resolvedURL?.get() == "http://dev.test/v1/users/9")
    }

    @Test("an empty path parameter: the URL line shows the template and the field to fill; sending is blocked")
    func emptyParameter() {
        var state = Fixtures.state()
        state.press(.down, .enter, .ctrl("u"))
        #expect(
            state.resolvedURL.map { if case .failure(.missingPathParameter("id", _)) = $0 { true } else { false } }
                == true)
        let effects = state.press(.enter)
        #expect(effects.sent.isEmpty)
        // The screen speaks of fields, not of the command line's -p.
        #expect(state.status == AppState.StatusLine(text: "fill the path field 'id'", isError: true))
        let screen = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(screen.contains("GET    http://dev.test/v1/users/:id  ← id"), "\(screen)")
        #expect(!screen.contains("-p id"))
    }

    @Test("Enter sends the open form through the builder, with the language header")
    func send() throws {
        var fresh = Fixtures.state()
        fresh.press(.enter)
        let effects = fresh.press(.enter)
        let request = try #require(effects.sent.first?.request)
        #expect(request.url == "http://dev.test/v1/users?city=Madrid")
        #expect(request.headers.value(for: "Accept-Language") == "en")
        #expect(request.headers.value(for: "Authorization") == "Bearer dev-secret")
        #expect(fresh.inFlight.count == 1)
    }

    @Test("a response is labelled with the route and environment it was sent to, even after switching")
    func lateResponse() throws {
        // GIVEN users.index sent from development
        var state = Fixtures.state()
        state.press(.enter)
        let id = try #require(state.press(.enter).sent.first?.id)
        // WHEN Esc is pressed before the answer, THEN the request is cancelled
        state.press(.escape)  // Esc with a request in flight cancels it…
        #expect(state.inFlight.isEmpty)
        state.answer(id, with: Fixtures.response("[]"))
        #expect(state.response == nil)  // …and its late answer is ignored.

        // GIVEN a second request in flight WHEN production becomes active before it is answered
        let second = try #require(state.press(.enter).sent.first?.id)
        state.press(.tab, .tab, .down, .enter)  // switch to production meanwhile
        #expect(state.environment.name == "production")
        // THEN the response still names development, where it was sent
        state.answer(second, with: Fixtures.response("[1]"))
        #expect(state.response?.environmentName == "development" && state.response?.routeName == "users.index")
    }

    @Test("an error said while a request was out outlives its answer, whichever came first; a notice does not")
    func noticeDuringFlight() throws {
        var state = Fixtures.state()
        state.press(.enter)
        let id = try #require(state.press(.enter).sent.first?.id)
        _ = state.update(.notice("history is off: cannot create the folder", isError: true))
        state.answer(id, with: Fixtures.response("[]"))
        #expect(state.status == AppState.StatusLine(text: "history is off: cannot create the folder", isError: true))

        let next = try #require(state.press(.enter).sent.first?.id)
        #expect(state.status == nil, "sending clears it")
        _ = state.update(.notice("saved", isError: false))
        state.answer(next, with: Fixtures.response("[]"))
        #expect(state.status == nil)
    }

    @Test("an older response never replaces a newer one")
    func ordering() throws {
        // GIVEN two requests in flight
        var state = Fixtures.state()
        state.press(.enter)
        let first = try #require(state.press(.enter).sent.first?.id)
        let second = try #require(state.press(.enter).sent.first?.id)
        // WHEN the newer is answered first
        state.answer(second, with: Fixtures.response("[2]"))
        state.answer(first, with: Fixtures.response("[1]"))
        // THEN the older answer does not replace it
        #expect(state.response?.requestID == second)
        #expect(state.inFlight.isEmpty)
    }

    @Test("transport errors land in the status bar with route and environment, secrets masked")
    func transportErrors() throws {
        var state = Fixtures.state()
        state.press(.enter)
        let id = try #require(state.press(.enter).sent.first?.id)
        _ = state.update(
            .response(
                id: id,
                result: .failure(
                    .connection(url: "http://dev.test/v1/users?token=dev-secret", reason: "connection refused"))))
        #expect(state.status?.isError == true)
        #expect(
            state.status?.text
                == "users.index @ development: could not connect to http://dev.test/v1/users?token=••••••: connection refused"
        )
    }

    @Test("Esc returns from Request or Response to Routes; q quits from lists; Ctrl-C quits anywhere")
    func escapeAndQuit() {
        var state = Fixtures.state()
        state.press(.enter)
        state.press(.escape)
        #expect(state.focus == .routes)
        #expect(state.press(.char("q")).contains(.quit))
        var inForm = Fixtures.state()
        inForm.press(.enter)
        #expect(!inForm.press(.char("q")).contains(.quit))
        inForm.press(.char("?"))
        #expect(inForm.modal == nil)  // '?' is text inside a form; F1 opens help there
        inForm.press(.function(1))
        #expect(inForm.modal == Modal(HelpDialog()))
        #expect(inForm.press(.ctrl("c")).contains(.quit))
    }

    @Test("? opens help and Esc closes it; keys do nothing else while it is open")
    func help() {
        var state = Fixtures.state()
        state.press(.char("?"))
        #expect(state.modal == Modal(HelpDialog()))
        state.press(.down)
        #expect(state.routeList.cursor.index == 0)
        state.press(.escape)
        #expect(state.modal == nil)
    }

    @Test("the key list scrolls by a page and to either end, never past them")
    func helpPages() {
        var state = Fixtures.state()
        let (page, limit) = (state.height - 6, HelpDialog.lines(width: state.width).count - (state.height - 6))
        #expect(limit > 2 * page)
        state.press(.char("?"), .pageDown)
        #expect(state.modal == Modal(HelpDialog(scroll: page)))
        state.press(.char(" "))
        #expect(state.modal == Modal(HelpDialog(scroll: 2 * page)))
        state.press(.pageUp, .up)
        #expect(state.modal == Modal(HelpDialog(scroll: page - 1)))
        state.press(.char("G"))
        #expect(state.modal == Modal(HelpDialog(scroll: limit)))
        state.press(.pageDown, .down)
        #expect(state.modal == Modal(HelpDialog(scroll: limit)))
        state.press(.char("g"), .pageUp)
        #expect(state.modal == Modal(HelpDialog(scroll: 0)))
        state.press(.end)
        #expect(state.modal == Modal(HelpDialog(scroll: limit)))
        state.press(.home)
        #expect(state.modal == Modal(HelpDialog(scroll: 0)))
    }

    @Test("e opens the environment switcher; switching keeps typed values and re-resolves the URL")
    func switcher() throws {
        // GIVEN a value typed into users.show on development
        var state = Fixtures.state()
        state.press(.down, .enter, .ctrl("u"))
        state.type("7")
        // WHEN the switcher is opened and production picked
        state.press(.escape, .char("e"))
        #expect(state.modal == Modal(EnvironmentSwitcher(cursor: ListCursor(0))))
        let effects = state.press(.char("j"), .enter)
        // THEN production is active, remembered, and the typed value resolves against it
        #expect(state.modal == nil && state.environment.name == "production")
        #expect(effects.contains(.saveSession))
        #expect(state.session.environment == "production")
        #expect(state.openForm?.form.fields.first?.value == "7")
        #expect(try state.resolvedURL?.get() == "https://prod.test/users/7")
        state.press(.char("e"), .char("1"))
        #expect(state.environment.name == "development")
    }

    @Test("L cycles the language and the next request carries it")
    func language() throws {
        var state = Fixtures.state()
        state.press(.char("L"))
        #expect(state.language == "es")
        state.press(.enter)
        let request = try #require(state.press(.enter).sent.first?.request)
        #expect(request.headers.value(for: "Accept-Language") == "es")
        state.press(.escape, .escape, .char("L"))  // cancel, leave the form, cycle
        #expect(state.language == "en")
    }

    @Test("a mutating request to a protected environment asks; only y sends")
    func protectedConfirmation() throws {
        // GIVEN production (protected) is active and users.create open
        var state = Fixtures.state(session: SessionState(environment: "production"))
        state.press(.down, .down, .enter)
        // WHEN Enter is pressed THEN nothing is sent; a dialog asks
        #expect(state.press(.enter).isEmpty)
        guard let request = (state.modal?.dialog as? ConfirmDialog)?.request else {
            Issue.record("expected the confirmation dialog")
            return
        }
        #expect(request.request.method == .post && request.origin.environmentName == "production")
        // WHEN any key but y answers THEN nothing is sent
        state.press(.char("n"))
        #expect(state.modal == nil && state.inFlight.isEmpty)
        #expect(state.status?.text == "not sent: POST to production cancelled")
        // WHEN y answers THEN the request goes out
        state.press(.enter)
        let effects = state.press(.char("y"))
        #expect(effects.sent.first?.request.url == "https://prod.test/users")
        #expect(state.inFlight.count == 1)
        // A GET to the same protected environment needs no confirmation.
        state.press(.escape, .escape, .up, .up, .enter)
        #expect(state.press(.enter).sent.count == 1)
    }

    @Test("a write that a redirect would carry into a protected environment asks, naming it; y sends it confirmed")
    func protectedRedirect() throws {
        // GIVEN development is active and users.create was sent there
        var state = Fixtures.state()
        state.press(.down, .down, .enter)
        let sent = try #require(state.press(.enter).sent.first)
        #expect(sent.options.protectedGuard.confirmed == false)
        // WHEN the engine refuses a redirect into production
        let refusal = TransportError.protectedRedirect(
            method: "POST", url: "https://prod.test/users", environment: "production")
        _ = state.update(.response(id: sent.id, result: .failure(refusal)))
        // THEN the dialog names production and where the redirect led
        guard let confirm = state.modal?.dialog as? ConfirmDialog else {
            Issue.record("expected the confirmation dialog")
            return
        }
        #expect(
            confirm.id == sent.id && confirm.request.request == sent.request
                && confirm.request.options == sent.options)
        #expect(confirm.redirect == ProtectedRedirect(url: "https://prod.test/users", environment: "production"))
        let screen = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(screen.contains("Send to production?") && screen.contains("is redirected to https://prod.test/users"))
        // WHEN y answers THEN the same request goes out, confirmed
        let again = try #require(state.press(.char("y")).sent.first)
        #expect(again.options.protectedGuard.confirmed && again.request == sent.request)
    }

    @Test("body fields keep types: numbers are validated, booleans toggle with space")
    func bodyFields() throws {
        var state = Fixtures.state()
        state.press(.down, .down, .enter)
        #expect(state.openForm?.form.fields.map(\.key) == ["body.name", "body.age", "body.admin", "body.tags"])
        state.press(.down)
        state.type("x")
        #expect(state.press(.enter).sent.isEmpty)
        #expect(state.status?.text == "body field 'age' must be a number, not '30x'")
        state.press(.backspace, .down)
        state.type(" ")
        let request = try #require(state.press(.enter).sent.first?.request)
        #expect(
            String(decoding: request.body ?? [], as: UTF8.self)
                == "{\"name\":\"Pablo\",\"age\":30,\"admin\":true,\"tags\":[]}")
    }

    @Test("Ctrl-R puts the focused field back to the route's value; again, every field; typed values are bold")
    func resetFields() throws {
        var state = Fixtures.state()
        state.press(.down, .enter, .ctrl("u"))
        state.type("7")
        state.press(.ctrl("n"))
        state.type("X-A: 1")
        state.press(.up)
        #expect(state.openForm?.form.fields.map(\.value) == ["7", "X-A: 1"])
        let route = try #require(state.openForm?.route)
        #expect(state.openForm?.form.typedKeys(over: route) == ["path.id", "header.0"])
        // Typed values are drawn bold, defaults not.
        let buffer = Views.render(state)
        let row = try #require(buffer.lines.firstIndex { $0.contains("id [ 7 ]") })
        let column = try #require((0..<buffer.width).first { buffer[$0, row].text == "7" })
        #expect(buffer[column, row].style.bold)
        #expect(state.press(.ctrl("r")).contains(.saveSession))
        #expect(state.openForm?.form.fields.map(\.value) == ["42", "X-A: 1"])
        state.press(.ctrl("r"))
        #expect(state.openForm?.form.fields.map(\.value) == ["42"])
        #expect(state.openForm?.form.typedKeys(over: route).isEmpty == true)
    }

    @Test(
        "w saves the shown body: a file name from the route and type, the runtime writes it, a refusal stays in the dialog"
    )
    func saveBody() throws {
        var state = Fixtures.state()
        #expect(state.press(.tab, .tab, .char("w")).isEmpty && state.modal == nil, "nothing to save yet")
        state.press(.escape, .enter)
        try state.sendAndAnswer(Fixtures.response("[1]"))
        state.press(.tab, .char("w"))
        #expect(state.modal == Modal(TextEntryDialog(.saveBody, text: "users.index.json")))
        let effects = state.press(.enter)
        guard case .saveBody(let exchange, let path)? = effects.first else {
            Issue.record("no save: \(effects)")
            return
        }
        #expect(path == "users.index.json" && exchange.response.body == Array("[1]".utf8))
        _ = state.update(.bodySaved(path: path, size: 0, error: "users.index.json exists; choose another name"))
        #expect(
            state.modal
                == Modal(
                    TextEntryDialog(
                        .saveBody, text: "users.index.json", error: "users.index.json exists; choose another name")))
        state.press(.ctrl("u"))
        state.type("out.json")
        _ = state.press(.enter)
        _ = state.update(.bodySaved(path: "out.json", size: 3, error: nil))
        #expect(state.mode == .normal && state.status?.text == "saved the body (3 B) to out.json")
    }

    @Test("x in the cookie list asks, x again empties the jar; any other key keeps it")
    func clearCookies() {
        var state = Fixtures.state()
        let cookie = StoredCookie(name: "sid", value: "v", domain: "dev.test", hostOnly: true, path: "/", created: 0)
        _ = state.update(.cookiesLoaded(environment: "development", cookies: [cookie]))
        #expect(state.press(.char("x")).isEmpty)
        #expect(Views.render(state).trimmedLines.contains { $0.contains("x again empties development's jar") })
        #expect(state.press(.char("j")).isEmpty)
        #expect(state.press(.char("x")).isEmpty)
        #expect(state.press(.char("x")) == [.clearCookies(environment: "development")])
        _ = state.update(.cookiesLoaded(environment: "development", cookies: []))
        #expect(state.press(.char("x"), .char("x")).isEmpty)
    }

    @Test("Ctrl-N adds a header field, Ctrl-D removes it")
    func headers() throws {
        var state = Fixtures.state()
        state.press(.enter, .ctrl("n"))
        state.type("X-Trace: {{city}}")
        let request = try #require(state.press(.enter).sent.first?.request)
        #expect(request.headers.value(for: "X-Trace") == "Madrid")
        state.press(.ctrl("d"))
        #expect(state.openForm?.form.fields.contains { $0.section == .header } == false)
        // WHEN a malformed header is added THEN sending is refused with the reason
        state.press(.ctrl("n"))
        state.type("no colon")
        #expect(state.press(.enter).sent.isEmpty)
        #expect(state.status?.text == "bad header 'no colon' (expected 'Name: value')")
    }

    @Test("/ filters routes as you type; Enter opens the match")
    func filter() {
        // GIVEN the Routes pane WHEN / and part of a name are typed
        var state = Fixtures.state()
        state.press(.char("/"))
        state.type("creat")
        #expect(state.routeList.filtered.map(\.name) == ["users.create"])
        // WHEN Enter is pressed THEN the match opens and the filter closes
        state.press(.enter)
        #expect(state.openRoute == "users.create" && state.focus == .request && state.mode == .normal)
        // WHEN the filter is cleared THEN every route is back
        state.press(.escape, .char("/"), .ctrl("u"), .escape)
        #expect(state.routeList.filtered.count == 3)
    }

    @Test("the filter ranks the name above the path and the summary; Esc clears it, on the route the cursor was on")
    func filterRanking() {
        let routes = [
            Route(name: "orders.list", method: .get, path: "/users/orders", summary: "users' orders"),
            Route(name: "accounts", method: .get, path: "/accounts", summary: "every user of the account"),
            Route(name: "all-users", method: .get, path: "/all"),
            Route(name: "users", method: .get, path: "/people"),
            Route(name: "users.show", method: .get, path: "/people/:id"),
        ]
        let workspace = Workspace(environments: [Environment(name: "dev", baseURL: "http://dev.test")], routes: routes)
        var state = AppState(workspace: workspace, processEnvironment: [:], width: 100, height: 30)
        state.press(.char("/"))
        state.type("user")
        #expect(
            state.routeList.filtered.map(\.name) == ["users", "users.show", "all-users", "orders.list", "accounts"])
        state.press(.down, .down)
        #expect(state.routeList.selected?.name == "all-users")
        state.press(.escape)
        #expect(state.mode == .normal && state.routeList.filter.isEmpty && state.routeList.filtered.count == 5)
        #expect(state.routeList.selected?.name == "all-users")
        // Kept after Enter, marked, and cleared by Esc in the Routes pane.
        state.press(.char("/"))
        state.type("show")
        state.press(.enter, .escape)
        #expect(state.focus == .routes && state.routeList.filter == "show")
        #expect(Views.render(state).trimmedLines.contains { $0.contains("/show · Esc clears") })
        state.press(.escape)
        #expect(state.routeList.filter.isEmpty && state.routeList.selected?.name == "users.show")
    }

    @Test("response: json_path view by default, v for the whole body, h for headers, scrolling")
    func responsePane() throws {
        var state = Fixtures.state(height: 14)
        state.press(.down, .enter)
        let id = try #require(state.press(.enter).sent.first?.id)
        let body = "{\"id\": 42, \"address\": {\"city\": \"Madrid\"}, \"list\": [1,2,3,4,5,6,7,8,9,10,11,12]}"
        state.answer(id, with: Fixtures.response(body))
        #expect(state.response?.allLines == ["\"Madrid\""])
        state.press(.tab)
        #expect(state.focus == .response)
        state.press(.char("v"))
        #expect(state.response?.allLines.first == "{")
        state.press(.char("j"), .char("j"))
        #expect(state.response?.cursor == 2 && state.response?.scroll == 0)
        state.press(.char("G"))
        let height = state.responseBodyHeight
        #expect(state.response?.scroll == (state.response?.allLines.count ?? 0) - height)
        state.press(.char("g"), .char("h"))
        #expect(state.response?.allLines.first == "Content-Type: application/json")
    }

    @Test("secrets are masked in the response and never saved in state")
    func secrets() throws {
        var state = Fixtures.state()
        state.press(.enter)
        try state.sendAndAnswer(Fixtures.response("{\"auth\": \"Bearer dev-secret\"}"))
        #expect(state.response?.allLines.contains("  \"auth\": \"Bearer ••••••\"") == true)
        state.press(.escape, .enter, .ctrl("n"))
        state.type("X-Token: dev-secret")
        let saved = state.session.fields["users.index"] ?? [:]
        #expect(saved["query.city"] == "{{city}}")
        #expect(saved.values.contains { $0.contains("dev-secret") } == false)
    }

    @Test("saved values come back into the form")
    func restore() {
        var state = Fixtures.state(
            session: SessionState(fields: ["users.show": ["path.id": "7", "header.0": "X-A: 1"]]))
        state.press(.down, .enter)
        #expect(state.openForm?.form.fields.map(\.value) == ["7", "X-A: 1"])
    }

    @Test("the editor replaces the body; invalid JSON is reported and changes nothing")
    func editor() {
        var state = Fixtures.state()
        state.press(.down, .down, .enter)
        let effects = state.press(.ctrl("e"))
        #expect(
            effects == [
                .openEditor(text: "{\n  \"name\": \"Pablo\",\n  \"age\": 30,\n  \"admin\": false,\n  \"tags\": []\n}\n")
            ])
        _ = state.update(.editorFinished(.success("{\"name\": \"Ada\", \"year\": 1815}")))
        #expect(state.openForm?.form.fields.map(\.key) == ["body.name", "body.year"])
        _ = state.update(.editorFinished(.success("{oops")))
        #expect(state.status?.isError == true)
        #expect(state.openForm?.form.fields.map(\.key) == ["body.name", "body.year"])
    }

    @Test("a resize keeps the scroll position inside the body")
    func resize() throws {
        var state = Fixtures.state(height: 14)
        state.press(.enter)
        try state.sendAndAnswer(Fixtures.response("[" + (1...50).map(String.init).joined(separator: ",") + "]"))
        state.press(.tab, .char("G"))
        _ = state.update(.resize(width: 100, height: 40))
        #expect(state.response?.scroll == (state.response?.allLines.count ?? 0) - state.responseBodyHeight)
    }

    @Test("progress reports show bytes and rate in the status bar while downloading")
    func progress() throws {
        var state = Fixtures.state(width: 120, height: 20)
        state.press(.enter)
        let id = try #require(state.press(.enter).sent.first?.id)
        _ = state.update(.progress(id: id, received: 2 * 1024 * 1024, elapsed: 0.5))
        #expect(state.inFlight[id]?.received == 2 * 1024 * 1024)
        let status = Views.render(state).trimmedLines.last ?? ""
        #expect(status.contains("GET users.index → development · ↓ 2.0 MB · 4.0 MB/s · Esc cancels"))
        _ = state.update(.progress(id: 999, received: 1, elapsed: 1))  // unknown ids are ignored
        #expect(state.inFlight.count == 1)
    }

    @Test("a large body is indexed, not split: jumping to the end and scrolling touch only visible lines")
    func largeBody() throws {
        var state = Fixtures.state(height: 20)
        state.press(.enter)
        let id = try #require(state.press(.enter).sent.first?.id)
        let items = (0..<20_000).map { "{\"id\":\($0),\"name\":\"item \($0)\"}" }.joined(separator: ",")
        state.answer(id, with: Fixtures.response("[" + items + "]"))
        let shown = try #require(state.response)
        #expect(shown.lineCount == 20_000 * 4 + 2)
        #expect(shown.line(1) == "  {")
        #expect(shown.line(2) == "    \"id\": 0,")
        state.press(.tab, .char("G"))
        let end = try #require(state.response)
        #expect(end.line(end.scroll + state.responseBodyHeight - 1) == "]")
        let lines = Views.render(state).trimmedLines
        #expect(lines.contains { $0.contains("\"name\": \"item 19999\"") })
    }

    @Test("/ in the Response pane searches the body; n and N cycle through matches with a count")
    func search() throws {
        // GIVEN a response of 50 cities, 5 of them Madrid
        var state = Fixtures.state(width: 100, height: 16)
        state.press(.enter)
        let id = try #require(state.press(.enter).sent.first?.id)
        let items = (0..<50).map { "{\"city\":\"\($0 % 10 == 0 ? "Madrid" : "Paris")\"}" }.joined(separator: ",")
        state.answer(id, with: Fixtures.response("[" + items + "]"))
        // WHEN / MADRID Enter is typed in the Response pane THEN 5 lines match, case folded
        state.press(.tab, .char("/"))
        #expect(state.mode == .searchingBody(query: ""))
        state.type("MADRID")
        #expect(Views.render(state).trimmedLines.last?.contains("search: /MADRID") == true)
        state.press(.enter)
        let search = try #require(state.response?.search)
        #expect(search.lines.count == 5 && search.current == 0)
        #expect(state.response?.line(search.lines[0]).contains("Madrid") == true)
        let title = Views.render(state).trimmedLines.first { $0.contains("Response ──") } ?? ""
        #expect(title.contains("/MADRID 1/5"))
        // WHEN n twice, then N three times THEN the current match moves and wraps, kept on screen
        state.press(.char("n"), .char("n"))
        #expect(state.response?.search?.current == 2)
        let line = try #require(state.response?.search?.lines[2])
        #expect(
            (state.response?.scroll ?? -1) <= line && line < (state.response?.scroll ?? 0) + state.responseBodyHeight)
        state.press(.char("N"), .char("N"), .char("N"))
        #expect(state.response?.search?.current == 4)
        // WHEN a search finds nothing THEN the status bar says so
        state.press(.char("/"))
        state.type("Berlin")
        state.press(.enter)
        #expect(state.status?.text == "no match for 'Berlin'")
        state.press(.char("/"), .escape)
        #expect(state.mode == .normal && state.focus == .response)
    }

    @Test("text bodies get line numbers; binary bodies a note and a hex dump; a few bad bytes stay text")
    func otherBodies() throws {
        var state = Fixtures.state(width: 100, height: 16)
        state.press(.enter)
        try state.sendAndAnswer(Fixtures.response("first\nsecond \u{FF}\n", headers: []))
        var lines = Views.render(state).trimmedLines
        #expect(lines.contains { $0.contains(" 1 │ first") })
        #expect(lines.contains { $0.contains(" 2 │ second ÿ") })
        var invalid = Array("mostly text ".utf8)
        invalid.append(0xFF)
        invalid += Array(String(repeating: "and more text ", count: 20).utf8)
        try state.sendAndAnswer(HTTPResponse(status: 200, reason: "OK", body: invalid))
        #expect(state.response?.isText == true)
        #expect(state.response?.line(0).contains("text <FF>and") == true)
        // A short Latin-1 body: one bad byte in five stays text, the byte marked.
        try state.sendAndAnswer(HTTPResponse(status: 200, reason: "OK", body: [0x63, 0x61, 0x66, 0xE9, 0x0A]))
        #expect(state.response?.isText == true && state.response?.line(0) == "caf<E9>")
        // Random bytes break everywhere: a hex dump.
        let noise: [UInt8] = (0..<64).map { UInt8(0x80 + ($0 * 37) % 0x7F) }
        try state.sendAndAnswer(HTTPResponse(status: 200, reason: "OK", body: noise))
        #expect(state.response?.isText == false && state.response?.line(0).hasPrefix("binary body: 64 B") == true)
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 1,
        ]
        try state.sendAndAnswer(
            HTTPResponse(status: 200, reason: "OK", headers: [HeaderField("Content-Type", "image/png")], body: png))
        lines = state.response?.allLines ?? []
        #expect(lines.first == "binary body: 18 B, image/png")
        #expect(lines[2] == "00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|")
        #expect(lines[3] == "00000010  00 01                                             |..|")
    }

    @Test("p filters the response by a json_path as you type; Esc restores the route's path")
    func pathFilter() throws {
        // GIVEN users.show answered, its route json_path address.city shown
        var state = Fixtures.state(width: 100, height: 20)
        state.press(.down, .enter)
        let id = try #require(state.press(.enter).sent.first?.id)
        let body = "{\"address\": {\"city\": \"Madrid\", \"zip\": \"28014\"}, \"items\": [{\"n\": 1}, {\"n\": 2}]}"
        state.answer(id, with: Fixtures.response(body))
        #expect(state.response?.allLines == ["\"Madrid\""])
        // WHEN p is pressed, the path cleared and a new one typed THEN each change applies at once
        state.press(.tab, .char("p"), .ctrl("u"))
        #expect(state.response?.allLines.first == "{")
        state.type("items.1")
        #expect(state.response?.allLines == ["{", "  \"n\": 2", "}"])
        state.type("9")
        #expect(
            state.response?.allLines == [
                "(json path 'items.19' not found: 'items' is an array of 2 elements; v shows the whole body)"
            ])
        #expect(Views.render(state).trimmedLines.last?.contains("json path: items.19") == true)
        // WHEN Esc THEN the route's path is restored
        state.press(.escape)
        #expect(state.mode == .normal)
        #expect(state.response?.allLines == ["\"Madrid\""])
        // WHEN a path is typed and Enter pressed THEN it stays
        state.press(.char("p"), .ctrl("u"))
        state.type("address.zip")
        state.press(.enter)
        #expect(state.response?.allLines == ["\"28014\""] && state.mode == .normal)
    }

    @Test("c copies the shown selection (secrets masked), C the json_path; too-large bodies are refused")
    func copy() throws {
        var state = Fixtures.state(width: 100, height: 20)
        state.press(.down, .enter)
        try state.sendAndAnswer(Fixtures.response("{\"address\": {\"city\": \"dev-secret Madrid\"}}"))
        state.press(.tab)
        #expect(state.press(.char("c")) == [.copy(text: "\"•••••• Madrid\"")])
        #expect(state.press(.char("C")) == [.copy(text: "address.city")])
        state.press(.char("v"))
        #expect(state.press(.char("C")).isEmpty && state.status?.isError == true)
        state.press(.escape, .enter)  // back to Routes, reopen the form
        let big = "[" + String(repeating: "\"0123456789abcdef\",", count: 70_000) + "0]"
        try state.sendAndAnswer(Fixtures.response(big))
        state.press(.escape, .tab, .tab)
        #expect(state.focus == .response)
        state.press(.char("v"))
        #expect(state.press(.char("c")).isEmpty)
        #expect(state.status?.text.contains("too large for the clipboard") == true)
    }

    @Test("a body saved to a file is shown as its size and path, and requests carry the cap")
    func savedBody() throws {
        var state = Fixtures.state(width: 120, height: 20)
        state.maxBodyInMemory = 4096
        state.press(.enter)
        let sent = try #require(state.press(.enter).sent.first)
        #expect(sent.options.maxBodyInMemory == 4096)
        let response = HTTPResponse(
            status: 200, reason: "OK", body: [], bodyFile: "/tmp/courier-body-x", bodySize: 3 << 30)
        state.answer(sent.id, with: response)
        #expect(
            state.response?.allLines.prefix(2) == [
                "The body (3.0 GB) is larger than the in-memory limit and was saved to:", "  /tmp/courier-body-x",
            ])
        #expect(
            Views.render(state).trimmedLines.contains {
                $0.contains("200 OK ✓ 1/1 · 0 ms · 3.0 GB · users.index @ development")
            })
    }

    @Test("F folds to depth 1, 2, 3 and back; f folds the container at the cursor")
    func folding() throws {
        var state = Fixtures.state(width: 100, height: 20)
        state.press(.enter)
        try state.sendAndAnswer(Fixtures.response("{\"a\": {\"b\": 1, \"c\": [1, 2]}, \"d\": 2}"))
        state.press(.tab)
        state.press(.char("F"))
        #expect(state.response?.allLines == ["{", "  \"a\": { … 2 keys … },", "  \"d\": 2", "}"])
        #expect(state.status?.text == "folded to depth 1")
        state.press(.char("F"))
        #expect(
            state.response?.allLines == [
                "{", "  \"a\": {", "    \"b\": 1,", "    \"c\": [ … 2 items … ]", "  },", "  \"d\": 2", "}",
            ])
        state.press(.char("F"), .char("F"))
        #expect(state.response?.allLines.count == 10 && state.response?.folded == nil)
        // f with the cursor on "b" folds its container, "a", and the cursor lands on it.
        state.press(.char("j"), .char("j"), .char("f"))
        #expect(state.response?.allLines == ["{", "  \"a\": { … 2 keys … },", "  \"d\": 2", "}"])
        #expect(state.response?.cursor == 1)
        state.press(.char("f"))
        #expect(state.response?.allLines.count == 10)
        state.press(.char("g"), .char("f"))
        #expect(state.response?.allLines == ["{ … 2 keys … }"])
    }

    @Test(
        "the path and value under the cursor are found from the pretty lines",
        arguments: [
            (1, "id", "7"),
            (3, "items", "[\n  {\n    \"n\": \"a.b\"\n  },\n  [\n    1,\n    2\n  ]\n]"),
            (5, "items.0.n", "\"a.b\""),
            (7, "items.1", "[\n  1,\n  2\n]"),
            (9, "items.1.1", "2"),
            (12, "quoted \"key\"", "null"),
        ])
    func locator(line: Int, path: String, value: String) throws {
        let body = "{\"id\": 7, \"x\": true, \"items\": [{\"n\": \"a.b\"}, [1, 2]], \"quoted \\\"key\\\"\": null}"
        let document = TextDocument(try JSONFormatter().format(Array(body.utf8)))
        #expect(JSONLineLocator.path(of: line, in: document) == path)
        #expect(JSONLineLocator.value(at: line, in: document) == value)
    }

    @Test("C copies the path under the cursor, prefixed by the json_path shown")
    func copyPathUnderCursor() throws {
        var state = Fixtures.state(width: 100, height: 20)
        state.press(.down, .enter)
        try state.sendAndAnswer(Fixtures.response("{\"address\": {\"city\": \"Madrid\", \"zip\": \"1\"}}"))
        state.press(.tab, .char("p"), .ctrl("u"))
        state.type("address")
        state.press(.enter, .char("j"), .char("j"))
        #expect(state.press(.char("C")) == [.copy(text: "address.zip")])
        #expect(state.press(.char("c")) == [.copy(text: "\"1\"")])
    }

    @Test("folding everything keeps the cursor on its line, or on the fold that hides it")
    func foldKeepsCursor() throws {
        var state = Fixtures.state(width: 100, height: 20)
        state.press(.enter)
        try state.sendAndAnswer(Fixtures.response("{\"a\": {\"b\": 1, \"c\": [1, 2]}, \"d\": 2}"))
        state.press(.tab, .char("j"), .char("j"), .char("F"))
        #expect(state.response?.cursor == 1)
        state.press(.char("G"), .char("F"))  // depth 2 with the cursor on the last line
        #expect(state.response.map { $0.line($0.cursor) } == "}")
        state.press(.char("2"))
        #expect(state.response?.allLines.contains("    \"c\": [ … 2 items … ]") == true)
        #expect(state.status?.text == "folded to depth 2")
        state.press(.char("0"))
        #expect(state.response?.folded == nil && state.response?.allLines.count == 10)
    }
}
