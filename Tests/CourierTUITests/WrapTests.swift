import CourierCore
import Testing

@testable import CourierTUI

/// Long lines in the Response pane: text wraps, JSON is cut at `›` and scrolls sideways, `W`
/// switches, and the cursor, the mouse and search highlights follow wrapped rows.
@Suite("Long lines: wrap and sideways scroll")
struct WrapTests {
    static let words = (1...40).map { "word\($0)" }.joined(separator: " ")
    static let text = HTTPResponse(
        status: 200, reason: "OK", headers: [HeaderField("Content-Type", "text/plain")],
        body: Array("short\n\(words)\nlast".utf8), totalTime: 0.01)

    /// users.index (no checks, no json_path) answered with `response`, the Response pane focused.
    static func answered(_ response: HTTPResponse, width: Int = 80, height: Int = 24) throws -> AppState {
        var state = Fixtures.state(width: width, height: height)
        state.press(.enter)
        try state.sendAndAnswer(response)
        state.focus = .response
        return state
    }

    static func screen(_ state: AppState) -> [String] { Views.render(state).trimmedLines }

    @Test("text wraps by default: the long line's rows continue under the gutter, the next line numbered after")
    func textWraps() throws {
        let state = try Self.answered(Self.text)
        #expect(state.response?.wrap == true)
        let lines = Self.screen(state)
        let first = try #require(lines.firstIndex { $0.contains("2 │ word1 word2") })
        #expect(lines[first + 1].contains("  │ ") && lines[first + 1].contains("word"))
        #expect(lines.contains { $0.contains("3 │ last") })
        #expect(lines.contains { $0.contains("word40") }, "the whole line is on screen")
        #expect(!lines.joined().contains("›"))
    }

    @Test("JSON is cut at › by default; → scrolls sideways (‹ marks it), ← back; W wraps it, → then says so")
    func jsonCut() throws {
        let long = String(repeating: "abcdefghij", count: 20)
        var state = try Self.answered(Fixtures.response(#"{"id": 42, "note": "\#(long)"}"#))
        #expect(state.response?.wrap == false)
        var note = try #require(
            Self.screen(state).first { $0.contains("\"note\"") }, "\(Self.screen(state).joined(separator: "\n"))")
        #expect(note.hasSuffix("›│") && !note.contains("‹"), "\(note)")
        state.press(.right)
        note = try #require(Self.screen(state).first { $0.contains("abcdefghij") && $0.contains("‹") })
        #expect(!note.contains("\"note\"") && state.response?.column ?? 0 > 0)
        state.press(.right, .right, .right, .right, .right, .right)
        note = try #require(Self.screen(state).first { $0.contains("hij") })
        #expect(note.contains("‹") && note.hasSuffix("ij\"│"), "the end reached: \(note)")
        state.press(.left, .left, .left, .left, .left, .left, .left, .left)
        #expect(state.response?.column == 0 && !Self.screen(state).joined().contains("‹"))
        state.press(.char("W"))
        #expect(state.status?.text == "long lines wrap (W cuts them)")
        let rows = Self.screen(state).filter { $0.contains("abcdefghij") }
        #expect(rows.count >= 3 && rows.last?.contains("ij\"") == true && !rows.joined().contains("›"), "\(rows)")
        state.press(.right)
        #expect(state.status?.text == "long lines wrap; W cuts them to scroll sideways")
    }

    @Test("the cursor's line stays on screen when lines wrap; a click on a continuation row picks its line")
    func cursorAndMouse() throws {
        let body = (1...30).map { "line \($0) " + Self.words }.joined(separator: "\n")
        var state = try Self.answered(
            HTTPResponse(
                status: 200, reason: "OK", headers: [HeaderField("Content-Type", "text/plain")],
                body: Array(body.utf8), totalTime: 0.01), height: 40)
        for _ in 0..<12 { state.press(.char("j")) }
        #expect(state.response?.cursor == 12)
        // The model scrolled, not only the drawing: the first line shown is its own `scroll`.
        let shown = state.response?.firstShown(height: state.responseBodyHeight, width: state.responseBodyWidth)
        #expect((state.response?.scroll ?? 0) > 0 && state.response?.scroll == shown)
        let lines = Self.screen(state)
        let marked = try #require(lines.last { $0.contains("▸") }, "\(lines.joined(separator: "\n"))")
        #expect(marked.contains("13 │ line 13 "), "\(marked)")
        state.press(.char("g"))
        let layout = Layout(width: state.width, height: state.height, state: state)
        let rowsOfFirst = try #require(state.response?.rows(of: 0, width: layout.response.inner.width))
        #expect(rowsOfFirst > 1)
        // The row after line 1's rows is line 2; a continuation row of line 1 is line 1.
        let x = layout.response.inner.x + 5
        _ = state.update(.mouse(MouseEvent(x: x, y: layout.response.inner.y + rowsOfFirst, .press)))
        #expect(state.response?.cursor == 1)
        _ = state.update(.mouse(MouseEvent(x: x, y: layout.response.inner.y + rowsOfFirst - 1, .press)))
        #expect(state.response?.cursor == 0)
    }

    @Test("a match cut by the wrap (a word longer than a row) is marked on both rows")
    func searchAcrossRows() throws {
        let probe = try Self.answered(Self.text)
        let layout = Layout(width: probe.width, height: probe.height, state: probe)
        // One line, so a gutter of `1 │ `: the row holds the inner width less the cursor and it.
        let room = layout.response.inner.width - 1 - 4
        let token = String(repeating: "a", count: room - 3) + "NEEDLE" + String(repeating: "b", count: 40)
        var state = try Self.answered(
            HTTPResponse(
                status: 200, reason: "OK", headers: [HeaderField("Content-Type", "text/plain")],
                body: Array(token.utf8), totalTime: 0.01))
        state.press(.char("/"))
        state.type("needle")
        state.press(.enter)
        let buffer = Views.render(state)
        let marked = (0..<buffer.height).map { y in
            (0..<buffer.width).filter { x in buffer[x, y].style == Theme.match }.map { buffer[$0, y].text }.joined()
        }.filter { !$0.isEmpty }
        #expect(marked == ["NEE", "DLE"])
    }

    @Test("rows break after the last space that fits; a word longer than a row is cut; huge lines are counted")
    func rowBreaks() {
        #expect(ResponseDisplay.rowStarts(Array("aaa bbb ccc"), width: 6) == [0, 4, 8])
        #expect(ResponseDisplay.rowStarts(Array("aaa bbb ccc"), width: 7) == [0, 8])
        #expect(ResponseDisplay.rowStarts(Array("aaaaaaaaaa"), width: 4) == [0, 4, 8])
        #expect(ResponseDisplay.rowStarts(Array("ab 漢字漢字"), width: 4) == [0, 3, 5])
        #expect(ResponseDisplay.rowCount(String(repeating: "x ", count: 50_000), width: 10) == 10_000)
    }
}
