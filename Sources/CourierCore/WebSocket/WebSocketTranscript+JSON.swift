/// The transcript as JSON, for history and HAR: its messages in the shape Chrome writes a
/// HAR entry's `_webSocketMessages` (`type` send or receive, `time` in seconds since 1970,
/// `opcode` 1 text or 2 binary, `data` the text or, for binary, its base64), and the counts
/// and close beside them.
extension WebSocketTranscript {
    /// The messages as HAR's `_webSocketMessages`.
    public var harMessages: JSONValue {
        .array(
            messages.map { message in
                .object([
                    JSONMember("type", .string(message.direction == .sent ? "send" : "receive")),
                    JSONMember("time", .number(Seconds.fixed(openedAt + message.time, places: 3))),
                    JSONMember("opcode", .number(message.kind == .text ? "1" : "2")),
                    JSONMember(
                        "data", .string(message.kind == .text ? message.text : Base64.encode(message.data))),
                ])
            })
    }

    /// The whole transcript as one JSON value (history's `transcript` column).
    public var json: JSONValue {
        var members = [
            JSONMember("opened_at", .number(Seconds.fixed(openedAt, places: 3))),
            JSONMember("messages", harMessages),
            JSONMember("sent", .number(String(sentCount))),
            JSONMember("received", .number(String(receivedCount))),
            JSONMember("dropped", .number(String(dropped))),
            JSONMember("limit", .number(String(limit))),
        ]
        if let problem { members.append(JSONMember("problem", .string(problem))) }
        if timedOut { members.append(JSONMember("timed_out", .bool(true))) }
        if let close {
            members.append(
                JSONMember(
                    "close",
                    .object([
                        JSONMember("code", .number(String(close.code))), JSONMember("reason", .string(close.reason)),
                        JSONMember("by_server", .bool(close.byServer)),
                    ])))
        }
        return .object(members)
    }

    /// The transcript `json` wrote (times to the millisecond, as written); nil for anything else.
    public init?(json: JSONValue) {
        guard case .object = json, let opened = json["opened_at"]?.number,
            case .array(let items)? = json["messages"]
        else { return nil }
        self.init(openedAt: opened, limit: json["limit"]?.number.map { Int($0) } ?? Self.defaultLimit)
        for item in items {
            guard case .string(let type)? = item["type"], let time = item["time"]?.number,
                case .string(let data)? = item["data"]
            else { return nil }
            let binary = item["opcode"]?.number == 2
            guard let bytes = binary ? Base64.decode(data) : Array(data.utf8) else { return nil }
            messages.append(
                WebSocketMessage(
                    type == "send" ? .sent : .received, binary ? .binary : .text, data: bytes,
                    time: ((time - opened) * 1000).rounded() / 1000))
        }
        keptBytes = messages.reduce(0) { $0 + $1.data.count }
        sentCount = json["sent"]?.number.map { Int($0) } ?? messages.filter { $0.direction == .sent }.count
        receivedCount = json["received"]?.number.map { Int($0) } ?? messages.count - sentCount
        dropped = json["dropped"]?.number.map { Int($0) } ?? 0
        if case .string(let problem)? = json["problem"] { self.problem = problem }
        timedOut = json["timed_out"] == .bool(true)
        if let close = json["close"], let code = close["code"]?.number {
            self.close = WebSocketClose(
                code: Int(code), reason: close["reason"]?.scalarText ?? "", byServer: close["by_server"] == .bool(true))
        }
    }
}
