import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where Courier keeps what outlives a run: `$XDG_STATE_HOME/courier`, by default
/// `~/.local/state/courier` (the XDG base directory rules: a relative value is ignored).
public enum StateFolder {
    /// The folder's path (it may not exist yet).
    public static func path(processEnvironment: [String: String]) -> String {
        XDGFolder.path("XDG_STATE_HOME", fallback: ".local/state", processEnvironment: processEnvironment)
    }

    /// Makes `folder` (0700, see `PrivateFiles`) and tightens it; a kind's folder under the
    /// state folder (`courier/cookies`) tightens `courier/` too.
    static func prepare(_ folder: String) throws(PrivateFiles.Refusal) {
        let parent = PathText.directory(folder)
        try PrivateFiles.folder(folder, tightening: PathText.fileName(parent) == "courier" ? [parent] : [])
    }

    /// `FOLDER/kind/<workspace>-<hash>.json`: the workspace's file of one kind (cookies, tokens).
    static func file(_ kind: String, configPath: String, processEnvironment: [String: String]) -> String {
        "\(path(processEnvironment: processEnvironment))/\(kind)/"
            + SessionStore.key(configPath: configPath, processEnvironment: processEnvironment) + ".json"
    }
}
