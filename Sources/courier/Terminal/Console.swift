import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to the terminal with `write(2)` directly: callers hand over whole buffers (a
/// formatted body is one), so no stdio buffering is needed and nothing is left unflushed
/// when the process exits.
///
/// On a terminal, what goes out through `out`, `write`, `line` and `error` has every control
/// byte shown visibly (`TerminalText`): a body, a route name or a message from a server can
/// never drive the terminal. Courier's own colours stay. `raw` is for what must reach the
/// terminal as it is: `--raw` output, which the user asked for byte for byte, and the screen's
/// own clipboard sequence.
enum Console {
    private static let outIsTerminal = isatty(STDOUT_FILENO) == 1
    private static let errorIsTerminal = isatty(STDERR_FILENO) == 1

    static func out(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// `bytes` on stdout exactly as given, terminal or not.
    static func raw(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0, to: STDOUT_FILENO) }
    }

    /// `text` on stdout exactly as given, terminal or not.
    static func raw(_ text: String) {
        raw(Array(text.utf8))
    }

    /// `courier: message` on stderr (without the prefix when `prefixed` is false), cut to
    /// about 2 KB: messages arrive masked, so the cut cannot split a secret.
    static func error(_ message: String, prefixed: Bool = true) {
        var text = "\(prefixed ? "courier: " : "")\(TransportError.shown(message))\n"
        text.withUTF8 { buffer in
            if errorIsTerminal && !TerminalText.isSafe(buffer) {
                TerminalText.visible(buffer).withUnsafeBufferPointer { write($0, to: STDERR_FILENO) }
            } else {
                write(buffer, to: STDERR_FILENO)
            }
        }
    }

    /// Writes one line at once (for lines another program waits for, like the demo's URLs).
    static func line(_ text: String) {
        out(text + "\n")
    }

    static func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard outIsTerminal, !TerminalText.isSafe(bytes) else { return write(bytes, to: STDOUT_FILENO) }
        TerminalText.visible(bytes, keepingColor: useColor).withUnsafeBufferPointer { write($0, to: STDOUT_FILENO) }
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(descriptor, pointer, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return  // EPIPE and friends: the reader went away; nothing useful to do.
            }
            pointer += written
            remaining -= written
        }
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set (no-color.org).
    static var useColor: Bool {
        outIsTerminal && ProcessEnvironment.allowsColor(ProcessEnvironment.values)
    }
}

/// The C library's `write`, which methods named `write` here would shadow.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
