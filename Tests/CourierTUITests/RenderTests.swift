import CourierCore
import Foundation
import Testing

@testable import CourierTUI

@Suite("Views rendered into a ScreenBuffer")
struct RenderTests {
    @Test("the left column lists environments (active marked, protected flagged) and routes")
    func leftColumn() {
        let lines = Views.render(Fixtures.state(width: 80, height: 16)).trimmedLines
        #expect(lines[0].hasPrefix("┌ Environments ──"))
        #expect(lines[1].hasPrefix("│▸ development"))
        #expect(lines[2].hasPrefix("│  production        ⚠ │"))
        #expect(lines[4].hasPrefix("┌ Routes ──"))
        #expect(lines[5].hasPrefix("│▸ GET  users.index    │"))
        #expect(lines[6].hasPrefix("│  GET  users.show     │"))
        #expect(lines[15] == " development  en  Enter open · e env · L lang · / filter · R run · ? help")
    }

    @Test("the Request pane shows the method, the resolved URL and the fields")
    func requestPane() {
        var state = Fixtures.state(width: 80, height: 16)
        state.press(.down, .enter)
        let lines = Views.render(state).trimmedLines
        #expect(lines[0].contains("┌ Request · users.show ──"))
        #expect(lines[1].contains("│ GET    http://dev.test/v1/users/42"))
        #expect(lines[2].contains("│ path   id [ 42 ]"))
        // Every header that goes out, with where it comes from, the secret masked.
        #expect(lines[3].contains("│ header Accept: application/json  (workspace)"))
        #expect(lines[4].contains("│ header Authorization: Bearer ••••••  (env)"))
        #expect(lines[5].contains("│ header Accept-Language: en  (language)"))
        #expect(state.outgoingHeaders.last?.source == "default", "Courier's own User-Agent comes last")
        #expect(!lines.joined().contains("dev-secret"))
    }

