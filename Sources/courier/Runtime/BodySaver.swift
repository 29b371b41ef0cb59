import CourierCore
import CourierStore
import CourierTUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Saves a shown response body to a file (`w` on the screen): as received, a text body with
/// the environment's secrets masked, never over an existing file and never half-written (a
/// temporary file beside it is linked to the name only once whole, which fails if the name
/// was taken meanwhile).
enum BodySaver {
    /// `save`'s outcome as the screen hears it.
    static func saved(_ exchange: Exchange, to path: String) -> Msg {
        switch save(exchange, to: path) {
        case .success(let size): .bodySaved(path: path, size: size, error: nil)
        case .failure(let failure): .bodySaved(path: path, size: 0, error: failure.message)
        }
    }

    /// Writes `exchange`'s body to `path`; returns its size, or why not.
    static func save(_ exchange: Exchange, to path: String) -> Result<Int, SaveFailure> {
        var info = stat()
        if lstat(path, &info) == 0 { return .failure(SaveFailure("\(path) exists; choose another name")) }
        let temporary = path + ".courier-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return .failure(SaveFailure("cannot write \(path): \(String(cString: strerror(errno)))"))
        }
        var size = 0
        var failure: Int32 = 0
        if let file = exchange.response.bodyFile {
            // Spilled past the in-memory limit: copied in pieces, not read whole.
            let source = open(file, O_RDONLY | O_CLOEXEC)
            if source < 0 { failure = errno }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while failure == 0 {
                let count = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count < 0 { failure = errno }
                if count <= 0 { break }
                failure = writeAll(descriptor, chunk[..<count])
                size += count
            }
            if source >= 0 { close(source) }
        } else {
            let bytes = masked(exchange.response.body, secrets: exchange.origin.secretValues)
            failure = writeAll(descriptor, bytes[...])
            size = bytes.count
        }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0 && link(temporary, path) != 0 { failure = errno }
        unlink(temporary)
        guard failure == 0 else {
            let reason = failure == EEXIST ? "it exists; choose another name" : String(cString: strerror(failure))
            return .failure(SaveFailure("cannot write \(path): \(reason)"))
        }
        return .success(size)
    }

    /// Why a body could not be saved, one line.
    struct SaveFailure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// A text body with `secrets` masked in every encoding; any other body as it came (a secret
    /// is not findable in an image, and masking would change its bytes).
    static func masked(_ body: [UInt8], secrets: [String]) -> [UInt8] {
        guard !secrets.isEmpty, !BodyKind.isBinary(body), let text = String(validating: body, as: UTF8.self) else {
            return body
        }
        let shown = SecretMask.apply(text, hiding: secrets)
        return shown == text ? body : Array(shown.utf8)
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int32 {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return 0
    }
}
