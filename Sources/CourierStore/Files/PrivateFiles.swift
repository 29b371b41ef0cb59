import CourierCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What Courier keeps about a user is theirs alone (DESIGN.md §8): folders 0700, files 0600,
/// whatever the umask, existing ones tightened when opened; and nothing is written through a
/// symbolic link planted where a state file belongs (another user could point it anywhere).
public enum PrivateFiles {
    /// The mode of every state folder.
    public static let folderMode: mode_t = 0o700
    /// The mode of every state file.
    public static let fileMode: mode_t = 0o600

    /// Why a state file or folder cannot be used, as one line.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        /// The line.
        public let description: String
    }

    /// Makes `path` and its missing parents (each 0700), then tightens `path` and every folder
    /// of `tightening` (existing ones with looser modes); refuses `path` when it is a link.
    public static func folder(_ path: String, tightening: [String] = []) throws(Refusal) {
        var built = ""
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, folderMode) != 0 && errno != EEXIST {
                throw Refusal(description: "cannot create the folder \(built): \(reason())")
            }
        }
        for folder in [path] + tightening {
            var info = stat()
            guard lstat(folder, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFLNK && folder == path {
                throw Refusal(
                    description: "\(folder) is a symbolic link; Courier keeps its state only in a real folder")
            }
            if info.st_mode & S_IFMT == S_IFDIR && info.st_mode & 0o077 != 0 { chmod(folder, folderMode) }
        }
    }

    /// Opens the state file `path` with `flags` (`O_CREAT` makes it 0600), never through a
    /// link, and tightens an existing file to 0600.
    public static func open(_ path: String, _ flags: Int32) throws(Refusal) -> Int32 {
        let descriptor = systemOpen(path, flags | O_NOFOLLOW | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else {
            if errno == ELOOP {
                throw Refusal(description: "\(path) is a symbolic link; Courier does not write its state through one")
            }
            throw Refusal(description: "cannot open \(path): \(reason())")
        }
        var info = stat()
        if fstat(descriptor, &info) == 0 && info.st_mode & 0o077 != 0 { fchmod(descriptor, fileMode) }
        return descriptor
    }

    /// Runs `body` holding an exclusive `flock` on `path.lock` (its folder made first), so a
    /// read-modify-write of the state file `path` by the screen and a command in another
    /// terminal never loses either's change.
    public static func exclusively<Result>(_ path: String, _ body: () throws -> Result) throws -> Result {
        try StateFolder.prepare(PathText.directory(path))
        let lock = try open(path + ".lock", O_RDWR | O_CREAT)
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
        return try body()
    }

    /// Tightens the existing state file `path` to 0600; refuses a link; a missing file is fine.
    public static func tighten(_ path: String) throws(Refusal) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFLNK {
            throw Refusal(description: "\(path) is a symbolic link; Courier does not write its state through one")
        }
        if info.st_mode & 0o077 != 0 { chmod(path, fileMode) }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}

/// The C library's `open`, which the method named `open` here would shadow.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
