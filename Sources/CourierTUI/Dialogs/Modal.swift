import CourierCore

/// The open dialog: any `Dialog`, compared by type and state.
public struct Modal: Sendable, Equatable {
    /// The dialog itself.
    public var dialog: any Dialog

    /// `dialog`, open.
    public init(_ dialog: any Dialog) { self.dialog = dialog }

    /// The scope its keys are bound in.
    public var scope: KeyScope { type(of: dialog).scope }

    /// Whether the two are the same dialog in the same state.
    public static func == (lhs: Modal, rhs: Modal) -> Bool { lhs.dialog.isEqual(to: rhs.dialog) }
}
