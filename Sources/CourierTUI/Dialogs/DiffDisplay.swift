import CourierCore

/// Two responses compared (DESIGN.md §7), as the diff view shows them: side by side when the
/// screen is wide enough, stacked otherwise, with a cursor that jumps between differences.
public struct DiffDisplay: Dialog {
    /// What the left side is, e.g. `development · 200 · recorded 2026-11-23 15:02:11`.
    public var leftTitle: String
    /// What the right side is.
    public var rightTitle: String
    /// The route both came from.
    public var route: String
    /// Status, header and JSON differences, secrets masked.
    public var differences: [Difference]
    /// A unified line diff of bodies that are not JSON, secrets masked.
    public var bodyLines: [String]
    /// First row shown.
    public var scroll = 0
    /// The difference the cursor is on (an index into `anchors`).
    public var current = 0

    /// Columns from which the two sides stand side by side.
    public static let sideBySideWidth = 100

    /// One row of the view.
    public enum Row: Sendable, Equatable {
        /// Where a difference is (`json address.city`).
        case place(String)
        /// The two values on one row (side by side).
        case pair(left: String, right: String)
        /// The left value alone (stacked).
        case left(String)
        /// The right value alone (stacked).
        case right(String)
        /// A line of the unified body diff.
        case text(String)
    }

    /// Compares `left` with `right` (volatile headers left out, as `courier diff` does) and
    /// masks every secret either side knows.
    public init(route: String, leftTitle: String, left: Exchange, rightTitle: String, right: Exchange) {
        self.route = route
        self.leftTitle = leftTitle
        self.rightTitle = rightTitle
        let result = ExchangeDiff().compare(left.response, right.response)
        let secrets = left.origin.secretValues + right.origin.secretValues
        func mask(_ text: String) -> String { SecretMask.apply(text, hiding: secrets) }
        differences = result.differences.map { $0.masked(mask) }
        bodyLines = result.bodyLines.map(mask)
    }

    /// Whether the two responses are the same (as far as the comparison looks).
    public var isSame: Bool { differences.isEmpty && bodyLines.isEmpty }

    /// The rows on a screen `width` cells wide.
    public func rows(width: Int) -> [Row] {
        let sideBySide = width >= Self.sideBySideWidth
        var rows: [Row] = []
        for difference in differences {
            rows.append(.place(difference.place))
            if difference.secretDiffers {
                rows.append(.text("  \(difference.left)  (secret differs)"))
            } else if sideBySide {
                rows.append(.pair(left: difference.left, right: difference.right))
            } else {
                rows += [.left(difference.left), .right(difference.right)]
            }
        }
        rows += bodyLines.map(Row.text)
        return rows
    }

    /// Rows where a difference starts in `rows`: each place, and each hunk of the body diff.
    public static func anchors(in rows: [Row]) -> [Int] {
        rows.enumerated().compactMap { index, row in
            switch row {
            case .place: return index
            case .text(let line) where line.hasPrefix("@@"): return index
            default: return nil
            }
        }
    }

    /// Applies a key's action with `height` rows visible; false for actions it does not take.
    public mutating func handle(_ action: Action, width: Int, height: Int) -> Bool {
        let rows = rows(width: width)
        let count = rows.count
        let anchors = Self.anchors(in: rows)
        let last = max(0, count - height)
        switch action {
        case .down: scroll = min(scroll + 1, last)
        case .up: scroll = max(scroll - 1, 0)
        case .pageDown: scroll = min(scroll + height, last)
        case .pageUp: scroll = max(scroll - height, 0)
        case .top: scroll = 0
        case .bottom: scroll = last
        case .nextMatch, .previousMatch:
            guard !anchors.isEmpty else { return true }
            let step = action == .nextMatch ? 1 : anchors.count - 1
            current = (min(current, anchors.count - 1) + step) % anchors.count
            scroll = min(anchors[current], last)
        default: return false
        }
        return true
    }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "n N, ↓ j / ↑ k, PgDn PgUp, g G, Esc", "diff", "next / previous difference, scroll, close",
            Keymap.bind([.char("n")], scope, .nextMatch) + Keymap.bind([.char("N")], scope, .previousMatch)
                + Keymap.moves.flatMap { Keymap.bind($0.keys, scope, $0.action) }
                + Keymap.bind([.char(" ")], scope, .pageDown) + Keymap.bind([.escape, .char("q")], scope, .cancel))
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        guard action != .cancel else { return .close() }
        _ = handle(action, width: state.width, height: Self.visibleRows(height: state.height))
        return .stay()
    }

    /// Rows of differences visible on a screen `height` rows high (a box above the status bar,
    /// its title row and its footer take five).
    public static func visibleRows(height: Int) -> Int { max(1, height - 5) }

    /// Over the whole screen but the status bar: the two sides' titles, then the differences,
    /// side by side from `sideBySideWidth` columns, stacked below it.
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let rect = Rect(x: 0, y: 0, width: buffer.width, height: max(3, buffer.height - 1))
        buffer.fill(rect)
        buffer.box(rect, title: "Diff · \(route)", style: Theme.focusedBorder)
        let inner = rect.inner
        let rows = rows(width: buffer.width)
        let sideBySide = buffer.width >= Self.sideBySideWidth
        let column = max(1, (inner.width - 3) / 2)
        let right = inner.x + 1 + column + 2
        if sideBySide {
            buffer.put(leftTitle, x: inner.x + 1, y: inner.y, style: Theme.error, clip: inner)
            buffer.put("│ " + rightTitle, x: right - 2, y: inner.y, style: Theme.notice, clip: inner)
        } else {
            let x = buffer.put("- " + leftTitle, x: inner.x + 1, y: inner.y, style: Theme.error, clip: inner)
            buffer.put("  + " + rightTitle, x: x, y: inner.y, style: Theme.notice, clip: inner)
        }
        let height = Self.visibleRows(height: buffer.height)
        let anchors = Self.anchors(in: rows)
        let currentRow = anchors.isEmpty ? -1 : anchors[min(current, anchors.count - 1)]
        for offset in 0..<height {
            let index = scroll + offset
            guard index < rows.count else { break }
            let y = inner.y + 1 + offset
            let marker = index == currentRow ? "▸" : " "
            switch rows[index] {
            case .place(let place):
                buffer.put(marker + place, x: inner.x, y: y, style: Theme.strong, clip: inner)
            case .pair(let left, let value):
                let clipLeft = Rect(x: inner.x, y: inner.y, width: column + 2, height: inner.height)
                buffer.put("  " + left, x: inner.x, y: y, style: Theme.error, clip: clipLeft)
                buffer.put("│ ", x: right - 2, y: y, style: Theme.hint, clip: inner)
                buffer.put(value, x: right, y: y, style: Theme.notice, clip: inner)
            case .left(let value):
                buffer.put("   - " + value, x: inner.x, y: y, style: Theme.error, clip: inner)
            case .right(let value):
                buffer.put("   + " + value, x: inner.x, y: y, style: Theme.notice, clip: inner)
            case .text(let line):
                let style: Style =
                    line.hasPrefix("@@")
                    ? Theme.header : line.hasPrefix("+") ? Theme.notice : line.hasPrefix("-") ? Theme.error : .plain
                buffer.put(marker + line, x: inner.x, y: y, style: style, clip: inner)
            }
        }
        let count = anchors.count
        let position = count == 0 ? "" : " · \(min(current, count - 1) + 1)/\(count)"
        buffer.put(
            "n N next / previous difference · j k scroll · Esc closes\(position)", x: inner.x + 1,
            y: inner.y + inner.height - 1, style: Theme.hint, clip: inner)
    }
}
