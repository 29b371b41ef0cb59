import CourierCore
import Testing

@testable import CourierTUI

/// A WebSocket conversation in the Response pane: the upgrade's answer opens it live, each
/// message comes under an arrow and its time (JSON pretty-printed), and the finished
/// exchange shows the whole transcript and how it closed.
@Suite("WebSocket conversations on the screen")
struct WebSocketViewTests {
    /// The fixture workspace with a WebSocket route, `chat`, selected.
    static func state(height: Int = 24) -> AppState {
        var workspace = Fixtures.workspace
        var chat = Route(name: "chat", method: .get, path: "/chat")
        chat.websocket = true
        chat.messages = [#"{"type":"ping"}"#]
        workspace.routes = [chat] + workspace.routes
        return AppState(workspace: workspace, processEnvironment: [:], width: 100, height: height)
    }

    static let head = StreamUpdate.head(
        status: 101, reason: "Switching Protocols", version: "HTTP/1.1",
        headers: [HeaderField("Upgrade", "websocket"), HeaderField("Connection", "Upgrade")])

    static var transcript: WebSocketTranscript {
        var transcript = WebSocketTranscript(openedAt: 1_700_000_000)
        transcript.append(WebSocketMessage(.sent, text: #"{"type":"ping"}"#, time: 0.001))
        transcript.append(WebSocketMessage(.received, text: #"{"type":"pong"}"#, time: 0.004))
        transcript.append(WebSocketMessage(.received, text: "plain words", time: 0.052))
        transcript.close = WebSocketClose(code: 4001, reason: "session expired", byServer: true)
        return transcript
    }

    @Test("the route list says WS; the request goes to the ws URL with the route's plan")
    func sent() throws {
        var state = Self.state()
        let lines = Views.render(state).trimmedLines
        #expect(lines.contains { $0.contains("▸ WS   chat") }, "\(lines.joined(separator: "\n"))")
        let effects = state.press(.enter, .enter)
        guard case .send(_, let prepared)? = effects.first(where: { if case .send = $0 { true } else { false } })
        else { return #expect(Bool(false), "nothing sent") }
        #expect(prepared.request.url == "ws://dev.test/v1/chat")
        #expect(prepared.webSocket?.messages == [#"{"type":"ping"}"#])
    }

    @Test("live: the upgrade opens the pane, messages are appended under arrows, counted as messages")
    func live() throws {
        var state = Self.state()
        let id = try #require(state.press(.enter, .enter).sent.first?.id)
        _ = state.update(.stream(id: id, Self.head))
        for message in Self.transcript.messages { _ = state.update(.stream(id: id, .event(.message(message)))) }
        let response = try #require(state.response)
        #expect(response.stream?.label == "● live · 3 messages")
        #expect(
            Array(response.allLines.prefix(9)) == [
                "→ 0.001 s", "{", "  \"type\": \"ping\"", "}", "", "← 0.004 s", "{", "  \"type\": \"pong\"", "}",
            ])
        #expect(response.isEventTitle(0) && !response.isEventTitle(1) && response.isEventTitle(5))
    }

    @Test("finished: the whole transcript, how it closed, the checks' tally; the screen as drawn")
    func finished() throws {
        var state = Self.state()
        let id = try #require(state.press(.enter, .enter).sent.first?.id)
        var response = HTTPResponse(status: 101, reason: "Switching Protocols", totalTime: 0.06)
        response.transcript = Self.transcript
        state.answer(id, with: response)
        let shown = try #require(state.response)
        #expect(shown.stream?.phase == .complete)
        #expect(shown.allLines.last == #"closed by the server: 4001 "session expired""#)
        #expect(shown.allLines.contains("plain words"))
        let lines = Views.render(state).trimmedLines
        #expect(
            lines.contains { $0.contains("101 Switching Protocols 3 messages ✓ 1/1") },
            "\(lines.joined(separator: "\n"))")
    }

    @Test("once open, keys type a message: Enter sends it, ↑ ↓ pick saved ones, Esc closes; the answer ends it")
    func typing() throws {
        var state = Self.state()
        let id = try #require(state.press(.enter, .enter).sent.first?.id)
        #expect(state.mode == .normal)
        _ = state.update(.stream(id: id, Self.head))
        #expect(state.mode == .typingMessage(id: id, draft: "", pick: nil))
        #expect(state.activeScopes == [.message, .anywhere])
        // Enter on nothing sends nothing.
        #expect(state.press(.enter).isEmpty)
        state.type("hi q")
        #expect(state.mode == .typingMessage(id: id, draft: "hi q", pick: nil))
        let status = Views.render(state).trimmedLines.last ?? ""
        #expect(status.contains("message: hi q▏  Enter sends · ↑↓ saved · Esc closes"), "\(status)")
        #expect(state.press(.enter) == [.sendMessage(id: id, text: "hi q")])
        #expect(state.mode == .typingMessage(id: id, draft: "", pick: nil))
        state.press(.down)
        #expect(state.mode == .typingMessage(id: id, draft: #"{"type":"ping"}"#, pick: 0))
        state.press(.backspace)
        #expect(state.mode == .typingMessage(id: id, draft: #"{"type":"ping""#, pick: nil))
        #expect(state.press(.escape) == [.closeConversation(id: id)])
        #expect(state.mode == .normal)
        #expect(state.inFlight[id] != nil)
        var response = HTTPResponse(status: 101, reason: "Switching Protocols")
        response.transcript = Self.transcript
        state.answer(id, with: response)
        #expect(state.inFlight.isEmpty && state.response?.stream?.phase == .complete)
    }

    @Test("a conversation that ends while a message is typed leaves the entry")
    func endsWhileTyping() throws {
        var state = Self.state()
        let id = try #require(state.press(.enter, .enter).sent.first?.id)
        _ = state.update(.stream(id: id, Self.head))
        state.type("half")
        var response = HTTPResponse(status: 101, reason: "Switching Protocols")
        response.transcript = Self.transcript
        state.answer(id, with: response)
        #expect(state.mode == .normal)
    }
}
