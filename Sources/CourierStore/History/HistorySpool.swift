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

/// Exchanges waiting to enter the database: a `courier call` appends its masked record here
/// (one `write`, no SQLite) and the next process that opens the database folds the file in
/// (`HistoryStore.importSpool`). Opening SQLite costs a single call more than the rest of its
/// recording; this file is how recording stays under a millisecond.
///
/// A frame is `[length u32][FNV-1a u32][payload]`, little-endian; the payload is a header
/// line (`{"id", "keep", "max_bytes"}`) and the record (`HistoryCoding.document`). Appenders
/// hold a shared `flock` while writing and the importer an exclusive one, so no frame is read
/// half-written; a frame cut short by a killed process fails its length or checksum and is
/// skipped.
public enum HistorySpool {
    /// Where the spool of the database at `databasePath` lives.
    public static func path(forDatabase databasePath: String) -> String {
        PathText.directory(databasePath) + "/history.spool"
    }

    /// Appends `record` with the limits to apply when it is imported; returns the spool's size.
    @discardableResult
    public static func append(_ record: HistoryRecord, settings: HistorySettings, to path: String)
        throws(HistoryError) -> Int
    {
        // 128 random bits name the frame (Foundation's UUID costs more on first use).
        var random = SystemRandomNumberGenerator()
        let id = HexText.number(random.next()) + HexText.number(random.next())
        let header = JSONValue.object([
            JSONMember("id", .string(id)), JSONMember("keep", .number(String(settings.keep))),
            JSONMember("max_bytes", .number(String(settings.maxBytes))),
        ])
        let payload = Array(header.serialized.utf8) + [10] + HistoryCoding.document(record)
        var frame = littleEndian(UInt32(truncatingIfNeeded: payload.count)) + littleEndian(checksum(payload))
        frame += payload
        // Never through a link planted in the state folder; an existing spool is tightened.
        var descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, PrivateFiles.fileMode)
        if descriptor < 0 && (errno == ENOENT || errno == ENOTDIR) {
            // The first record ever: make the folder.
            do {
                try StateFolder.prepare(PathText.directory(path))
            } catch {
                throw HistoryError(error.description)
            }
            descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, PrivateFiles.fileMode)
        }
        if descriptor < 0 && errno == ELOOP {
            throw HistoryError("\(path) is a symbolic link; Courier does not write its state through one")
        }
        guard descriptor >= 0 else { throw HistoryError("cannot write \(path) (\(String(cString: strerror(errno))))") }
        var status = stat()
        if fstat(descriptor, &status) == 0 && status.st_mode & 0o077 != 0 { fchmod(descriptor, PrivateFiles.fileMode) }
        defer { close(descriptor) }
        flock(descriptor, LOCK_SH)
        defer { flock(descriptor, LOCK_UN) }
        var written = 0
        while written < frame.count {
            let count = frame[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw HistoryError("cannot write \(path) (\(String(cString: strerror(errno))))") }
            written += count
        }
        return fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    }

    /// One imported frame: its id (so a frame imported twice is recorded once), the limits
    /// asked for and the record.
    struct Entry {
        var id: String
        var settings: HistorySettings
        var record: HistoryRecord
    }

    /// The whole frames in `bytes`, decoded, in order; damaged bytes are skipped.
    static func entries(_ bytes: [UInt8]) -> [Entry] {
        var entries: [Entry] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let length = Int(word(bytes, at: offset))
            let sum = word(bytes, at: offset + 4)
            let start = offset + 8
            // A frame torn by a killed writer may be followed by whole ones appended later:
            // step one byte and look for the next frame that checks out.
            guard length <= bytes.count - start, checksum(bytes[start..<(start + length)]) == sum else {
                offset += 1
                continue
            }
            let payload = Array(bytes[start..<(start + length)])
            offset = start + length
            guard let newline = payload.firstIndex(of: 10),
                let header = try? JSONValue.parse(Array(payload[..<newline])),
                case .string(let id)? = header["id"],
                let record = HistoryCoding.record(from: Array(payload[(newline + 1)...]))
            else { continue }
            var settings = HistorySettings()
            if case .number(let keep)? = header["keep"], let value = Int(keep) { settings.keep = value }
            if case .number(let limit)? = header["max_bytes"], let value = Int(limit) { settings.maxBytes = value }
            entries.append(Entry(id: id, settings: settings, record: record))
        }
        return entries
    }

    /// 32-bit FNV-1a: enough to tell a whole frame from a torn one.
    static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return hash
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
