import CourierCore

/// How the Response pane looks: the status line in its title, then only the rows on screen.
extension ResponseDisplay {
    /// The request the pane waits for, in place of the last answer (which comes back if it is
    /// cancelled): what went, to where, how long it has waited and what has come so far.
    static func drawAwaited(_ flight: AppState.InFlight, in rect: Rect, style: Style, into buffer: inout ScreenBuffer) {
        buffer.box(rect, style: style)
        let origin = flight.request.origin
        let seconds = flight.elapsed < 10 ? Seconds.fixed(flight.elapsed, places: 1) : String(Int(flight.elapsed))
        var x = buffer.put(" Response ── ", x: rect.x + 1, y: rect.y, style: style, clip: rect)
        x = buffer.put(
            "⋯ waiting \(seconds) s", x: x, y: rect.y, style: Theme.active, clip: rect.inner.expandedVertically)
        if flight.received > 0 {
            buffer.put(
                " · ↓ \(ByteCount.format(flight.received)) ", x: x, y: rect.y, style: style,
                clip: rect.inner.expandedVertically)
        }
        let inner = rect.inner
        let url = SecretMask.apply(flight.request.request.url, hiding: origin.secretValues)
        let lines: [(String, Style)] = [
            ("\(flight.request.request.method.rawValue) \(url)", Theme.strong),
            ("sending \(origin.routeName) to \(origin.environmentName)", Theme.hint),
            ("", .plain),
            (flight.received > 0 ? "\(ByteCount.format(flight.received)) of the body so far" : "no answer yet", .plain),
            ("Esc cancels it; the answer shown before comes back", Theme.hint),
        ]
        for (row, line) in lines.prefix(inner.height).enumerated() {
            buffer.put(line.0, x: inner.x + 1, y: inner.y + row, style: line.1, clip: inner)
        }
    }

