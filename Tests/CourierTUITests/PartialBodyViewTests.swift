import CourierCore
import Testing

@testable import CourierTUI

/// The start of a large body in the Response pane while the rest arrives: its first lines,
/// labelled, then the whole response in the same place; Esc or a break keeps the start, said
/// to be only that.
@Suite("The start of a large body on the screen")
struct PartialBodyViewTests {
    static let json = [HeaderField("Content-Type", "application/json")]

    /// A document of `count` items, compact, as a server sends it.
    static func document(_ count: Int) -> String {
        "{\"count\":\(count),\"items\":["
            + (1...count).map { "{\"id\":\($0),\"name\":\"user \($0)\",\"tags\":[\"a\",\"b\"]}" }.joined(separator: ",")
            + "]}"
    }

    /// A state that sent users.index (no json_path) and was told the start of `body`.
    static func arriving(_ body: String, cut: Int, height: Int = 16) throws -> (AppState, Int) {
        var state = Fixtures.state(width: 100, height: height)
        let id = try #require(state.press(.enter, .enter).sent.first?.id)
        let first = Array(body.utf8.prefix(cut))
        _ = state.update(.stream(id: id, .partial(status: 200, reason: "OK", headers: json, firstBytes: first)))
        return (state, id)
    }

    @Test("the first lines show at once, labelled; the whole body replaces them where the reader is")
    func replaced() throws {
        let body = Self.document(200)
        var (state, id) = try Self.arriving(body, cut: body.utf8.count / 2)
        let partial = try #require(state.response)
        let whole = try #require(ResponseDisplay.printedJSON(of: Fixtures.response(body)))
        let wholeLines = (0..<whole.lineCount).map(whole.line)
        #expect(partial.arrival == .live)
        #expect(partial.lineCount > 100 && partial.lineCount < wholeLines.count)
        #expect(partial.allLines == Array(wholeLines.prefix(partial.lineCount)))
        #expect(state.shownExchange == nil)
        var lines = Views.render(state).trimmedLines
        #expect(lines.contains { $0.contains("Response ── 200 OK receiving… · ") && !$0.contains(" 0 ms") })
        #expect(lines.contains { $0.contains("/\(partial.lineCount)+ ") })

        // The reader moves; the progress updates the title; the whole body keeps the place.
        state.focus = .response
        state.press(.char("j"), .char("j"), .char("j"), .pageDown)
        let moved = try #require(state.response)
        _ = state.update(.progress(id: id, received: 300_000, elapsed: 0.05))
        lines = Views.render(state).trimmedLines
        #expect(lines.contains { $0.contains("200 OK receiving… · 50 ms · 293.0 KB") })
        state.answer(id, with: Fixtures.response(body))
        let response = try #require(state.response)
        #expect(response.arrival == nil)
        #expect(response.allLines == wholeLines)
        #expect(response.cursor == moved.cursor && response.scroll == moved.scroll)
        #expect(state.shownExchange != nil)
        lines = Views.render(state).trimmedLines
        #expect(!lines.contains { $0.contains("receiving") })
        #expect(lines.contains { $0.contains("/\(wholeLines.count) ") })
    }

    @Test("Esc keeps the start, said to be only that; its late answer changes nothing; a break too")
    func stopped() throws {
        let body = Self.document(200)
        var (state, id) = try Self.arriving(body, cut: 4000)
        #expect(state.press(.escape) == [.cancel(id: id)])
        let stopped = try #require(state.response)
        #expect(stopped.arrival == .stopped)
        #expect(stopped.lineCount > 0)
        _ = state.update(.response(id: id, result: .failure(.cancelled)))
        #expect(state.response == stopped)
        #expect(
            Views.render(state).trimmedLines.contains {
                $0.contains("200 OK stopped (Esc) · the start of the body only")
            })

