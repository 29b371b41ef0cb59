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
        let absolute = absolute(path, processEnvironment: processEnvironment)
        let folder = PathText.directory(absolute)
        if let resolved = realPath(folder) {
            return (resolved == "/" ? "" : resolved) + "/" + PathText.fileName(absolute)
        }
        return absolute
    }

    private static func realPath(_ path: String) -> String? {
        guard !path.isEmpty, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` made absolute against the working directory, with `.` and `..` resolved.
    static func absolute(_ path: String, processEnvironment: [String: String]) -> String {
        var parts: [Substring] = []
        let full: String
        if path.hasPrefix("/") {
            full = path
        } else {
            let cwd = currentDirectory() ?? processEnvironment["PWD"] ?? ""
            full = cwd + "/" + path
        }
        for part in full.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                _ = parts.popLast()
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The working directory from `getcwd`, or nil when it cannot be read (deleted, too long).
    private static func currentDirectory() -> String? {
        // glibc allocates the buffer when given none.
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        return String(cString: path)
    }
}
