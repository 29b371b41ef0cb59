/// A border between panes that the mouse drags to resize them, with where it was held: the
/// border's cell under the pointer stays under it (`offset` from the pointer to the pane the
/// border leads).
public enum PaneEdge: Sendable, Equatable {
    /// Between the left column (Environments, Routes) and the Request and Response panes.
    case leftColumn(offset: Int)
    /// Between the Request and Response panes.
    case requestHeight(offset: Int)
}
