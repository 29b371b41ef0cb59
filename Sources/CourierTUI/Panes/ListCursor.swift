/// A cursor in a list of `count` rows, shared by the Environments and Routes panes and the
/// environment switcher: moves are clamped, so the index is always a row (or 0 when empty).
public struct ListCursor: Sendable, Equatable {
    /// The row under the cursor.
    public private(set) var index: Int
    /// Rows a page key moves.
    public static let page = 10

    /// A cursor on row `index`.
    public init(_ index: Int = 0) { self.index = max(0, index) }

    /// Applies a move action; returns false for actions that are not moves.
    public mutating func apply(_ action: Action, count: Int) -> Bool {
        let last = max(0, count - 1)
        switch action {
        case .down: index = min(index + 1, last)
        case .up: index = max(index - 1, 0)
        case .top: index = 0
        case .bottom: index = last
        case .pageDown: index = min(index + Self.page, last)
        case .pageUp: index = max(index - Self.page, 0)
        default: return false
        }
        return true
    }

    /// Puts the cursor on `row`, clamped to the list.
    public mutating func set(_ row: Int, count: Int) { index = min(max(0, row), max(0, count - 1)) }
}
