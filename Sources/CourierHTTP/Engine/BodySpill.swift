import CourierCore
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

/// A response body being written to a temporary file because it outgrew the in-memory cap.
/// The file goes away with the spill unless the body arrived whole (`close`): a body cut off
/// by an error leaves nothing behind.
final class BodySpill {
    /// Where the body is saved.
    let path: String
    private var descriptor: Int32
    private var kept = false

    /// Creates `$TMPDIR/courier-body-<uuid>` holding `prefix` (what was received so far).
    init(startingWith prefix: [UInt8]) throws(TransportError) {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-body-\(UUID().uuidString)").path
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .other("cannot save the large response body to \(path)") }
        try write(prefix)
    }

    deinit {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        if !kept { unlink(path) }
    }

    func write(_ bytes: ByteBufferView) throws(TransportError) {
        if let written = bytes.withContiguousStorageIfAvailable({ buffer in writeAll(UnsafeRawBufferPointer(buffer)) })
        {
            try check(written)
        } else {
            try write(Array(bytes))
        }
    }

    func close() throws(TransportError) {
        let result = systemClose(descriptor)
        descriptor = -1
        guard result == 0 else { throw .other("cannot finish writing \(path)") }
        kept = true
    }

    private func write(_ bytes: [UInt8]) throws(TransportError) {
        try check(bytes.withUnsafeBytes { writeAll($0) })
    }

    private func check(_ errorNumber: Int32) throws(TransportError) {
        guard errorNumber == 0 else {
            throw .other("cannot write the response body to \(path): \(String(cString: strerror(errorNumber)))")
        }
    }

    /// Writes every byte (a write may take part of them); the error number, or 0.
    private func writeAll(_ buffer: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let count = systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return 0
    }
}

/// The C library's `close`, which methods named `close` here would shadow.
@discardableResult
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

/// The C library's `write`, which methods named `write` here would shadow.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
