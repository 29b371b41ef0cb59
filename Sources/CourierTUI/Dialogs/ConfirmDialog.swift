import CourierCore

/// Confirms a mutating request to a protected environment, or one a redirect would carry
/// into one (`redirect`): only `y` sends, any other key cancels.
public struct ConfirmDialog: Dialog {
    /// The id the request is sent under.
    public var id: Int
    /// The request, as it will go once confirmed.
    public var request: PreparedRequest
    /// The hop into a protected environment, when a redirect led there.
    public var redirect: ProtectedRedirect?
    /// What its answer is for.
    public var purpose: AppState.InFlight.Purpose

    /// Asks about `request`.
    public init(
        id: Int, request: PreparedRequest, redirect: ProtectedRedirect? = nil,
        purpose: AppState.InFlight.Purpose = .show
    ) {
        self.id = id
        self.request = request
        self.redirect = redirect
        self.purpose = purpose
    }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "y", "protected confirmation", "send; any other key cancels",
            Keymap.bind([.char("y"), .char("Y")], scope, .confirm))
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        guard action == .confirm else { return cancelled }
        var confirmed = request
        confirmed.options.protectedGuard.confirmed = true
        return .close(.send(id: id, request: confirmed, purpose: purpose))
    }

    /// What a key its scope does not bind does (`Dialog.unbound`).
    public mutating func unbound(_ key: Key, in state: AppState) -> DialogOutcome { cancelled }

    private var cancelled: DialogOutcome {
        let notice = "not sent: \(request.request.method) to \(request.origin.environmentName) cancelled"
        return .close(.run([], notice: AppState.StatusLine(text: notice, isError: false)))
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let origin = request.origin
        let target = redirect?.environment ?? request.protectedTarget ?? origin.environmentName
        var lines: [(String, Style)] = [
            ("\(target) is a protected environment.", Theme.warning),
            ("", .plain),
            ("\(request.request.method) \(origin.masking(request.request.url))", Theme.method(request.request.method)),
        ]
        if let redirect {
            lines.append(("is redirected to \(origin.masking(redirect.url))", Theme.warning))
        }
        lines += [
            ("route \(origin.routeName)", Theme.hint),
            ("", .plain),
            ("y sends · any other key cancels", Theme.strong),
        ]
        Views.dialog(title: "Send to \(target)?", lines: lines, style: Theme.warning, into: &buffer)
    }
}
