#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths with every symbolic link and `..` resolved, for confining what the workspace names
/// (an upload, a `{{$file}}`) to its folder: a link inside it that points out is outside.
public enum RealPath {
    /// `path` resolved, or nil when it does not exist (`errno` says why).
    public static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the resolved `real` is inside `folder` (resolved here; a missing folder holds nothing).
    public static func isInside(_ real: String, folder: String) -> Bool {
        of(folder).map { real.hasPrefix($0 == "/" ? "/" : $0 + "/") } ?? false
    }
}
