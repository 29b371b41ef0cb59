import CourierCore

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

/// A workspace file, plain JSON or sealed (RNCryptor v3): read into memory, unsealed there
/// with `password`, and written back the way it was found, sealed again when it was sealed.
/// The plain text of a sealed file never reaches the disk through this type.
public struct WorkspaceFile: Sendable {
    /// The file, as the user gave it.
    public let path: String
    /// The password of a sealed file (unused for a plain one).
    public var password: String?

    /// The file at `path`.
    public init(path: String, password: String? = nil) {
        self.path = path
        self.password = password
    }

    /// The file's plain bytes and whether it is sealed.
    public func read() throws(WorkspaceError) -> (bytes: [UInt8], sealed: Bool) {
        // Checked before reading: every command loads the whole file, and a 160 MB one cost
        // 2.4 GB and 10 s each time.
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) > Workspace.maxFileBytes {
            throw .unreadable(
                file: path,
                reason: "it is \(ByteCount.format(Int(info.st_size))); a workspace file may be at most "
                    + ByteCount.format(Workspace.maxFileBytes))
        }
        let bytes: [UInt8]
        switch FileBytes.read(path) {
        case .success(let read): bytes = read
        case .failure(.missing): throw .unreadable(file: path, reason: "no such file")
        case .failure(.unreadable): throw .unreadable(file: path, reason: "permission denied or not a file")
        }
        guard RNCryptorContainer.isSealed(bytes) else { return (bytes, false) }
        guard let password else { throw .sealed(file: path, .noPassword) }
        do {
            return (try WorkspaceSeal.unseal(bytes, password: password), true)
        } catch {
            throw .sealed(file: path, error)
        }
    }

    /// The workspace the file describes.
    public func load() throws(WorkspaceError) -> Workspace {
        let (bytes, sealed) = try read()
        var workspace = try WorkspaceLoader().load(
            bytes: bytes, fileName: PathText.fileName(path), baseDirectory: PathText.directory(path))
        // Canonical: history, cookies, tokens and remembered state are keyed by it.
        workspace.file = CanonicalPath.of(path)
        workspace.isSealed = sealed
        return workspace
    }

    /// Replaces the file with `plain`, sealed with `password` when `sealed` (a sealed
    /// workspace stays sealed). Whole-file and atomic (`AtomicFile`).
    public func write(_ plain: [UInt8], sealed: Bool) throws {
        guard sealed else { return try AtomicFile.write(plain, to: path) }
        guard let password else { throw WorkspaceError.sealed(file: path, .noPassword) }
        try AtomicFile.write(try WorkspaceSeal.seal(plain, password: password), to: path)
    }
}
