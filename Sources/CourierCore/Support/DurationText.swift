/// Durations as a user types them on the command line: `90s`, `1m30s`, `500ms`, `2h`, or a
/// bare number of seconds (`1.5`).
public enum DurationText {
    /// Seconds `text` stands for; nil when it is not a duration, is negative, or is over a day
    /// (no wait of Courier's is longer, and a typo such as `90h` should not hang a run).
    public static func seconds(_ text: String) -> Double? {
        var rest = Substring(text.trimmingWhitespace())
        guard !rest.isEmpty else { return nil }
        if let plain = Double(rest) { return plain >= 0 && plain <= 86_400 ? plain : nil }
        var total = 0.0
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !number.isEmpty, let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { $0.isASCII && $0.isLetter }
            rest = rest.dropFirst(unit.count)
            switch unit {
            case "ms": total += value / 1000
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            default: return nil
            }
        }
        return total <= 86_400 ? total : nil
    }
}
