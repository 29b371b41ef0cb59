import CourierCore

/// A dialog drawn over the panes, holding its own state: what its keys do (`update`), how it
/// looks (`draw`), which keys it has (`keys`: the `?` list, the status bar hints and the
/// README's key table are made from them) and, when a key opens it from the panes, how
/// (`open`). `AppState` hands it every key while it is open and applies the `DialogOutcome`
/// it returns; a dialog changes nothing outside itself.
///
/// Adding one takes its own file, its line in `DialogRegistry.all` and the README's key table.
public protocol Dialog: Sendable, Equatable {
    /// The scope its keys are bound in: its type's own unless it says otherwise.
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
    /// The type's identity (not its name: printing a type's name wakes the runtime's
    /// demangler, whose pages cost the screen ~0.7 MB of resident memory at start).
    public static var scope: KeyScope { .dialog(ObjectIdentifier(Self.self)) }

    /// Opened only by the app's own code (after loading what it shows, for instance).
    public static func open(in state: AppState) throws(DialogRefusal) -> Self {
        throw DialogRefusal("this dialog opens only where the app opens it")
    }

    /// Unbound keys do nothing.
    public mutating func unbound(_ key: Key, in state: AppState) -> DialogOutcome { .stay() }

    /// The action that opens it from the panes (bound in its `keys`).
    public static var opening: Action { .open(dialog: ObjectIdentifier(Self.self)) }

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
