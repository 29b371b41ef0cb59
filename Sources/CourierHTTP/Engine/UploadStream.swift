import CourierCore
import CourierSystem
import NIOCore

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

/// A multipart body as a stream: its bytes, with each file read from disk in chunks while
/// sending, so an upload of any size costs one chunk of memory.
///
/// `init` checks every file before anything is sent (a missing or unreadable file is an
/// error naming it) and learns the sizes, so the request states its `Content-Length` as curl
/// does. Each iteration reads the files again, which lets a 307 or 308 redirect or a retry
/// send the body a second time.
struct UploadStream: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// Bytes read from a file at a time.
    static let chunkSize = 64 * 1024

    fileprivate enum Piece: Sendable {
        case bytes([UInt8])
        case file(path: String, size: Int)
    }

    private let pieces: [Piece]
    /// The whole body's length in bytes.
    let length: Int

    init(_ body: MultipartBody) throws(TransportError) {
        for (file, folder) in body.confinements {
            guard let real = RealPath.of(file) else { continue }  // missing: said below, by name
            guard RealPath.isInside(real, folder: folder) else {
                throw .upload(
                    path: file,
                    reason:
                        "it is outside the workspace's folder \(folder); add \"allow_outside\": true to the part to send it"
                )
            }
        }
        var pieces: [Piece] = []
        var length = 0
        for segment in body.segments {
            switch segment {
            case .bytes(let bytes):
                pieces.append(.bytes(bytes))
                length += bytes.count
            case .file(let path):
                var info = stat()
                guard stat(path, &info) == 0 else { throw Self.failure(path, errno) }
                guard info.st_mode & S_IFMT == S_IFREG else {
                    throw .upload(path: path, reason: "not a regular file")
                }
                guard access(path, R_OK) == 0 else { throw Self.failure(path, errno) }
                pieces.append(.file(path: path, size: Int(info.st_size)))
                length += Int(info.st_size)
            }
        }
        self.pieces = pieces
        self.length = length
    }

    static func failure(_ path: String, _ code: Int32) -> TransportError {
        switch code {
        case ENOENT: return .upload(path: path, reason: "no such file")
        case EACCES: return .upload(path: path, reason: "permission denied")
        default: return .upload(path: path, reason: String(cString: strerror(code)))
        }
    }

    func makeAsyncIterator() -> Iterator { Iterator(pieces: pieces) }

    /// Walks the pieces; a file is open only while it is being read.
    struct Iterator: AsyncIteratorProtocol {
        private var pieces: ArraySlice<Piece>
        private var descriptor: Int32 = -1
        private var left = 0
        private var path = ""

        fileprivate init(pieces: [Piece]) { self.pieces = pieces[...] }

        mutating func next() async throws(TransportError) -> ByteBuffer? {
            while true {
                if descriptor >= 0 {
                    if left == 0 {
                        close(descriptor)
                        descriptor = -1
                        continue
                    }
                    return try readChunk()
                }
                guard let piece = pieces.popFirst() else { return nil }
                switch piece {
                case .bytes(let bytes):
                    if bytes.isEmpty { continue }
                    return ByteBuffer(bytes: bytes)
                case .file(let path, let size):
                    let opened = open(path, O_RDONLY | O_CLOEXEC)
                    guard opened >= 0 else { throw UploadStream.failure(path, errno) }
                    (descriptor, left, self.path) = (opened, size, path)
                }
            }
        }

        private mutating func readChunk() throws(TransportError) -> ByteBuffer {
            var buffer = ByteBuffer()
            let want = Swift.min(left, UploadStream.chunkSize)
            let count = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: want) { raw in
                read(descriptor, raw.baseAddress, want)
            }
            guard count > 0 else {
                let code = errno
                close(descriptor)
                descriptor = -1
                // The size was stated in `Content-Length`; a file that shrank cannot fill it.
                throw count == 0
                    ? .upload(path: path, reason: "the file got shorter while it was being sent")
                    : UploadStream.failure(path, code)
            }
            left -= count
            return buffer
        }
    }
}