    @Test("a typed header overrides the layer below it and is listed once, as a field; route and body headers say so")
    func outgoingSources() throws {
        var workspace = Fixtures.workspace
        workspace.routes[2].headers = [HeaderField("X-Trace", "{{city}}")]
        var state = AppState(workspace: workspace, processEnvironment: [:], width: 120, height: 40)
        state.press(.down, .down, .enter)
        #expect(
            state.outgoingHeaders.map { "\($0.field.name): \($0.field.value) (\($0.source))" } == [
                "Accept: application/json (workspace)", "Authorization: Bearer •••••• (env)",
                "Accept-Language: en (language)", "X-Trace: Madrid (route)", "Content-Type: application/json (body)",
                "User-Agent: \(CourierVersion.userAgent) (default)",
            ])
        state.press(.ctrl("n"))
        state.type("Authorization: Token typed")
        #expect(!state.outgoingHeaders.contains { $0.field.name == "Authorization" })
        #expect(
            state.openForm?.form.fields.contains { $0.section == .header && $0.value == "Authorization: Token typed" }
                == true)
    }

    @Test("the Request pane says which auth applies: the environment's, the route's, or none")
    func authLine() {
        var workspace = Fixtures.workspace
        // The environment's own Authorization header gives way to a route's auth, not to its own.
        workspace.environments[0].headers = []
        workspace.environments[0].auth = .basic(username: "{{city}}", password: "{{token}}")
        workspace.routes[2].auth = AuthSpec.none
        workspace.routes[1].auth = .digest(username: "qa-{{token}}", password: "x")
        var state = AppState(workspace: workspace, processEnvironment: [:], width: 100, height: 30)
        state.press(.enter)
        var lines = Views.render(state).trimmedLines
        #expect(lines.contains { $0.contains("│ auth   basic · Madrid (from development)") })
        #expect(
            (lines.firstIndex { $0.contains("│ header") } ?? 99) < (lines.firstIndex { $0.contains("│ auth") } ?? 0))
        state.press(.escape, .down, .enter)
        lines = Views.render(state).trimmedLines
        #expect(lines.contains { $0.contains("│ auth   digest · qa-•••••• (answers the server's challenge)") })
        state.press(.escape, .down, .enter)
        lines = Views.render(state).trimmedLines
        #expect(lines.contains { $0.contains("│ auth   none (this route turns off development's basic)") })
        // A header the route writes wins over any auth, and the pane says so.
        workspace.routes[0].headers = [HeaderField("Authorization", "Token t")]
        state = AppState(workspace: workspace, processEnvironment: [:], width: 100, height: 30)
        state.press(.enter)
        #expect(
            Views.render(state).trimmedLines.contains {
                $0.contains("│ auth   the Authorization header is sent (it overrides the basic auth)")
            })
        // Without any auth there is no auth row.
        #expect(!Views.render(Fixtures.state(width: 100, height: 16)).trimmedLines.contains { $0.contains("│ auth") })
    }

    @Test("an unresolvable URL is drawn as the reason, not a crash")
    func unresolved() {
        var state = Fixtures.state(width: 100, height: 16)
        state.press(.down, .enter, .ctrl("u"))
        state.type("{{nope}}")
        let lines = Views.render(state).trimmedLines
        #expect(lines[1].contains("⚠ unknown variable '{{nope}}'"))
    }

    @Test("the Response pane shows status, time, size, labels and the pretty body")
    func responsePane() throws {
        var state = Fixtures.state(width: 90, height: 16)
        state.press(.enter)
        try state.sendAndAnswer(Fixtures.response("{\"name\":\"Pablo\",\"tags\":[]}"))
        let lines = Views.render(state).trimmedLines
        let top = try #require(lines.firstIndex { $0.contains("Response ──") })
        // users.index has no checks: the implicit ones ran (status < 400, the JSON body parses).
        #expect(lines[top].contains("Response ── 200 OK ✓ 2/2 · 12 ms · 26 B"))
        let left = Layout(width: 90, height: 16, state: state).response.x
        let firstRow = String(Array(lines[top + 1]).dropFirst(left))
        #expect(firstRow == "│ {" + String(repeating: " ", count: firstRow.count - 4) + "│")
        #expect(lines[top + 2].contains("│   \"name\": \"Pablo\","))
        #expect(lines[top + 3].contains("│   \"tags\": []"))
    }

    @Test("JSON lines get key, string, number and literal colours")
    func highlighting() {
        let spans = JSONLineHighlighter.spans("  \"a\": [1, true, \"x\\\"y\"],")
        #expect(spans.map(\.text) == ["  ", "\"a\"", ": [", "1", ", ", "true", ", ", "\"x\\\"y\"", "],"])
        #expect(spans[1].style == Theme.jsonKey)
        #expect(spans[3].style == Theme.jsonNumber)
        #expect(spans[5].style == Theme.jsonLiteral)
        #expect(spans[7].style == Theme.jsonString)
    }

    @Test(
        "terminals below the minimum show a notice at any size, down to nothing",
        arguments: [
            (20, 6), (49, 30), (120, 11), (1, 1), (0, 0),
        ])
    func tooSmall(width: Int, height: Int) {
        let buffer = Views.render(Fixtures.state(width: width, height: height))
        #expect(buffer.width == width && buffer.height == height)
        if width >= 18 && height >= 2 {
            #expect(buffer.trimmedLines.contains { $0.contains("terminal too small") })
        }
    }

    @Test("every size from 0×0 to 130×45 renders without trapping, with a form, a response and a dialog open")
    func anySize() throws {
        var state = Fixtures.state(session: SessionState(environment: "production"))
        state.press(.down, .down, .enter)
        let id = try #require(state.press(.enter, .char("y")).sent.first?.id)
        state.answer(id, with: Fixtures.response("{\"東京\": [1, 2, {\"😀\": null}]}"))
        state.press(.char("?"))
        for width in stride(from: 0, through: 130, by: 7) {
            for height in stride(from: 0, through: 45, by: 3) {
                _ = state.update(.resize(width: width, height: height))
                let buffer = Views.render(state)
                #expect(buffer.lines.count == height)
            }
        }
    }

    @Test("the confirmation dialog names the environment and the request")
    func confirmDialog() {
        var state = Fixtures.state(session: SessionState(environment: "production"))
        state.press(.down, .down, .enter, .enter)
        let text = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(text.contains("Send to production?"))
        #expect(text.contains("production is a protected environment."))
        #expect(text.contains("POST https://prod.test/users"))
        #expect(text.contains("y sends · any other key cancels"))
    }

    @Test(
        "padding counts cells, so columns line up after wide characters",
        arguments: [("GET", 5, "GET  "), ("用户", 5, "用户 "), ("用户列表", 5, "用户 "), ("abc", 0, "")])
    func padding(text: String, width: Int, expected: String) {
        #expect(text.padded(to: width) == expected)
        #expect(CellWidth.of(text.padded(to: width)) == width)
    }

    @Test(
        "paths too long for their column keep both ends",
        arguments: [
            ("/users/:id", 20, "/users/:id"), ("/users/:id/comments/:comment", 14, "/users/…omment"),
            ("/a/b", 1, "…"), ("/用户/详情", 6, "/用…情"),
        ])
    func middle(text: String, width: Int, expected: String) {
        #expect(text.truncatedInMiddle(to: width) == expected)
        #expect(CellWidth.of(text.truncatedInMiddle(to: width)) <= width)
    }

    @Test("search and highlight share one case rule: ASCII letters fold, other characters match exactly")
    func caseRule() {
        #expect(ResponseDisplay.columns(matching: "madrid", in: "\"MADRID\", madrid") == [1..<7, 10..<16])
        #expect(ResponseDisplay.columns(matching: "é", in: "É é") == [2..<3])
    }

    @Test("help lists the keymap and scrolls to its last row")
    func helpDialog() {
        var state = Fixtures.state(width: 100, height: 30)
        state.press(.char("?"))
        var text = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(text.contains("Tab / Shift-Tab  (panes)") && text.contains("next / previous pane"))
        #expect(text.contains("↑ ↓ scroll · Esc closes · 1-24/"))
        #expect(!text.contains("Ctrl-C  (anywhere)"))
        state.press(.char("G"))
        text = Views.render(state).trimmedLines.joined(separator: "\n")
        #expect(text.contains("Ctrl-C  (anywhere)"))
    }

    @Test("long names are clipped at the pane edge, never spilling into the next pane")
    func clipping() {
        var workspace = Fixtures.workspace
        workspace.environments[0].name = String(repeating: "very-long-environment-name-", count: 4)
        let state = AppState(workspace: workspace, processEnvironment: [:], width: 80, height: 16)
        let line = Views.render(state).lines[1]
        let left = Layout(width: 80, height: 16, state: state).environments.width
        #expect(Array(line)[left - 1] == "│")
        #expect(Array(line)[left] == "┌" || Array(line)[left] == "│")
        // Cut names say so, keeping both ends: `very-…name-`, `messa…index`.
        #expect(line.contains("very-long-…ent-name-"), "\(line)")
        var routes = Fixtures.workspace
        routes.routes.append(Route(name: "messages.index.with.a.long.name", method: .get, path: "/m"))
        let narrow = AppState(workspace: routes, processEnvironment: [:], width: 80, height: 16)
        #expect(
            Views.render(narrow).lines.contains {
                $0.contains("messages.in…g.name") || $0.contains("…") && $0.contains("messa")
            })
    }
}

