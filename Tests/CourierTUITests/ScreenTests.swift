import CourierCore
import Testing

@testable import CourierTUI

/// Whole screens, every row compared (trailing spaces trimmed), as ratatui's
/// `Buffer::with_lines` does: a reviewer reads what the user sees.
@Suite("Whole screens at 140×45, 80×24 and 60×14")
struct ScreenTests {
    /// `users.show` opened, sent and answered with a small user, focus on the Response pane.
    static func answeredState(width: Int, height: Int) throws -> AppState {
        var state = Fixtures.state(width: width, height: height)
        state.press(.down, .enter)
        try state.sendAndAnswer(
            Fixtures.response(
                "{\"id\":42,\"name\":\"Pablo\",\"address\":{\"city\":\"Madrid\",\"zip\":\"28014\"},\"admin\":false}"))
        state.press(.tab)
        return state
    }

    static func expectScreen(
        _ state: AppState, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let actual = Views.render(state).trimmedLines
        #expect(
            actual == expected, "screen differs; it is:\n\(actual.map { "\"\($0)\"," }.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
    }

    @Test("140×45: a route open, its response shown with the json_path selection")
    func wide() throws {
        // GIVEN users.show answered on a 140×45 terminal
        let state = try Self.answeredState(width: 140, height: 45)
        // THEN
        Self.expectScreen(
            state,
            [
                "┌ Environments ───────────────────┐┌ Request · users.show ─────────────────────────────────────────────────────────────────────────────────┐",
                "│▸ development                    ││ GET    http://dev.test/v1/users/42                                                                    │",
                "│  production                   ⚠ ││ path   id [ 42 ]                                                                                      │",
                "└─────────────────────────────────┘│ header Accept: application/json  (workspace)                                                          │",
                "┌ Routes ─────────────────────────┐│ header Authorization: Bearer ••••••  (env)                                                            │",
                "│  GET  users.index   /users      ││ header Accept-Language: en  (language)                                                                │",
                "│▸ GET  users.show    /users/:id  ││ header User-Agent: courier/0.1.0  (default)                                                           │",
                "│  POST users.create  /users      │└───────────────────────────────────────────────────────────────────────────────────────────────────────┘",
                "│                                 │┌ Response ── 200 OK ✓ 2/2 · address.city of 80 B · 12 ms · users.show @ development · v: whole body ───┐",
                "│                                 ││▸\"Madrid\"                                                                                              │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "└─────────────────────────────────┘└───────────────────────────────────────────────────────────────────────────────────────────────────────┘",
                " development  en  h headers · / search · p path · f fold · c copy · e env · L lang · R run · ? help · q quit · Tab pane · Esc back",
            ])
    }

    @Test("80×24: route names readable, hints whole")
    func standard() throws {
        // GIVEN users.show answered on an 80×24 terminal
        var state = try Self.answeredState(width: 80, height: 24)
        // WHEN the whole body is shown with headers
        state.press(.char("v"), .char("h"))
        // THEN
        Self.expectScreen(
            state,
            [
                "┌ Environments ────────┐┌ Request · users.show ────────────────────────────────┐",
                "│▸ development         ││ GET    http://dev.test/v1/users/42                   │",
                "│  production        ⚠ ││ path   id [ 42 ]                                     │",
                "└──────────────────────┘│ header Accept: application/json  (workspace)         │",
                "┌ Routes ──────────────┐│ header Authorization: Bearer ••••••  (env)           │",
                "│  GET  users.index    ││ header Accept-Language: en  (language)               │",
                "│▸ GET  users.show     ││ header User-Agent: courier/0.1.0  (default)          │",
                "│  POST users.create   │└──────────────────────────────────────────────────────┘",
                "│                      │┌ Response ── 200 OK ✓ 2/2 · 12 ms · 80 B ─────────────┐",
                "│                      ││▸Content-Type: application/json                       │",
                "│                      ││                                                      │",
                "│                      ││ {                                                    │",
                "│                      ││   \"id\": 42,                                          │",
                "│                      ││   \"name\": \"Pablo\",                                   │",
                "│                      ││   \"address\": {                                       │",
                "│                      ││     \"city\": \"Madrid\",                                │",
                "│                      ││     \"zip\": \"28014\"                                   │",
                "│                      ││   },                                                 │",
                "│                      ││   \"admin\": false                                     │",
                "│                      ││ }                                                    │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "└──────────────────────┘└──────────────────────────────────────────────────────┘",
                " development  en  h headers · / search · p path · f fold · c copy · e env",
            ])
    }

    @Test("60×14: the smallest comfortable screen")
    func small() throws {
        // GIVEN users.show answered on a 60×14 terminal
        let state = try Self.answeredState(width: 60, height: 14)
        // THEN
        Self.expectScreen(
            state,
            [
                "┌ Environments ────────┐┌ Request · users.show ────────────┐",
                "│▸ development         ││ GET    http://dev.test/v1/users/4│",
                "│  production        ⚠ ││ path   id [ 42 ]                 │",
                "└──────────────────────┘│ header Accept: application/json  │",
                "┌ Routes ──────────────┐│ header Authorization: Bearer ••••│",
                "│  GET  users.index    │└──────────────────────────────────┘",
                "│▸ GET  users.show     │┌ Response ── 200 OK ✓ 2/2 · 12 ms ┐",
                "│  POST users.create   ││▸\"Madrid\"                         │",
                "│                      ││                                  │",
                "│                      ││                                  │",
                "│                      ││                                  │",
                "│                      ││                                  │",
                "└──────────────────────┘└──────────────────────────────────┘",
                " development  en  h headers · / search · p path · f fold",
            ])
    }

    @Test("80×24: a failed check in the title and above the body")
    func failedCheck() throws {
        // GIVEN production, where users.show expects the city to be Paris
        var state = Fixtures.state(session: SessionState(environment: "production"), width: 80, height: 24)
        state.press(.down, .enter)
        // WHEN the answer says Manchester
        try state.sendAndAnswer(Fixtures.response("{\"id\":42,\"address\":{\"city\":\"Manchester\"}}"))
        state.press(.tab)
        // THEN the title counts the checks, and the failure says what came and what was expected
        Self.expectScreen(
            state,
            [
                "┌ Environments ────────┐┌ Request · users.show ────────────────────────────────┐",
                "│  development         ││ GET    https://prod.test/users/42                    │",
                "│▸ production        ⚠ ││ path   id [ 42 ]                                     │",
                "└──────────────────────┘│ header Accept: application/json  (workspace)         │",
                "┌ Routes ──────────────┐│ header Accept-Language: en  (language)               │",
                "│  GET  users.index    ││ header User-Agent: courier/0.1.0  (default)          │",
                "│▸ GET  users.show     │└──────────────────────────────────────────────────────┘",
                "│  POST users.create   │┌ Response ── 200 OK ✗ 1/2 failed · json_path of 41 B ─┐",
                "│                      ││▸✗ json address.city == \"{{city}}\"                    │",
                "│                      ││   got \"Manchester\" (expected == \"Paris\")             │",
                "│                      ││                                                      │",
                "│                      ││ \"Manchester\"                                         │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "└──────────────────────┘└──────────────────────────────────────────────────────┘",
                " production ⚠  en  h headers · / search · p path · f fold · c copy · e env",
            ])
    }

    @Test("80×24: the protected-environment confirmation over the panes")
    func confirmation() {
        // GIVEN production is active
        var state = Fixtures.state(session: SessionState(environment: "production"), width: 80, height: 24)
        // WHEN users.create is opened and Enter pressed
        state.press(.down, .down, .enter, .enter)
        // THEN the dialog names the environment and the request
        Self.expectScreen(
            state,
            [
                "┌ Environments ────────┐┌ Request · users.create ──────────────────────────────┐",
                "│  development         ││ POST   https://prod.test/users                       │",
                "│▸ production        ⚠ ││ header Accept: application/json  (workspace)         │",
                "└──────────────────────┘│ header Accept-Language: en  (language)               │",
                "┌ Routes ──────────────┐│ header Content-Type: application/json  (body)        │",
                "│  GET  users.index    ││ header User-Agent: courier/0.1.0  (default)          │",
                "│  GET  users.show     ││ body   name  [ Pablo ]                               │",
                "│▸ POST users.create   ││ body   age   [ 30 ]                                  │",
                "│                  ┌ Send to production? ───────────────────┐                  │",
                "│                  │ production is a protected environment. │                  │",
                "│                  │                                        │ ─────────────────┘",
                "│                  │ POST https://prod.test/users           │ ─────────────────┐",
                "│                  │ route users.create                     │ s it             │",
                "│                  │                                        │                  │",
                "│                  │ y sends · any other key cancels        │                  │",
                "│                  └────────────────────────────────────────┘                  │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "│                      ││                                                      │",
                "└──────────────────────┘└──────────────────────────────────────────────────────┘",
                " production ⚠  en",
            ])
    }

    @Test("60×14: the key list, scrolled")
    func help() {
        // GIVEN a 60×14 terminal WHEN ? is pressed and the list scrolled by two rows
        var state = Fixtures.state(width: 60, height: 14)
        state.press(.char("?"), .char("j"), .char("j"))
        // THEN
        Self.expectScreen(
            state,
            [
                "┌ Environments ────────┐┌ Request ─────────────────────────┐",
                " ┌ Keys ──────────────────────────────────────────────────┐",
                " │     Request → Response)                                │",
                " │ Esc  (panes)                                           │",
                " │     cancel requests in flight (a live stream stops,    │",
                " │     its events stay); else back to Routes, where it    │",
                " │     clears a filter left applied                       │",
                " │ e  (outside the form)                                  │",
                " │     environment switcher                               │",
                " │ L  (outside the form)                                  │",
                " │                                                        │",
                " │ ↑ ↓ scroll · Esc closes · 3-10/168                     │",
                " └────────────────────────────────────────────────────────┘",
                " development  en",
            ])
    }

    @Test("140×45: the environment switcher")
    func switcher() {
        // GIVEN a 140×45 terminal WHEN e is pressed and the cursor moved to production
        var state = Fixtures.state(width: 140, height: 45)
        state.press(.char("e"), .down)
        // THEN
        Self.expectScreen(
            state,
            [
                "┌ Environments ───────────────────┐┌ Request ──────────────────────────────────────────────────────────────────────────────────────────────┐",
                "│▸ development                    ││ Pick a route and press Enter                                                                          │",
                "│  production                   ⚠ ││                                                                                                       │",
                "└─────────────────────────────────┘│                                                                                                       │",
                "┌ Routes ─────────────────────────┐└───────────────────────────────────────────────────────────────────────────────────────────────────────┘",
                "│▸ GET  users.index   /users      │┌ Response ─────────────────────────────────────────────────────────────────────────────────────────────┐",
                "│  GET  users.show    /users/:id  ││ Enter sends the request · Esc cancels it                                                              │",
                "│  POST users.create  /users      ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││              ┌ Environment ─────────────────────────┐                                                 │",
                "│                                 ││              │ ▸ 1  development                     │                                                 │",
                "│                                 ││              │   2  production  ⚠ protected         │                                                 │",
                "│                                 ││              │                                      │                                                 │",
                "│                                 ││              │ Enter picks · 1-9 jumps · Esc closes │                                                 │",
                "│                                 ││              └──────────────────────────────────────┘                                                 │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "│                                 ││                                                                                                       │",
                "└─────────────────────────────────┘└───────────────────────────────────────────────────────────────────────────────────────────────────────┘",
                " development  en",
            ])
    }
}
