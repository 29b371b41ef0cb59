import CourierCore
import Testing

@testable import CourierTUI

/// Folding a stream's JSON events (SSE, NDJSON, a WebSocket's messages), as a JSON body folds:
/// `f` at an event, `F` and digits for every event; events that come later come folded, and
/// the titles stay titles.
@Suite("Folding a stream's events")
struct StreamFoldTests {
    static func nested(_ n: Int) -> StreamUpdate {
        .event(
            .event(
                ServerSentEvent(type: "tick", data: #"{"n":\#(n),"user":{"id":\#(n),"tags":["a","b"]}}"#, id: String(n))
            ))
    }

    @Test("F folds every event to depth 1; f unfolds one; a new event comes folded; titles stay titles")
    func foldsEvents() throws {
        var (state, id) = try StreamViewTests.streaming(height: 40)
        for n in 1...2 { _ = state.update(.stream(id: id, Self.nested(n))) }
        state.focus = .response
        state.press(.char("F"))
        var response = try #require(state.response)
        #expect(
            response.allLines == [
                "event: tick  id: 1", "{", "  \"n\": 1,", "  \"user\": { … 2 keys … }", "}", "",
                "event: tick  id: 2", "{", "  \"n\": 2,", "  \"user\": { … 2 keys … }", "}", "",
            ])
        #expect(response.isEventTitle(response.headerRowCount + 6))
        #expect(!response.isEventTitle(response.headerRowCount + 7))
        // A third event comes folded too, and the view follows it.
        _ = state.update(.stream(id: id, Self.nested(3)))
        response = try #require(state.response)
        #expect(
            response.allLines.suffix(6) == [
                "event: tick  id: 3", "{", "  \"n\": 3,", "  \"user\": { … 2 keys … }", "}", "",
            ])
        #expect(response.cursor == response.lineCount - 1)
        // f on the second event's user unfolds it alone.
        state.press(.char("g"))
        for _ in 0..<9 { state.press(.char("j")) }
        state.press(.char("f"))
        response = try #require(state.response)
        #expect(
            Array(response.allLines[6...12]) == [
                "event: tick  id: 2", "{", "  \"n\": 2,", "  \"user\": {", "    \"id\": 2,",
                "    \"tags\": [ … 2 items … ]", "  }",
            ])
        // The stream's end keeps what is folded.
        let wire = (1...3).map {
            "event: tick\nid: \($0)\ndata: {\"n\":\($0),\"user\":{\"id\":\($0),\"tags\":[\"a\",\"b\"]}}\n\n"
        }.joined()
        state.answer(
            id, with: Fixtures.response(wire, headers: [HeaderField("Content-Type", "text/event-stream")]))
        let ended = try #require(state.response)
        #expect(ended.stream?.phase == .complete)
        #expect(ended.allLines == response.allLines)
    }

    @Test("a WebSocket's JSON messages fold as events do")
    func foldsMessages() throws {
        var (state, id) = try StreamViewTests.streaming(height: 40)
        state.response?.stream?.unit = "message"
        let message = WebSocketMessage(
            .received, .text, data: Array(#"{"type":"order","items":[{"sku":"A1"},{"sku":"B2"}]}"#.utf8), time: 0.25)
        _ = state.update(.stream(id: id, .event(.message(message))))
        state.focus = .response
        state.press(.char("1"))
        var response = try #require(state.response)
        #expect(
            response.allLines == ["← 0.250 s", "{", "  \"type\": \"order\",", "  \"items\": [ … 2 items … ]", "}", ""])
        // The whole message on one line: f on its opening brace.
        state.press(.char("g"), .char("j"), .char("f"))
        response = try #require(state.response)
        #expect(response.allLines == ["← 0.250 s", "{ … 2 keys … }", ""])
    }
}