@Suite("Viewer on a large document")
struct LargeDocumentRenderTests {
    /// A response of 30,000 items (~120,000 pretty lines) in a 100×20 screen.
    static func state() throws -> AppState {
        var state = Fixtures.state(width: 100, height: 20)
        state.press(.enter)
        let id = try #require(state.press(.enter).sent.first?.id)
        let items = (0..<30_000).map { "{\"id\":\($0),\"tags\":[\"t\($0 % 7)\"]}" }.joined(separator: ",")
        state.answer(id, with: Fixtures.response("{\"items\":[" + items + "]}"))
        state.press(.tab)
        return state
    }

    private func bodyRows(_ state: AppState) -> [String] {
        let layout = Layout(width: state.width, height: state.height, state: state)
        let lines = Views.render(state).lines
        return (layout.response.inner.y..<(layout.response.inner.y + layout.response.inner.height)).map { row in
            String(Array(lines[row]).dropFirst(layout.response.inner.x).prefix(layout.response.inner.width))
                .replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
    }

    @Test("top, middle and end render the right lines with the cursor marker and position")
    func topMiddleEnd() throws {
        var state = try Self.state()
        let height = state.responseBodyHeight
        var rows = bodyRows(state)
        #expect(rows[0] == "▸{")
        #expect(rows[1] == "   \"items\": [")
        #expect(rows[2] == "     {")
        #expect(rows[3] == "       \"id\": 0,")

        // Middle: item 15000 starts at line 2 + 15000 * 6.
        state.press(.char("/"))
        state.type("\"id\": 15000,")
        state.press(.enter)
        rows = bodyRows(state)
        let cursorRow = try #require(rows.firstIndex { $0.hasPrefix("▸") })
        #expect(rows[cursorRow] == "▸      \"id\": 15000,")
        #expect(rows[cursorRow - 1] == "     {")

        state.press(.char("G"))
        rows = bodyRows(state)
        #expect(rows[height - 1] == "▸}")
        #expect(rows[height - 2] == "   ]")
        #expect(rows[height - 3] == "     }")
        let total = state.response?.lineCount ?? 0
        #expect(Views.render(state).trimmedLines.contains { $0.contains("\(total - height + 1)-\(total)/\(total)") })
    }
}

@Suite("TextDocument")
struct TextDocumentTests {
    @Test(
        "lines are indexed by newline; CR is dropped; a byte that is not UTF-8 shows as <XX>, as less shows it",
        arguments: [
            ([UInt8]("a\nb\n".utf8), ["a", "b"]),
            (Array("a\r\n\nc".utf8), ["a", "", "c"]),
            ([0x61, 0xFF, 0x62], ["a<FF>b"]),
            ([0x63, 0x61, 0x66, 0xE9, 0x20, 0xC3, 0xA9, 0x0A, 0xE2, 0x82], ["caf<E9> é", "<E2><82>"]),
            ([], []),
        ])
    func lines(bytes: [UInt8], expected: [String]) {
        let document = TextDocument(bytes)
        #expect((0..<document.lineCount).map(document.line) == expected)
    }

