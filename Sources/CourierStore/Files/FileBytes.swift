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

/// Whole-file reads with plain POSIX calls, for the store and the command line (the core reads
/// no files). Start-up paths use this instead of `Data(contentsOf:)`, whose URL and
/// file-manager machinery costs more memory than the files Courier reads at start are big.
public enum FileBytes {
    /// Why a file could not be read.
    public enum Failure: Error, Equatable {
        case missing
        case unreadable
    }

    /// The file's bytes.
    public static func read(_ path: String) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            let bytes = read(descriptor: descriptor, sizeHint: Int(info.st_size))
        else { return .failure(.unreadable) }
        return .success(bytes)
    }

    /// What `descriptor` gives until its end (standard input, an open file), at most `limit`
    /// bytes; nil on a read error.
    public static func read(descriptor: Int32, sizeHint: Int = 0, limit: Int = .max) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(sizeHint, limit))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}

/// The C library's `read`, which methods named `read` here would shadow.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
