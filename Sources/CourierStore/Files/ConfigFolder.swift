/// Where the user's own settings live: `$XDG_CONFIG_HOME/courier`, by default
/// `~/.config/courier` (a relative `XDG_CONFIG_HOME` is ignored, as the XDG rules say).
/// Courier only reads here; the user writes the files.
public enum ConfigFolder {
    /// The folder's path (it may not exist).
    public static func path(processEnvironment: [String: String]) -> String {
        XDGFolder.path("XDG_CONFIG_HOME", fallback: ".config", processEnvironment: processEnvironment)
    }

    /// The screen's settings file (`ScreenConfig`).
    public static func screenFile(processEnvironment: [String: String]) -> String {
        path(processEnvironment: processEnvironment) + "/config.json"
    }
}
