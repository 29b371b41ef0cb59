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

/// The process environment read straight from `environ`, without Foundation's ProcessInfo
/// (its set-up is a measurable part of the screen's start-up memory).
enum ProcessEnvironment {
    /// The environment as the process started with it, read once: Courier never changes it,
    /// and each read of `ProcessInfo`'s builds the whole dictionary again (a call read it
    /// seven times).
    static let values = current()

    static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// Colour unless `NO_COLOR` is set to something (no-color.org: an empty value does not count).
    /// The password for sealed workspaces from `COURIER_PASSWORD` (set but empty counts as
    /// unset: no sealed file has an empty password).
    static var password: String? {
        guard let value = values["COURIER_PASSWORD"], !value.isEmpty else { return nil }
        return value
    }

    static func allowsColor(_ environment: [String: String]) -> Bool {
        (environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Whether the screen takes the mouse: not when `NO_MOUSE` is set to anything but empty
    /// (then the terminal's own selection and copy work as in any program).
    static func allowsMouse(_ environment: [String: String]) -> Bool {
        (environment["NO_MOUSE"] ?? "").isEmpty
    }
}
