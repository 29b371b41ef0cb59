import CourierCore

/// Asked once per workspace file, the first time a send needs one of its `{{$command}}`s: it
/// lists every command the file can run, and only `y` trusts the file as it is (by path and
/// SHA-256, as `courier trust` does; an edit asks again). Any other key runs nothing.
public struct TrustDialog: Dialog {
    /// The command the waiting send needs.
    public var need: SendNeed
    /// Every command of the workspace, as written.
    public var commands: [String]
    /// The workspace file.
    public var file: String

    /// Asks about `file`'s `commands`, for `need`.
    public init(need: SendNeed, commands: [String], file: String) {
        self.need = need
        self.commands = commands
        self.file = file
    }

    /// Its rows of the key table (`Dialog.keys`).
    public static let keys = [
        KeymapRow(
            "y", "trusting commands", "trust the workspace file's commands on this machine; any other key runs none",
            Keymap.bind([.char("y"), .char("Y")], scope, .confirm))
    ]

    /// What an action does to it (`Dialog.update`).
    public mutating func update(_ action: Action, in state: AppState) -> DialogOutcome {
        guard action == .confirm else { return refused }
        // Trusted as the commands shown: the runtime refuses if the file now says otherwise.
        return .close(.run([.trustWorkspace(commands: commands), .makeValue(need)]))
    }

    /// What a key its scope does not bind does (`Dialog.unbound`).
    public mutating func unbound(_ key: Key, in state: AppState) -> DialogOutcome { refused }

    private var refused: DialogOutcome {
        .close(
            .run([], notice: AppState.StatusLine(text: "not trusted: no command ran, nothing was sent", isError: false))
        )
    }

    /// Draws it (`Dialog.draw`).
    public func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let width = max(10, min(buffer.width - 6, 90))
        var lines: [(String, Style)] = [
            (file, Theme.strong),
            ("runs these commands when a request uses them:", Theme.warning),
        ]
        let room = max(1, buffer.height - 12)
        for command in commands.prefix(room) {
            lines += Views.chunks("  " + TerminalText.visible(command), width: width - 2).map { ($0, Style.plain) }
        }
        if commands.count > room {
            lines.append(("  … and \(commands.count - room) more (courier trust lists all)", Theme.hint))
        }
        lines += [
            ("", .plain),
            ("y trusts this file as it is (an edit asks again) · any other key runs none", Theme.strong),
        ]
        Views.dialog(
            title: "Run this workspace's commands?", lines: lines, style: Theme.warning, width: width, into: &buffer)
    }
}
