import CourierCore

/// A dialog drawn over the panes, holding its own state: what its keys do (`update`), how it
/// looks (`draw`), which keys it has (`keys`: the `?` list, the status bar hints and the
/// README's key table are made from them) and, when a key opens it from the panes, how
/// (`open`). `AppState` hands it every key while it is open and applies the `DialogOutcome`
/// it returns; a dialog changes nothing outside itself.
///
/// Adding one takes its own file, its line in `DialogRegistry.all` and the README's key table.
public protocol Dialog: Sendable, Equatable {
    /// The scope its keys are bound in: its type's name unless it says otherwise.
    static var scope: KeyScope { get }
    /// Its rows of the key table, in the order the `?` list shows them.
    static var keys: [KeymapRow] { get }
    /// The dialog `Action.open` with its name opens, or why it cannot open now.
    static func open(in state: AppState) throws(DialogRefusal) -> Self
    /// An action bound in its scope.
    mutating func update(_ action: Action, in state: AppState) -> DialogOutcome
    /// A key its scope does not bind (typing).
    mutating func unbound(_ key: Key, in state: AppState) -> DialogOutcome
    /// Draws it over the panes.
    func draw(_ state: AppState, into buffer: inout ScreenBuffer)
}

extension Dialog {
    /// The type's name: every dialog has a scope of its own.
    public static var scope: KeyScope { .dialog(String(describing: Self.self)) }

    /// Opened only by the app's own code (after loading what it shows, for instance).
    public static func open(in state: AppState) throws(DialogRefusal) -> Self {
        throw DialogRefusal("\(Self.self) opens from its own key only")
    }

    /// Unbound keys do nothing.
    public mutating func unbound(_ key: Key, in state: AppState) -> DialogOutcome { .stay() }

    /// The action that opens it from the panes (bound in its `keys`).
    public static var opening: Action { .open(dialog: String(describing: Self.self)) }

    /// Whether `other` is this dialog, in the same state.
    func isEqual(to other: any Dialog) -> Bool { (other as? Self) == self }
}

/// Why a dialog cannot open now, for the status bar.
public struct DialogRefusal: Error, Sendable, Equatable {
    /// The sentence.
    public var text: String

    /// A refusal saying `text`.
    public init(_ text: String) { self.text = text }
}
