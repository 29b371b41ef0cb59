import CourierCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one spelling of a file's path that everything kept per workspace is keyed by: absolute,
/// symbolic links resolved (DESIGN.md §8 "Keyed by the file"). `environments.json`,
/// `./environments.json`, its absolute path and a link to it are one workspace; the same name
/// in another folder is another.
public enum CanonicalPath {
    /// `path` resolved by the file system; for a file that does not exist yet, its folder
    /// resolved and its name appended; failing that, made absolute by text.
    public static func of(_ path: String, processEnvironment: [String: String] = [:]) -> String {
        if let resolved = realPath(path) { return resolved }
        let absolute = SessionStore.absolute(path, processEnvironment: processEnvironment)
        let folder = FileBytes.directory(absolute)
        if let resolved = realPath(folder) {
            return (resolved == "/" ? "" : resolved) + "/" + FileBytes.fileName(absolute)
        }
        return absolute
    }

    private static func realPath(_ path: String) -> String? {
        guard !path.isEmpty, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
