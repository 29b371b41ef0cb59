import Testing

@testable import CourierCore

/// `text/event-stream` framing (WHATWG HTML §9.2.6), fed in every possible split.
@Suite("Server-sent events")
struct ServerSentEventParserTests {
    static let streams: [(String, String, [ServerSentEvent])] = [
        ("one event", "data: hello\n\n", [ServerSentEvent(data: "hello")]),
        (
            "type, id, two data lines", "event: tick\nid: 7\ndata: a\ndata: b\n\n",
            [ServerSentEvent(type: "tick", data: "a\nb", id: "7")]
        ),
        (
            "CRLF and CR line ends", "data: x\r\n\r\ndata: y\r\rdata: z\n\n",
            [ServerSentEvent(data: "x"), ServerSentEvent(data: "y"), ServerSentEvent(data: "z")]
        ),
        (
            "comments and unknown fields are skipped", ": keep-alive\nfoo: bar\ndata: ok\n\n",
            [ServerSentEvent(data: "ok")]
        ),
        ("no space after the colon, or no colon", "data:tight\ndata\n\n", [ServerSentEvent(data: "tight\n")]),
        (
            "the id stays for later events", "id: 1\ndata: a\n\ndata: b\n\n",
            [ServerSentEvent(data: "a", id: "1"), ServerSentEvent(data: "b", id: "1")]
        ),
        (
            "retry is read when it is digits", "retry: 3000\ndata: a\n\nretry: soon\ndata: b\n\n",
            [ServerSentEvent(data: "a", retry: 3000), ServerSentEvent(data: "b")]
        ),
        ("an event without data is not dispatched", "event: ping\n\ndata: x\n\n", [ServerSentEvent(data: "x")]),
        ("a leading BOM is dropped", "\u{FEFF}data: bom\n\n", [ServerSentEvent(data: "bom")]),
        ("an unfinished event at the end is not dispatched", "data: a\n\ndata: b\n", [ServerSentEvent(data: "a")]),
        ("UTF-8 across chunk splits", "data: café ☕\n\n", [ServerSentEvent(data: "café ☕")]),
    ]

    @Test("the same events whatever the chunks: whole, and split at every byte", arguments: streams)
    func framing(_ name: String, _ text: String, _ expected: [ServerSentEvent]) throws {
        let bytes = Array(text.utf8)
        var whole = ServerSentEventParser()
        #expect(try whole.feed(bytes) == expected, "\(name)")
        for split in 0...bytes.count {
            var parser = ServerSentEventParser()
            let events = try parser.feed(bytes[..<split]) + parser.feed(bytes[split...])
            #expect(events == expected, "\(name), split at \(split)")
        }
        var byByte = ServerSentEventParser()
        #expect(try bytes.flatMap { try byByte.feed([$0]) } == expected, "\(name), byte by byte")
    }

    @Test("a stream that never ends an event is refused past the limit, not kept in memory")
    func endless() {
        var parser = ServerSentEventParser(limit: 1000)
        #expect(throws: ServerSentEventParser.Failure.eventTooLong(limit: 1000)) {
            for _ in 0..<20 { _ = try parser.feed(Array(repeating: UInt8(ascii: "x"), count: 100)) }
        }
        var lines = ServerSentEventParser(limit: 1000)
        #expect(throws: ServerSentEventParser.Failure.self) {
            for _ in 0..<200 { _ = try lines.feed(Array("data: 0123456789\n".utf8)) }
        }
    }

    @Test(
        "an event as people read it: title, data pretty-printed when JSON, a blank line",
        arguments: [
            (StreamEvent.event(ServerSentEvent(data: "hi")), "event: message\nhi\n\n"),
            (
                .event(ServerSentEvent(type: "tick", data: "{\"n\":1}", id: "7")),
                "event: tick  id: 7\n{\n  \"n\": 1\n}\n\n"
            ),
            (.event(ServerSentEvent(data: "a\nb")), "event: message\na\nb\n\n"),
            (.line("[1,2]"), "[\n  1,\n  2\n]\n"),
            (.line("not json"), "not json\n"),
        ])
    func readable(_ event: StreamEvent, _ expected: String) {
        #expect(event.readableText() == expected)
    }

    @Test("a whole body frames into the events it held; other content types are not streams")
    func wholeBody() {
        let sse = Array("event: a\ndata: 1\n\ndata: 2\n\n".utf8)
        #expect(
            StreamFramer.events(in: sse, contentType: "text/event-stream; charset=utf-8") == [
                .event(ServerSentEvent(type: "a", data: "1")), .event(ServerSentEvent(data: "2")),
            ])
        // The last NDJSON line counts without its line feed.
        #expect(
            StreamFramer.events(in: Array("{}\n[]".utf8), contentType: "application/x-ndjson") == [
                .line("{}"), .line("[]"),
            ])
        #expect(StreamFramer.events(in: Array("{}".utf8), contentType: "application/json") == nil)
        #expect(
            StreamFramer.events(
                in: Array(repeating: UInt8(ascii: "x"), count: 2 << 20), contentType: "text/event-stream")
                == nil)
    }
}