    @Test(
        "line starts match a byte-by-byte index wherever the newlines fall in the 8-byte words",
        arguments: [
            "", "\n", "\n\n", "a", "abcdefgh", "abcdefg\n", "abcdefgh\n", "\nabcdefgh", "a\nb\nc\nd\ne\nf\ng\nh\ni",
            String(repeating: "\n", count: 17), "0123456789\n0123456\n\n01234567890123456789\n",
            "\u{0B}\u{8A}\u{0A}\u{1A}x\u{7F}\u{0A}é\n東京\n", String(repeating: "ab\n", count: 11) + "tail",
        ])
    func lineStarts(text: String) {
        let bytes = Array(text.utf8)
        var expected: [UInt32] = bytes.isEmpty ? [] : [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A && offset + 1 < bytes.count {
            expected.append(UInt32(offset + 1))
        }
        #expect(TextDocument(bytes).lineStarts == expected)
    }
}

@Suite("ScreenBuffer")
struct ScreenBufferTests {
    @Test("wide characters take two cells; text is clipped at a character boundary")
    func wide() {
        var buffer = ScreenBuffer(width: 6, height: 2)
        let end = buffer.put("東京x", x: 0, y: 0)
        #expect(end == 5)
        #expect(buffer.lines[0] == "東京x ")
        #expect(buffer[1, 0].text == "")
        buffer.put("ab東", x: 3, y: 1)
        #expect(buffer.lines[1] == "   ab ")
    }

    @Test(
        "cell widths follow wcwidth for ASCII, accents, CJK, emoji and combining marks",
        arguments: [
            ("a", 1), ("é", 1), ("中", 2), ("😀", 2), ("e\u{301}", 1), ("⚠", 1), ("│", 1),
        ])
    func widths(text: String, width: Int) {
        #expect(CellWidth.of(text) == width)
    }

    @Test("control characters are drawn visibly instead of reaching the terminal")
    func controls() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        buffer.put("a\u{1B}b\tc", x: 0, y: 0)
        #expect(buffer.lines[0] == "a�b c")
    }

    @Test("a ZWJ emoji takes the cells of each picture terminals draw; the next character keeps its cell")
    func zwjEmoji() {
        #expect(
            CellWidth.of(Character("👩‍💻")) == 4 && CellWidth.of(Character("❤️")) == 2 && CellWidth.of(Character("é")) == 1)
        var buffer = ScreenBuffer(width: 8, height: 1)
        let end = buffer.put("👩‍💻x", x: 0, y: 0)
        #expect(end == 5)
        #expect(buffer[4, 0].text == "x" && buffer[1, 0].text.isEmpty && buffer[3, 0].text.isEmpty)
    }

    @Test("boxes draw borders and a title that ends in … a cell before the corner when too long")
    func box() {
        var buffer = ScreenBuffer(width: 10, height: 3)
        buffer.box(Rect(x: 0, y: 0, width: 10, height: 3), title: "Environments")
        #expect(buffer.lines == ["┌ Envi… ─┐", "│        │", "└────────┘"])
        buffer.box(Rect(x: 0, y: 0, width: 10, height: 3), title: "Routes")
        #expect(buffer.lines[0] == "┌ Routes ┐")
    }
}
