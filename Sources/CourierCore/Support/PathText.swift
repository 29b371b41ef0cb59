/// File paths as text, for the few joins Courier makes (NSString's path methods are full
/// Foundation's, which brings ICU into the binary).
public enum PathText {
    /// `path` under `folder`, unless it is absolute or `folder` is empty.
    public static func joined(_ folder: String, _ path: String) -> String {
        if path.hasPrefix("/") || folder.isEmpty { return path }
        if path.isEmpty { return folder }
        return (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + path
    }

    /// The last component: `b` of `/a/b` and of `a/b/`; `/` of `/`.
    public static func lastComponent(_ path: String) -> String {
        let parts = path.split(separator: "/")
        guard let last = parts.last else { return path.hasPrefix("/") ? "/" : "" }
        return String(last)
    }

    /// The folder holding `path`: `/a` of `/a/b`, `/` of `/a`, empty for a bare name.
    public static func parent(_ path: String) -> String {
        var parts = path.split(separator: "/")
        guard !parts.isEmpty else { return path.hasPrefix("/") ? "/" : "" }
        parts.removeLast()
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined
    }
}
