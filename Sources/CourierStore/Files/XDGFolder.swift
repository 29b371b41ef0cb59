#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Courier's folder under an XDG base directory: `$VARIABLE/courier`, by default
/// `~/<fallback>/courier`. A relative value is ignored, as the XDG rules say.
enum XDGFolder {
    static func path(_ variable: String, fallback: String, processEnvironment: [String: String]) -> String {
        if let xdg = processEnvironment[variable], xdg.hasPrefix("/") { return xdg + "/courier" }
        return (processEnvironment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path)
            + "/\(fallback)/courier"
    }
}
