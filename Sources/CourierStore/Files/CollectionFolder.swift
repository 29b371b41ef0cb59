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

/// The files of a collection kept as a folder (Bruno's), read for an import: the ones `keep`
/// accepts, by path inside the folder, bounded in count and bytes. Links are not followed (a
/// collection from elsewhere could point at `~/.ssh`), nor hidden folders or `node_modules`.
public enum CollectionFolder {
    /// The most files and bytes one import reads.
    public static let maxFiles = 10_000
    public static let maxBytes = 64 << 20

    /// `root`'s files that `keep` accepts (given their `/`-separated path inside it), sorted by
    /// path, or a message naming what was wrong.
    public static func files(in root: String, keep: (String) -> Bool) -> Result<
        [(path: String, bytes: [UInt8])], Failure
    > {
        var found: [(path: String, bytes: [UInt8])] = []
        var total = 0
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                return .failure(.unreadable(folder))
            }
            for name in names.sorted() where !name.hasPrefix(".") && name != "node_modules" {
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(root + "/" + path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    pending.append(path)
                case S_IFREG where keep(path):
                    guard found.count < maxFiles else { return .failure(.tooMany(root)) }
                    guard case .success(let bytes) = FileBytes.read(root + "/" + path) else {
                        return .failure(.unreadable(root + "/" + path))
                    }
                    total += bytes.count
                    guard total <= maxBytes else { return .failure(.tooLarge(root)) }
                    found.append((path, bytes))
                default:
                    continue
                }
            }
        }
        return .success(found.sorted { $0.path < $1.path })
    }

    /// Why a folder could not be read.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case tooMany(String)
        case tooLarge(String)

        /// One line naming the folder or file.
        public var description: String {
            switch self {
            case .unreadable(let path): return "\(path): cannot be read"
            case .tooMany(let path):
                return "\(path): more than \(CollectionFolder.maxFiles) files; nothing was imported"
            case .tooLarge(let path):
                return "\(path): more than \(CollectionFolder.maxBytes >> 20) MB of files; nothing was imported"
            }
        }
    }
}
