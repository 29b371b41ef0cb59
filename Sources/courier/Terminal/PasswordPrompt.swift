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

/// Asks for a password on the terminal (`/dev/tty`, so it works with stdin redirected) with
/// echo off, as `sudo` and `ssh` do. Echo comes back even when the read fails.
enum PasswordPrompt {
    /// The typed line, or nil when there is no terminal or input ended; `echo` shows what is
    /// typed (a `{{$prompt}}` that is not secret).
    static func ask(_ prompt: String, echo: Bool = false) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return nil }
        var silent = saved
        if !echo {
            silent.c_lflag &= ~tcflag_t(ECHO)
            silent.c_lflag |= tcflag_t(ECHONL)
        }
        write(tty, prompt)
        guard tcsetattr(tty, TCSAFLUSH, &silent) == 0 else { return nil }
        defer { tcsetattr(tty, TCSAFLUSH, &saved) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(tty, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }

    private static func write(_ descriptor: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
    }
}

/// The C library's `write`, which methods named `write` here would shadow.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