    /// Draws the pane (`PaneComponent.draw`).
    public static func draw(_ state: AppState, in rect: Rect, into buffer: inout ScreenBuffer) {
        let style = border(state)
        if let (id, flight) = state.awaited, id > (state.response?.requestID ?? 0) {
            return drawAwaited(flight, in: rect, style: style, into: &buffer)
        }
        guard let response = state.response else {
            if let failure = state.failure {
                return RequestFailure.draw(failure, in: rect, style: style, into: &buffer)
            }
            buffer.box(rect, title: "Response", style: style)
            buffer.put(
                "Enter sends the request · Esc cancels it", x: rect.inner.x + 1, y: rect.inner.y, style: Theme.hint,
                clip: rect.inner)
            return
        }
        buffer.box(rect, style: style)
        var x = buffer.put(" Response ── ", x: rect.x + 1, y: rect.y, style: style, clip: rect)
        if let recordedAt = response.recordedAt {
            // A recorded exchange must never pass for a live one.
            x = buffer.put(
                "recorded \(HistoryListing.localTime(recordedAt))", x: x, y: rect.y, style: Theme.badge,
                clip: rect.inner.expandedVertically)
            x = buffer.put(" ", x: x, y: rect.y, style: style, clip: rect.inner.expandedVertically)
        }
        x = buffer.put(
            "\(response.status) \(response.reason)", x: x, y: rect.y, style: Theme.status(response.status),
            clip: rect.inner.expandedVertically)
        // A word after the status, a space before it.
        func tag(_ text: String, _ tagStyle: Style) {
            x = buffer.put(" ", x: x, y: rect.y, style: style, clip: rect.inner.expandedVertically)
            x = buffer.put(text, x: x, y: rect.y, style: tagStyle, clip: rect.inner.expandedVertically)
        }
        if let stream = response.stream { tag(stream.label, stream.phase == .live ? Theme.active : Theme.hint) }
        if let label = response.arrivalLabel { tag(label, response.arrival == .live ? Theme.active : Theme.error) }
        if response.redirects > 0 {
            tag("↪ \(response.redirects) redirect\(response.redirects == 1 ? "" : "s")", Theme.warning)
        }
        if let tally = response.checkTally { tag(tally.description, tally.allPassed ? Theme.notice : Theme.error) }
        // A body still arriving has no total yet: its time is said once a progress report came.
        let arriving = response.arrival == .live || response.stream?.phase == .live
        let time = arriving && response.totalTime == 0 ? nil : "\(Seconds.milliseconds(response.totalTime)) ms"
        var details: [String] = []
        if let search = response.search {
            details.append(
                search.lines.isEmpty
                    ? "/\(search.query) no match" : "/\(search.query) \(search.current + 1)/\(search.lines.count)")
        }
        // A `json_path` view says so first, with the whole body's size it was taken from, so
        // a narrow title cuts the rest before the marker (shortened before it is left out).
        let room = rect.x + rect.width - 1 - x - 4
        let size = ByteCount.format(response.size)
        let place = "\(response.routeName) @ \(response.environmentName)"
        var items = details + [time, size, place].compactMap { $0 }
        if let path = response.jsonPath, !path.isEmpty, response.selection != nil {
            if response.showWholeBody {
                items.append("whole body (v: \(path))")
            } else {
                let markers = ["\(path) of \(size)", "json_path of \(size)", "json_path"]
                let marker = markers.first { Views.fitting(details + [$0], width: room).contains($0) } ?? ""
                if !marker.isEmpty { items = details + [marker, time, place, "v: whole body"].compactMap { $0 } }
            }
        }
        if let url = response.finalURL { items.append("at \(url) (h: the hops)") }
        // Whole items only: a title cut mid-word reads as a different value.
        let fitted = Views.fitting(items, width: room)
        if !fitted.isEmpty { buffer.put(" · " + fitted + " ", x: x, y: rect.y, style: style) }

        let inner = rect.inner
        let count = response.lineCount
        let gutter = response.isText ? String(count).count + 3 : 0
        let query = response.search?.query
        // Only the rows on screen are decoded, masked and coloured.
        for row in 0..<inner.height {
            let index = response.scroll + row
            guard index < count else { break }
            let y = inner.y + row
            let text = response.line(index)
            let start: Int
            if response.isHeader(index) || !response.isJSON {
                var x = inner.x + 1
                if gutter > 0 && !response.isHeader(index) {
                    let number = String(index - response.headerRowCount + 1)
                    x = buffer.put(
                        String(repeating: " ", count: gutter - 3 - number.count) + number + " │ ", x: x, y: y,
                        style: Theme.hint, clip: inner)
                }
                start = x
                buffer.put(text, x: x, y: y, style: textStyle(of: index, in: response), clip: inner)
            } else {
                start = inner.x + 1
                var column = start
                for span in JSONLineHighlighter.spans(text) {
                    column = buffer.put(span.text, x: column, y: y, style: span.style, clip: inner)
                }
            }
            if let query, !query.isEmpty { highlight(query, in: text, x: start, y: y, clip: inner, into: &buffer) }
            if index == response.cursor && state.focus == .response {
                buffer.put("▸", x: inner.x, y: y, style: Theme.focusedBorder, clip: inner)
            }
        }
        if let stream = response.stream, stream.phase == .live, stream.events == 0, count < inner.height {
            buffer.put(
                "waiting for the first event · Esc stops", x: inner.x + 1, y: inner.y + count, style: Theme.hint,
                clip: inner)
        }
        if count > inner.height {
            // "+": more lines are on their way.
            let more = response.arrival == .live ? "+" : ""
            let position = " \(response.scroll + 1)-\(min(count, response.scroll + inner.height))/\(count)\(more) "
            buffer.put(
                position, x: rect.x + rect.width - 1 - CellWidth.of(position), y: rect.y + rect.height - 1,
                style: Theme.hint)
        }
    }

    /// The style of pane line `index` when it is drawn as text (not as coloured JSON).
    static func textStyle(of index: Int, in response: ResponseDisplay) -> Style {
        if response.isRequestLine(index) { return Theme.strong }
        if response.isFailure(index) { return Theme.error }
        if response.isHeader(index) { return Theme.header }
        if response.isEventTitle(index) { return Theme.hint }
        return .plain
    }

    /// Redraws every occurrence of `query` in `text` as a highlight, by the search's case rule.
    static func highlight(_ query: String, in text: String, x: Int, y: Int, clip: Rect, into buffer: inout ScreenBuffer)
    {
        let ranges = columns(matching: query, in: text)
        guard !ranges.isEmpty else { return }
        let characters = Array(text)
        for range in ranges {
            let prefix = CellWidth.of(String(characters[0..<range.lowerBound]))
            buffer.put(String(characters[range]), x: x + prefix, y: y, style: Theme.match, clip: clip)
        }
    }
}
