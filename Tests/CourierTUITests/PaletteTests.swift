import CourierCore
import Testing

@testable import CourierTUI

@Suite("The command palette")
struct PaletteTests {
    @Test("Ctrl-P anywhere or : outside the form opens it; typing ranks; Enter does the entry")
    func palette() throws {
        var state = Fixtures.state()
        state.press(.char(":"))
        #expect(state.modal?.dialog is CommandPalette)
        state.type("prod")
        var palette = try #require(state.modal?.dialog as? CommandPalette)
        #expect(palette.items[palette.matches[0]].choice == .environment(1))
        state.press(.enter)
        #expect(state.modal == nil && state.environment.name == "production")
        // A route, from inside the form: Ctrl-P, not a typed letter.
        state.press(.enter)
        #expect(state.focus == .request)
        state.press(.ctrl("p"))
        state.type("usrshw")
        palette = try #require(state.modal?.dialog as? CommandPalette)
        #expect(palette.items[palette.matches[0]].choice == .route("users.show"))
        state.press(.enter)
        #expect(
            state.openRoute == "users.show" && state.focus == .request && state.routeList.selected?.name == "users.show"
        )
        // An action, with its key shown, done as the key would do it.
        state.press(.ctrl("p"))
        state.type("history")
        palette = try #require(state.modal?.dialog as? CommandPalette)
        let first = palette.items[palette.matches[0]]
        #expect(first.detail == "H" && first.choice == .action(.openHistory, pane: nil))
        #expect(state.press(.enter) == [.loadHistory(route: "users.show")])
        // Nothing matches; Backspace and Ctrl-U widen again; Esc closes.
        state.press(.ctrl("p"))
        state.type("zzzz")
        #expect((state.modal?.dialog as? CommandPalette)?.matches.isEmpty == true)
        #expect(Views.render(state).trimmedLines.contains { $0.contains("nothing matches") })
        state.press(.ctrl("u"))
        #expect((state.modal?.dialog as? CommandPalette)?.matches.count == palette.items.count)
        state.press(.escape)
        #expect(state.modal == nil)
    }

    @Test("in the form : types; the Response pane's actions are offered only with a response shown")
    func scopes() throws {
        var state = Fixtures.state()
        state.press(.down, .enter, .ctrl("u"))
        state.type(":")
        #expect(state.modal == nil && state.openForm?.form.fields.first?.value == ":")
        let before = CommandPalette.items(in: state)
        #expect(!before.contains { if case .action(_, .response?) = $0.choice { true } else { false } })
        state.press(.ctrl("u"))
        state.type("42")
        try state.sendAndAnswer(Fixtures.response("{\"a\": 1}"))
        let after = CommandPalette.items(in: state)
        #expect(after.contains { $0.choice == .action(.toggleHeaders, pane: .response) })
    }

    @Test("fuzzy score: the letters in order, runs and word starts first")
    func scoring() {
        let score = { (needle: String, haystack: String) in
            FuzzyFinder.score(FuzzyFinder.folded(needle), in: FuzzyFinder.folded(haystack))
        }
        #expect(score("ush", "route users.show") != nil && score("xyz", "route users.show") == nil)
        #expect(score("users", "route users.show")! > score("users", "route u-s-e-r-s")!)
        #expect(score("show", "route users.show")! > score("show", "route shadow-whole")!)
    }

    @Test(
        "a letter typed narrows the last matches to what a fresh search finds; Backspace widens; any case, any script")
    func narrowing() {
        let names = ["users.show", "users.index", "orders.show", "Ärzte.list", "ÄRZTE.show", "user-status"]
        let items = names.map { name in
            CommandPalette.Item(
                title: "route \(name)", detail: "GET /", choice: .route(name),
                haystack: FuzzyFinder.folded("route \(name) GET /"))
        }
        var typed = CommandPalette(items: items)
        for (step, query) in ["u", "us", "us ", "us s", "us sh", "us s", "o", "ä", "äR", "ärz s"].enumerated() {
            typed.setQuery(query)
            var fresh = CommandPalette(items: items)
            fresh.setQuery(query)
            #expect(typed.matches == fresh.matches, "step \(step): \(query)")
        }
        #expect(typed.matches.map { names[$0] } == ["ÄRZTE.show", "Ärzte.list"])
        #expect(FuzzyFinder.folded("GET /Users/É") == Array("get /users/é".utf8))
    }

    @Test("opening asks for recent history; it joins the open palette once, failed attempts with —; Enter shows one")
    func recentHistory() throws {
        var state = Fixtures.state()
        #expect(state.press(.ctrl("p")) == [.loadRecent])
        var failed = HistoryViewTests.entries[1]
        failed.id = 9
        failed.failure = "could not connect"
        _ = state.update(.recentLoaded(HistoryViewTests.entries + [failed]))
        _ = state.update(.recentLoaded(HistoryViewTests.entries))
        var palette = try #require(state.modal?.dialog as? CommandPalette)
        let titles = palette.items.filter { $0.choice.recordID != nil }.map(\.title)
        #expect(
            titles == [
                "history #7 users.show · production 200", "history #3 users.show · development 404",
                "history #9 users.show · development —",
            ])
        state.type("hist 3")
        palette = try #require(state.modal?.dialog as? CommandPalette)
        #expect(palette.items[palette.matches[0]].choice == .record(3))
        #expect(state.press(.enter) == [.loadRecord(id: 3)])
        #expect(state.modal == nil && state.status?.text == "opening #3…")
        // A palette closed before the answer came: nothing opens.
        _ = state.update(.recentLoaded(HistoryViewTests.entries))
        #expect(state.modal == nil)
    }
}
