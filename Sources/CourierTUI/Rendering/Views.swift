import CourierCore

/// Draws an `AppState` into a `ScreenBuffer`. Pure functions of the state: the same state
/// always gives the same cells, which is what the render tests compare.
public enum Views {
    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The whole screen for `state`.
    public static func render(_ state: AppState) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: state.width, height: state.height)
        guard state.width >= AppState.minimumWidth, state.height >= AppState.minimumHeight else {
            drawTooSmall(state, into: &buffer)
            return buffer
        }
        let layout = Layout(width: state.width, height: state.height, state: state)
        EnvironmentList.draw(state, in: layout.environments, into: &buffer)
        RouteList.draw(state, in: layout.routes, into: &buffer)
        RequestPane.draw(state, in: layout.request, into: &buffer)
        ResponseDisplay.draw(state, in: layout.response, into: &buffer)
        drawStatusBar(state, layout.statusBar, into: &buffer)
        state.modal?.dialog.draw(state, into: &buffer)
        return buffer
    }

    static func drawTooSmall(_ state: AppState, into buffer: inout ScreenBuffer) {
        let lines = [
            "terminal too small",
            "min \(AppState.minimumWidth)×\(AppState.minimumHeight), now \(state.width)×\(state.height)",
        ]
        for (index, line) in lines.enumerated() {
            let x = max(0, (state.width - CellWidth.of(line)) / 2)
            buffer.put(
                line, x: x, y: max(0, state.height / 2 - 1) + index, style: index == 0 ? Theme.warning : Theme.hint)
        }
    }

    /// The first visible row so that `cursor` stays inside `rows` rows.
    static func scrollStart(cursor: Int, rows: Int) -> Int {
        max(0, cursor - rows + 1)
    }
}

extension RequestError {
    /// Whether the problem is a value still to fill in (drawn as a warning, not an error).
    var isUnresolved: Bool {
        switch self {
        case .unknownVariable, .capturedVariable, .missingPathParameter, .unsetProcessVariable: return true
        default: return false
        }
    }
}

extension Rect {
    /// This rectangle grown by one row up and down (to clip titles drawn on a border).
    var expandedVertically: Rect { Rect(x: x, y: y - 1, width: width, height: height + 2) }
}
