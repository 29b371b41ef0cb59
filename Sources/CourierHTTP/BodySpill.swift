import CourierCore
import Foundation
import NIOCore

/// A response body being written to a temporary file because it outgrew the in-memory cap.
final class BodySpill {
    /// Where the body is saved.
    let path: String
    private let handle: FileHandle

    /// Creates `$TMPDIR/courier-body-<uuid>` holding `prefix` (what was received so far).
    init(startingWith prefix: [UInt8]) throws(TransportError) {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("courier-body-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: path, contents: Data(prefix)),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw .other("cannot save the large response body to \(path)")
        }
        self.handle = handle
        handle.seekToEndOfFile()
    }

    func write(_ bytes: ByteBufferView) throws(TransportError) {
        do {
            try bytes.withContiguousStorageIfAvailable { try handle.write(contentsOf: Data($0)) }
                ?? handle.write(contentsOf: Data(bytes))
        } catch {
            throw .other("cannot write the response body to \(path): \(error)")
        }
    }

    func close() throws(TransportError) {
        do {
            try handle.close()
        } catch {
            throw .other("cannot finish writing \(path)")
        }
    }
}
