import CourierCore

/// Where each pane goes for a terminal size: a left column (Environments over Routes), a
/// right column (Request over Response) and the status bar on the last row.
public struct Layout: Sendable, Equatable {
    public var environments: Rect
    public var routes: Rect
    public var request: Rect
    public var response: Rect
    public var statusBar: Rect

    /// The layout for `width` × `height` with `state`'s content sizes.
    public init(width: Int, height: Int, state: AppState) {
        let body = max(0, height - 1)
        // The screen's own choice, moved by what the user resized (within what leaves room).
        let left = min(max(min(max(width / 4, 24), 38) + state.leftColumn, 16), max(16, width - 30))
        let environmentRows = min(state.workspace.environments.count + 2, max(3, body / 3))
        environments = Rect(x: 0, y: 0, width: left, height: environmentRows)
        routes = Rect(x: 0, y: environmentRows, width: left, height: body - environmentRows)
        // Border, URL line, one row per field, one per other header that goes out, and the
        // auth that applies, if any.
        let form = state.openForm?.form
        let rows = (form?.fields.count ?? 1) + state.outgoingHeaders.count + (state.openRouteAuth == nil ? 0 : 1)
        let requestRows = min(max(min(max(rows + 3, 5), max(5, body / 2)) + state.requestRows, 3), max(3, body - 4))
        request = Rect(x: left, y: 0, width: width - left, height: requestRows)
        response = Rect(x: left, y: requestRows, width: width - left, height: body - requestRows)
        statusBar = Rect(x: 0, y: height - 1, width: width, height: 1)
    }
}
