/// A key press, decoded by the terminal into something `update` can match on.
public enum Key: Sendable, Equatable, Hashable {
    case char(Character)
    /// Ctrl plus a letter, lower-case (`.ctrl("c")`).
    case ctrl(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, tab, backTab, escape, backspace, delete
    /// A function key (F1…F12).
    case function(Int)
}
