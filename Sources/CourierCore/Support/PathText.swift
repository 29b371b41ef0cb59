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

    /// The last path component as a file name (`environments.json` of `/a/b/environments.json`;
    /// the path itself when it has none).
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The folder part of `path`: `.` when there is none, `/` for a file at the root.
    public static func directory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
