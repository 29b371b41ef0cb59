import CourierCore
import Foundation
import Testing

@testable import CourierTUI

/// A live stream in the Response pane: head, events appended, the view following the tail,
/// Esc, the end, and what the pane draws.
@Suite("Live streams on the screen")
struct StreamViewTests {
    static let head = StreamUpdate.head(
        status: 200, reason: "OK", version: "HTTP/1.1", headers: [HeaderField("Content-Type", "text/event-stream")])

    static func tick(_ n: Int) -> StreamUpdate {
        .event(.event(ServerSentEvent(type: "tick", data: "{\"n\":\(n)}", id: String(n))))
    }

    /// The wire text of ticks `range`, as the whole body the exchange carries at the end.
    static func body(_ range: ClosedRange<Int>) -> String {
        range.map { "event: tick\nid: \($0)\ndata: {\"n\":\($0)}\n\n" }.joined()
    }

    /// A state that sent users.index (id returned) and got a stream's head.
    static func streaming(height: Int = 30) throws -> (AppState, Int) {
        var state = Fixtures.state(width: 100, height: height)
        let id = try #require(state.press(.enter, .enter).sent.first?.id)
        _ = state.update(.stream(id: id, head))
        return (state, id)
    }

    @Test("the head opens the pane live; each event is appended and the view follows the tail")
    func follows() throws {
        var (state, id) = try Self.streaming(height: 16)
        var response = try #require(state.response)
        #expect(response.stream?.phase == .live)
        #expect(response.lineCount == 0)
        #expect(state.shownExchange == nil)
        for n in 1...8 { _ = state.update(.stream(id: id, Self.tick(n))) }
        response = try #require(state.response)
        #expect(response.stream?.events == 8)
        #expect(
            Array(response.allLines.prefix(6)) == [
                "event: tick  id: 1", "{", "  \"n\": 1", "}", "", "event: tick  id: 2",
            ])
        #expect(response.isEventTitle(0) && !response.isEventTitle(1) && response.isEventTitle(5))
        // The cursor is on the last line and that line is on screen.
        let rows = state.responseBodyHeight
        #expect(response.cursor == response.lineCount - 1)
        #expect(response.scroll == response.lineCount - rows)
        #expect(response.lineCount > rows)
    }

    @Test("scrolling up stops following; G resumes; reaching the last line by hand resumes too")
    func scrollingUp() throws {
        var (state, id) = try Self.streaming(height: 16)
        for n in 1...8 { _ = state.update(.stream(id: id, Self.tick(n))) }
        state.focus = .response
        state.press(.char("k"), .char("k"))
        let held = try #require(state.response)
        #expect(held.stream?.following == false)
        _ = state.update(.stream(id: id, Self.tick(9)))
        var response = try #require(state.response)
        #expect(response.cursor == held.cursor && response.scroll == held.scroll)
        #expect(response.stream?.events == 9)
        #expect(response.stream?.label == "● live · 9 events · G follows")
        state.press(.char("G"))
        _ = state.update(.stream(id: id, Self.tick(10)))
        response = try #require(state.response)
        #expect(response.stream?.following == true)
        #expect(response.cursor == response.lineCount - 1)
        state.press(.char("k"), .char("j"))
        #expect(state.response?.stream?.following == true)
    }

    @Test("a stream left running drops its oldest events from the pane, whole, and says how many")
    func bounded() throws {
        var (state, id) = try Self.streaming(height: 16)
        let data = String(repeating: "x", count: 100_000)
        func big(_ n: Int) -> StreamUpdate { .event(.event(ServerSentEvent(type: "tick", data: data, id: String(n)))) }
        for n in 1...100 { _ = state.update(.stream(id: id, big(n))) }
        var response = try #require(state.response)
        let stream = try #require(response.stream)
        #expect(response.body.bytes.count <= LiveStream.maxShownBytes)
        #expect(stream.events == 100 && stream.droppedEvents > 50)
        #expect(stream.eventStarts.count == 100 - stream.droppedEvents)
        #expect(response.allLines.first == "event: tick  id: \(stream.droppedEvents + 1)")
        #expect(response.isEventTitle(0) && response.isEventTitle(3) && !response.isEventTitle(1))
        #expect(stream.label == "● live · 100 events (the first \(stream.droppedEvents) no longer shown)")
        #expect(response.cursor == response.lineCount - 1, "the view still follows the tail")

        // Held on the newest event while older ones go: the view stays on its text.
        state.focus = .response
        state.press(.char("k"), .char("k"))
        #expect(state.response.map { $0.allLines[$0.cursor] } == "event: tick  id: 100")
        var n = 100
        while state.response?.stream?.droppedEvents == stream.droppedEvents && n < 200 {
            n += 1
            _ = state.update(.stream(id: id, big(n)))
        }
        response = try #require(state.response)
        #expect(response.stream?.droppedEvents ?? 0 > stream.droppedEvents)
        #expect(response.allLines[response.cursor] == "event: tick  id: 100")
        #expect(response.scroll <= response.cursor)

        // The end: the exchange holds the first megabyte only, and the pane keeps what was watched.
        let first = (1...10).map { "event: tick\nid: \($0)\ndata: \(data)\n\n" }.joined()
        state.answer(id, with: Fixtures.response(first, headers: [HeaderField("Content-Type", "text/event-stream")]))
        response = try #require(state.response)
        #expect(response.stream?.phase == .complete && response.stream?.events == n)
        #expect(response.allLines[response.cursor] == "event: tick  id: 100")
    }

    @Test("Esc stops the stream, keeps every event, and its late answer changes nothing")
    func escape() throws {
        var (state, id) = try Self.streaming()
        for n in 1...3 { _ = state.update(.stream(id: id, Self.tick(n))) }
        let effects = state.press(.escape)
        #expect(effects == [.cancel(id: id)])
        let stopped = try #require(state.response)
        #expect(stopped.stream?.phase == .stopped)
        #expect(stopped.stream?.events == 3)
        #expect(state.status?.text == "stream stopped after 3 events; checks run only on a stream that ends")
        // Events still in the runtime's queue and the cancelled answer come after Esc.
        _ = state.update(.stream(id: id, Self.tick(4)))
        _ = state.update(.response(id: id, result: .failure(.cancelled)))
        #expect(state.response == stopped)
    }

    @Test("the end shows the whole exchange, checks run, in the same place; a break keeps the events")
    func end() throws {
        var (state, id) = try Self.streaming(height: 16)
        for n in 1...8 { _ = state.update(.stream(id: id, Self.tick(n))) }
        let live = try #require(state.response)
        state.answer(
            id,
            with: Fixtures.response(Self.body(1...8), headers: [HeaderField("Content-Type", "text/event-stream")]))
        var response = try #require(state.response)
        #expect(response.stream?.phase == .complete)
        #expect(response.allLines == live.allLines)
        #expect(response.cursor == response.lineCount - 1)
        #expect(response.checkTally != nil)
        #expect(state.shownExchange != nil)

        // A stream broken off (a timeout between events) keeps what came.
        (state, id) = try Self.streaming()
        _ = state.update(.stream(id: id, Self.tick(1)))
        _ = state.update(
            .response(id: id, result: .failure(.timeout(seconds: 1, url: "http://dev.test/v1/users", phase: .event))))
        response = try #require(state.response)
        #expect(response.stream?.phase == .failed)
        #expect(response.stream?.events == 1)
        #expect(state.status?.isError == true)
    }

    @Test("a stream for a comparison, or older than the response shown, does not take the pane")
    func ignored() throws {
        var (state, old) = try Self.streaming()
        let newer = try #require(state.press(.enter).sent.first?.id)
        state.answer(newer, with: Fixtures.response("{}"))
        _ = state.update(.stream(id: old, Self.tick(1)))
        #expect(state.response?.requestID == newer)
        _ = state.update(.stream(id: old, Self.head))
        #expect(state.response?.requestID == newer)
        // An answer for the diff view is compared when it ends, never shown live.
        let compared = try #require(state.press(.enter).sent.first?.id)
        let shown = try #require(state.shownExchange)
        state.inFlight[compared]?.purpose = .compare(with: shown, title: "recorded")
        _ = state.update(.stream(id: compared, Self.head))
        #expect(state.response?.requestID == newer)
        // Not in flight (never sent or already answered): nothing happens.
        _ = state.update(.stream(id: 999, Self.head))
        #expect(state.response?.requestID == newer)
    }

    @Test("the pane draws the live label, dim event lines and the wait for the first event")
    func render() throws {
        var (state, id) = try Self.streaming(height: 16)
        var screen = Views.render(state)
        var lines = screen.trimmedLines
        #expect(lines.contains { $0.contains("Response ── 200 OK ● live · 0 events · ") && !$0.contains(" 0 ms") })
        #expect(lines.contains { $0.contains("│ waiting for the first event · Esc stops") })
        _ = state.update(.stream(id: id, Self.tick(1)))
        screen = Views.render(state)
        lines = screen.trimmedLines
        let row = try #require(lines.firstIndex { $0.contains("│ event: tick  id: 1") })
        let title = try #require(lines[row].range(of: "event: tick"))
        let column = lines[row].distance(from: lines[row].startIndex, to: title.lowerBound)
        #expect(screen[column, row].style == Theme.hint)
        #expect(screen[column, row + 2].style != Theme.hint)
        #expect(lines[row + 2].contains("│   \"n\": 1"))
        #expect(!lines.contains { $0.contains("waiting for the first event") })
        _ = state.press(.escape)
        lines = Views.render(state).trimmedLines
        #expect(lines.contains { $0.contains("200 OK stopped (Esc) · 1 event") })
    }

    @Test(
        "a document grown piece by piece indexes its lines as one built at once",
        arguments: [
            ["a\n", "b\n"], ["a", "b\nc"], ["", "x\n", "\n", "y"], ["a\nb", "\n", "\nc\n"], ["\n\n", "\n"],
        ])
    func appended(pieces: [String]) {
        var document = TextDocument([])
        for piece in pieces { document.append(Array(piece.utf8)) }
        let whole = TextDocument(Array(pieces.joined().utf8))
        #expect(document == whole)
    }
}
