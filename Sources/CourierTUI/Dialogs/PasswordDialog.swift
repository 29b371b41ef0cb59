import CourierCore

/// The dialog that asks for the password of a sealed workspace before the screen can load it
/// (DESIGN.md §10). What is typed is never drawn, only counted with dots; it lives in this
/// value until it is handed to the runtime to try.
public struct PasswordDialog: Sendable, Equatable {
    /// What a key did.
    public enum Outcome: Sendable, Equatable {
        /// Nothing to do but draw again.
        case none
        /// Try this password.
        case submit(String)
        /// The user gave up: quit.
        case cancel
    }

    /// The sealed file, as the user named it.
    public let file: String
    /// Typed so far (never shown).
    public private(set) var typed = ""
    /// Why the last try failed.
    public var error: String?
    /// Tries so far.
    public private(set) var attempts = 0

    /// The dialog for `file`.
    public init(file: String) {
        self.file = file
    }

    /// Handles one key: Enter submits, Esc and Ctrl-C cancel, Backspace and Ctrl-U edit.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .enter:
            guard !typed.isEmpty else { return .none }
            attempts += 1
            defer { typed = "" }
            return .submit(typed)
        case .escape, .ctrl("c"), .ctrl("q"):
            return .cancel
        case .backspace, .delete:
            typed = String(typed.dropLast())
        case .ctrl("u"):
            typed = ""
        case .char(let character):
            typed.append(character)
            error = nil
        default:
            break
        }
        return .none
    }

    /// The dialog on a screen of `width` × `height`.
    public func render(width: Int, height: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        guard width >= 20, height >= 6 else {
            buffer.put("password for \(PathText.fileName(file))", x: 0, y: 0, style: Theme.strong)
            buffer.put(String(repeating: "•", count: min(typed.count, max(0, width - 1))), x: 0, y: 1)
            if let error { buffer.put(error, x: 0, y: 2, style: Theme.error) }
            return buffer
        }
        let textWidth = max(10, min(width - 6, 60))
        var lines = Views.wrap("\(PathText.fileName(file)) is sealed.", width: textWidth).map { ($0, Style.plain) }
        lines += [
            ("", .plain),
            ("password  " + String(repeating: "•", count: min(typed.count, textWidth - 11)) + "▏", Theme.strong),
            ("", .plain),
        ]
        if let error { lines += Views.wrap(error, width: textWidth).map { ($0, Theme.error) } + [("", .plain)] }
        lines.append(("Enter opens · Esc quits", Theme.hint))
        Views.dialog(title: "Password", lines: lines, style: Theme.focusedBorder, width: textWidth, into: &buffer)
        return buffer
    }
}
