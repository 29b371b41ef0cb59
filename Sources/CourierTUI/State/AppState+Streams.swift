import CourierCore

/// Live streams in the Response pane, and the start of a large body while the rest arrives.
extension AppState {
    /// Shows a stream's head (the pane opens on it) and appends each event as it completes;
    /// or shows the first lines of a large body until the whole response replaces them.
    /// Only a request whose answer is for the pane, and not older than what is shown, counts.
    mutating func streamed(id: Int, _ update: StreamUpdate) -> [Effect] {
        guard let flight = inFlight[id], flight.purpose == .show else { return [] }
        switch update {
        case .head(let code, let reason, _, let headers):
            if let shown = response, shown.requestID > id { return [] }
            response = ResponseDisplay(
                requestID: id, streamOf: flight.request, status: code, reason: reason, headers: headers)
            if flight.request.isWebSocket {
                response?.stream?.unit = "message"
                // Keys type a message from now on; Esc closes the conversation.
                if mode == .normal { mode = .typingMessage(id: id, draft: "", pick: nil) }
            }
            // Until the stream ends there is no exchange: resend and compare have nothing to use.
            shownExchange = nil
        case .event(let event):
            guard response?.requestID == id, response?.stream?.phase == .live else { return [] }
            let rows = responseBodyHeight
            response?.append(event, height: rows)
        case .partial(let code, let reason, let headers, let firstBytes):
            if let shown = response, shown.requestID > id { return [] }
            // A route with a json_path shows a part of the whole body: nothing to show before it.
            let route = workspace.routes.first { $0.name == flight.request.origin.routeName }
            guard route?.jsonPath?.isEmpty ?? true,
                let partial = ResponseDisplay(
                    requestID: id, partialOf: flight.request, status: code, reason: reason, headers: headers,
                    firstBytes: firstBytes)
            else { return [] }
            response = partial
            // Until the whole body is in there is no exchange: resend and compare have nothing to use.
            shownExchange = nil
        }
        return []
    }
}