        (state, id) = try Self.arriving(body, cut: 4000)
        _ = state.update(
            .response(id: id, result: .failure(.timeout(seconds: 1, url: "http://dev.test/v1/users", phase: .body))))
        #expect(state.response?.arrival == .failed)
        #expect(state.status?.isError == true)
        #expect(
            Views.render(state).trimmedLines.contains { $0.contains("200 OK broken off · the start of the body only") })
    }

    @Test("search, a json path, folds and copies wait for the whole body")
    func wholeBodyKeys() throws {
        var (state, id) = try Self.arriving(Self.document(200), cut: 4000)
        state.focus = .response
        for key in [Key.char("/"), .char("p"), .char("f"), .char("c"), .char("3"), .char("v")] {
            state.status = nil
            state.press(key)
            #expect(state.status?.text == "the body is still arriving", "\(key)")
            #expect(state.mode == .normal, "\(key)")
            #expect(state.response?.folded == nil && state.response?.search == nil)
        }
        _ = state.press(.escape)
        state.press(.char("c"))
        #expect(state.status == AppState.StatusLine(text: "only the start of the body came", isError: true))
        // Moving and the headers work on what is there.
        state.press(.char("h"), .char("j"))
        #expect(state.response?.cursor == 1 && state.response?.showHeaders == true)
        _ = id
    }

    @Test("not shown: an older request, one for a comparison, a route with a json_path, nothing whole yet")
    func ignored() throws {
        let body = Self.document(200)
        let start = Array(body.utf8.prefix(4000))
        let update = StreamUpdate.partial(status: 200, reason: "OK", headers: Self.json, firstBytes: start)
        var state = Fixtures.state(width: 100, height: 16)
        let old = try #require(state.press(.enter, .enter).sent.first?.id)
        let newer = try #require(state.press(.enter).sent.first?.id)
        state.answer(newer, with: Fixtures.response("{}"))
        _ = state.update(.stream(id: old, update))
        #expect(state.response?.requestID == newer)
        // An answer for the diff view is compared when it ends.
        let compared = try #require(state.press(.enter).sent.first?.id)
        let shown = try #require(state.shownExchange)
        state.inFlight[compared]?.purpose = .compare(with: shown, title: "recorded")
        _ = state.update(.stream(id: compared, update))
        #expect(state.response?.requestID == newer)
        // users.show picks address.city from the whole body: nothing to show before it.
        state.focus = .routes
        state.press(.char("j"), .enter)
        let show = try #require(state.press(.enter).sent.first?.id)
        _ = state.update(.stream(id: show, update))
        #expect(state.response?.requestID == newer)
        // No complete line yet, or bytes that are not text.
        state.focus = .routes
        state.press(.char("k"), .enter)
        let back = try #require(state.press(.enter).sent.first?.id)
        // ("{" is a line as soon as a key follows it; "[" or a long string is not yet.)
        for first in [Array("  [ ".utf8), Array("\"a long string".utf8), [0x00, 0x01, 0x02, 0x0A]] {
            _ = state.update(
                .stream(id: back, .partial(status: 200, reason: "OK", headers: [], firstBytes: first)))
            #expect(state.response?.requestID == newer)
        }
    }

    @Test("every size from 0×0 to 130×45 draws the start of a body without trapping, and a resize keeps it")
    func anySize() throws {
        var (state, _) = try Self.arriving(Self.document(200), cut: 6000)
        state.focus = .response
        state.press(.char("G"))
        for width in stride(from: 0, through: 130, by: 7) {
            for height in stride(from: 0, through: 45, by: 3) {
                _ = state.update(.resize(width: width, height: height))
                #expect(Views.render(state).lines.count == height)
            }
        }
        #expect(state.response?.arrival == .live)
    }

    @Test("text shows whole lines only, numbered")
    func text() throws {
        var state = Fixtures.state(width: 100, height: 16)
        let id = try #require(state.press(.enter, .enter).sent.first?.id)
        let first = Array("line one\nline two\nline thr".utf8)
        _ = state.update(
            .stream(
                id: id,
                .partial(
                    status: 200, reason: "OK", headers: [HeaderField("Content-Type", "text/plain")], firstBytes: first))
        )
        let response = try #require(state.response)
        #expect(response.allLines == ["line one", "line two"])
        #expect(response.isText && !response.isJSON)
        #expect(Views.render(state).trimmedLines.contains { $0.contains("1 │ line one") })
    }
}
