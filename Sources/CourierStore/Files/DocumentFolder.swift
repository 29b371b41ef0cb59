import CourierCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files beside a document that it names (a split OpenAPI document's `$ref`s): each a
/// regular file whose real path lies inside the document's folder, so a link that leads out is
/// refused as a `../` is, and `limit` bytes together, so a document cannot make an import read
/// the disk without end.
public final class DocumentFolder {
    /// The bytes all files read may hold together.
    public static let limit = 64 << 20
    private let folder: String
    private var total = 0

    /// The folder `document` lies in; nil when it cannot be resolved.
    public init?(of document: String) {
        let directory = PathText.directory(document)
        guard let resolved = realpath(directory, nil) else { return nil }
        defer { free(resolved) }
        folder = String(cString: resolved)
    }

    /// The bytes of `relative` (a path inside the folder, `..` already resolved).
    public func read(_ relative: String) throws(ImportError) -> [UInt8] {
        guard let resolved = realpath(folder + "/" + relative, nil) else {
            throw ImportError("\(relative): no such file beside the document")
        }
        let path = String(cString: resolved)
        free(resolved)
        guard path.hasPrefix(folder == "/" ? "/" : folder + "/") else {
            throw ImportError("\(relative) leads out of the document's folder (a link); it is not read")
        }
        guard case .success(let bytes) = FileBytes.read(path) else { throw ImportError("\(relative): cannot be read") }
        total += bytes.count
        guard total <= Self.limit else {
            throw ImportError("the files the document names hold more than \(ByteCount.format(Self.limit))")
        }
        return bytes
    }
}
