/// A rectangle of cells: origin at the top left, sizes in cells.
public struct Rect: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// A rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The area inside a one-cell border.
    public var inner: Rect { Rect(x: x + 1, y: y + 1, width: width - 2, height: height - 2) }

    /// Whether the cell at column `x`, row `y` is inside.
    public func contains(x column: Int, y row: Int) -> Bool {
        column >= x && column < x + width && row >= y && row < y + height
    }
}
