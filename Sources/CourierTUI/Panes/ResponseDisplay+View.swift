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
        let gutter = response.gutterWidth
        let query = response.search?.query
        let bottom = inner.y + inner.height
        let first = response.firstShown(height: inner.height, width: inner.width)
        var (index, y) = (first, inner.y)
        // Only the rows on screen are decoded, masked and coloured.
        while y < bottom && index < count {
            let text = response.line(index)
            var start = inner.x + 1
            if gutter > 0 && !response.isHeader(index) {
                let number = String(index - response.headerRowCount + 1)
                start = buffer.put(
                    String(repeating: " ", count: gutter - 3 - number.count) + number + " │ ", x: start, y: y,
                    style: Theme.hint, clip: inner)
            }
            let spans: [(String, Style)] =
                response.isHeader(index) || !response.isJSON
                ? [(text, textStyle(of: index, in: response))]
                : JSONLineHighlighter.spans(text).map { ($0.text, $0.style) }
            let room = max(1, inner.x + inner.width - start)
            if index == response.cursor && state.focus == .response {
                buffer.put("▸", x: inner.x, y: y, style: Theme.focusedBorder, clip: inner)
            }
            if response.wrap {
                // Matches marked before wrapping, so one cut by the edge is marked on both rows.
                let marked =
                    query.map { $0.isEmpty ? spans : Self.marking(columns(matching: $0, in: text), in: spans) } ?? spans
                let rows = ResponseDisplay.wrapped(marked, width: room, limit: bottom - y)
                for (offset, row) in rows.enumerated() {
                    var x = start
                    for (piece, style) in row { x = buffer.put(piece, x: x, y: y + offset, style: style, clip: inner) }
                    if offset > 0 && gutter > 0 {
                        buffer.put("│", x: start - 2, y: y + offset, style: Theme.hint, clip: inner)
                    }
                }
                y += rows.count
            } else {
                // Cut at the edge, `column` cells scrolled sideways: `‹` and `›` say more is there.
                let clip = Rect(x: start, y: y, width: room, height: 1)
                var x = start - response.column
                for (piece, style) in spans { x = buffer.put(piece, x: x, y: y, style: style, clip: clip) }
                if let query, !query.isEmpty {
                    highlight(query, in: text, x: start - response.column, y: y, clip: clip, into: &buffer)
                }
                let cells = CellWidth.of(text)
                if cells - response.column > room {
                    buffer.put("›", x: start + room - 1, y: y, style: Theme.hint, clip: clip)
                }
                if response.column > 0 && cells > response.column {
                    buffer.put("‹", x: start, y: y, style: Theme.hint, clip: clip)
                }
                y += 1
            }
            index += 1
        }
        if let stream = response.stream, stream.phase == .live, stream.events == 0, count < inner.height {
            buffer.put(
                "waiting for the first \(stream.unit) · Esc \(stream.unit == "message" ? "closes" : "stops")",
                x: inner.x + 1, y: inner.y + count,
                style: Theme.hint,
                clip: inner)
        }
        if count > inner.height || first > 0 || index < count {
            // "+": more lines are on their way.
            let more = response.arrival == .live ? "+" : ""
            let position = " \(first + 1)-\(index)/\(count)\(more) "
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

    /// `spans` with the characters in `ranges` (offsets into their joined text) in the match style.
    static func marking(_ ranges: [Range<Int>], in spans: [(String, Style)]) -> [(String, Style)] {
        guard !ranges.isEmpty else { return spans }
        var result: [(String, Style)] = []
        var offset = 0
        var next = 0
        for (text, style) in spans {
            var piece = ""
            var pieceIsMatch = false
            for character in text {
                while next < ranges.count && ranges[next].upperBound <= offset { next += 1 }
                let inMatch = next < ranges.count && ranges[next].contains(offset)
                if inMatch != pieceIsMatch && !piece.isEmpty {
                    result.append((piece, pieceIsMatch ? Theme.match : style))
                    piece = ""
                }
                pieceIsMatch = inMatch
                piece.append(character)
                offset += 1
            }
            if !piece.isEmpty { result.append((piece, pieceIsMatch ? Theme.match : style)) }
        }
        return result
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
