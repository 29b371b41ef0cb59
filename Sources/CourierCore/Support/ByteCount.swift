/// Human-readable byte counts: `512 B`, `1.2 KB`, `22.0 MB` (1 KB = 1024 B).
public enum ByteCount {
    /// Formats `bytes` with one decimal above 1 KB.
    public static func format(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
