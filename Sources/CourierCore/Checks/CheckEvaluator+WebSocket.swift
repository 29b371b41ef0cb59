/// The WebSocket queries, read from the response's transcript.
extension CheckEvaluator {
    func message(_ pick: CheckQuery.MessagePick, _ path: JSONPath?) -> Found {
        guard let transcript = response.transcript else { return .broken("not a WebSocket conversation") }
        let received = transcript.received
        let message: WebSocketMessage?
        switch pick {
        case .count: return .value(.number(String(transcript.receivedCount)))
        case .first: message = transcript.dropped == 0 ? received.first : nil
        case .last: message = received.last
        case .index(let index):
            // Counted among every message received; those dropped from the transcript are gone.
            let kept = index - (transcript.receivedCount - received.count)
            message = received.indices.contains(kept) ? received[kept] : nil
        }
        guard let message else {
            return .missing(
                transcript.receivedCount == 0
                    ? "no message was received"
                    : "that message is not in the transcript (\(transcript.receivedCount) received)")
        }
        guard let path else { return .value(.string(message.text)) }
        guard message.kind == .text else { return .broken("the message is binary, not JSON") }
        do {
            let range = try path.select(in: message.data)
            return .value(try JSONValue.parse(Array(message.data[range])))
        } catch let error as JSONPathError {
            switch error {
            case .missing(let path, let deepest, _):
                return .missing("json \(path) not found" + (deepest.isEmpty ? "" : " (deepest: \(deepest))"))
            case .notJSON: return .broken("the message is not JSON")
            }
        } catch {
            return .broken("the message is not JSON")
        }
    }

    func closeCode() -> Found {
        guard let transcript = response.transcript else { return .broken("not a WebSocket conversation") }
        guard let close = transcript.close else { return .missing("the conversation ended without a close frame") }
        return .value(.number(String(close.code)))
    }
}
