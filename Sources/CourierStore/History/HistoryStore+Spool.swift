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

extension HistoryStore {
    /// Folds the spool (`HistorySpool`) into the database in one transaction, then empties it.
    /// Every opening and every read does this first, so what `courier call` recorded is there
    /// for `courier history` and the screen. Holds the spool's exclusive lock throughout, so
    /// two processes never import the same frames (and the frame ids guard against a crash
    /// between the commit and the truncation).
    public func importSpool() throws(HistoryError) {
        let spool = HistorySpool.path(forDatabase: path)
        var status = stat()
        guard stat(spool, &status) == 0, status.st_size > 0 else { return }
        let descriptor = open(spool, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        flock(descriptor, LOCK_EX)
        defer { flock(descriptor, LOCK_UN) }
        guard let data = FileBytes.read(descriptor: descriptor, sizeHint: Int(status.st_size)), !data.isEmpty else {
            return
        }
        let entries = HistorySpool.entries(data)
        if !entries.isEmpty {
            try withDatabase(writing: true) { db in
                var dropped = false
                for entry in entries {
                    let (_, more) = try Self.insert(entry.record, settings: entry.settings, spoolID: entry.id, into: db)
                    dropped = dropped || more
                }
                // The size limit of the newest call's workspace.
                try Self.release(db, settings: entries.last?.settings ?? HistorySettings(), dropped: dropped)
            }
        }
        // What did not decode was cut short by a killed writer: it goes with the rest.
        ftruncate(descriptor, 0)
    }
}
