import CourierCore

/// A live stream in the Response pane: shown from its head, events appended as they come,
/// the view on the newest unless the user scrolled up.
extension ResponseDisplay {
    /// The pane for a stream whose head just arrived for `request`; events follow.
    public init(requestID: Int, streamOf request: PreparedRequest, status: Int, reason: String, headers: [HeaderField])
    {
        self.init(requestID: requestID, headOf: request, status: status, reason: reason, headers: headers)
        stream = LiveStream(phase: .live)
    }

    /// The pane for a response of which only the head has come for `request`: no body yet,
    /// no time, no size (a stream's events or a large body's first lines follow).
    init(requestID: Int, headOf request: PreparedRequest, status: Int, reason: String, headers: [HeaderField]) {
        self.requestID = requestID
        routeName = request.origin.routeName
        environmentName = request.origin.environmentName
        self.status = status
        self.reason = reason
        totalTime = 0
        size = 0
        headerLines = headers.map { request.origin.masking("\($0.name): \($0.value)") }
        secretValues = request.origin.secretValues
        secrets = SecretSet(secretValues)  // an initialiser's assignment runs no `didSet`
        body = TextDocument([])
        isJSON = false
    }

    /// Adds `event` below the others; with `height` given and the view following, the view
    /// moves to it.
    public mutating func append(_ event: StreamEvent, height: Int? = nil) {
        guard stream != nil else { return }
        // A trailing newline starts no line: the event's first line is the next one.
        let start = body.lineCount
        if event.hasTitle { stream?.titleLines.insert(start) }
        stream?.eventStarts.append(start)
        body.append(event.readableText().utf8)
        stream?.events += 1
        dropOldestEvents()
        // Folded events stay folded, and a new one comes folded to the depth chosen.
        refoldInPlace()
        if let height { followTail(height: height) }
    }

    /// Past `LiveStream.maxShownBytes`, drops whole events from the top until half is left;
    /// what the user was reading moves up with the text, or to the top when it went.
    private mutating func dropOldestEvents() {
        guard let live = stream, body.bytes.count > LiveStream.maxShownBytes else { return }
        let keepFrom = body.bytes.count - LiveStream.maxShownBytes / 2
        // One event larger than the half is kept whole until the next one comes.
        guard
            let kept = live.eventStarts.firstIndex(where: {
                $0 < body.lineCount && Int(body.lineStarts[$0]) >= keepFrom
            }), kept > 0
        else { return }
        let shift = live.eventStarts[kept]
        body = TextDocument(Array(body.bytes[Int(body.lineStarts[shift])...]))
        stream?.droppedEvents += kept
        stream?.eventStarts = live.eventStarts[kept...].map { $0 - shift }
        stream?.titleLines = Set(live.titleLines.compactMap { $0 >= shift ? $0 - shift : nil })
        toggledFolds = Set(toggledFolds.compactMap { $0 >= shift ? $0 - shift : nil })
        let top = headerRowCount
        cursor = cursor >= top + shift ? cursor - shift : min(cursor, top)
        scroll = scroll >= top + shift ? scroll - shift : min(scroll, top)
    }

    /// Puts the cursor on the last line when the view follows the stream.
    public mutating func followTail(height: Int) {
        guard stream?.following == true else { return }
        moveCursor(by: lineCount, height: height)
    }

    /// After a move: the view follows again when the cursor reached the last line, and stops
    /// when it left it.
    mutating func noteMove() {
        guard stream != nil else { return }
        let atEnd = cursor >= lineCount - 1
        stream?.following = atEnd
    }

    /// Ends a live stream, or a body shown while it arrived (`phase` says how), keeping what
    /// is shown.
    public mutating func endStream(_ phase: LiveStream.Phase) {
        if arrival == .live { arrival = phase }
        guard stream?.phase == .live else { return }
        stream?.phase = phase
    }

    /// Whether body line `index` of the pane is an event's title line.
    public func isEventTitle(_ index: Int) -> Bool {
        guard let stream, let line = sourceLine(ofPaneLine: index) else { return false }
        return stream.titleLines.contains(line)
    }

    /// Takes the view of `live`, the same stream (or the start of the same body) shown as it
    /// arrived, so its end does not move what the user is reading: headers, following, else
    /// the line under the cursor.
    public mutating func keepView(of live: ResponseDisplay, height: Int) {
        // The exchange keeps a long stream's first megabyte; the pane had more (or the newest):
        // what the user watched stays.
        if let watched = live.stream, let own = stream, watched.events > own.events {
            body = live.body
            stream = watched
            stream?.phase = own.phase
        }
        // What was folded while it was live stays folded.
        toggledFolds = live.toggledFolds
        foldDepth = live.foldDepth
        refoldInPlace()
        showHeaders = live.showHeaders
        let following = live.stream?.following ?? false
        stream?.following = following
        if following {
            moveCursor(by: lineCount, height: height)
        } else {
            let shift = headerRowCount - live.headerRowCount
            cursor = min(max(0, live.cursor + shift), max(0, lineCount - 1))
            scroll = min(max(0, live.scroll + shift), cursor)
            moveCursor(by: 0, height: height)
        }
    }
}
