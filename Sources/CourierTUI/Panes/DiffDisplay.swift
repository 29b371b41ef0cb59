import CourierCore

/// Two responses compared (DESIGN.md §7), as the diff view shows them: side by side when the
/// screen is wide enough, stacked otherwise, with a cursor that jumps between differences.
public struct DiffDisplay: Sendable, Equatable {
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
        differences = result.differences.map {
            Difference(place: mask($0.place), left: mask($0.left), right: mask($0.right))
        }
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
            if sideBySide {
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
}
