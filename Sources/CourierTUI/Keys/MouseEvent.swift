/// A mouse event the terminal reported (xterm's mouse modes, through ncurses): where, in
/// screen cells from the top left, and what.
public struct MouseEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The left button went down.
        case press
        /// The wheel turned up (away from the user) or down.
        case wheelUp, wheelDown
        /// The left button came up.
        case release
        /// The pointer moved with the left button down.
        case drag
    }

    /// The column and row.
    public var x: Int
    public var y: Int
    /// What happened.
    public var kind: Kind

    /// A `kind` event at column `x`, row `y`.
    public init(x: Int, y: Int, _ kind: Kind) {
        self.x = x
        self.y = y
        self.kind = kind
    }
}
