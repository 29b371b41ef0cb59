/// Calendar dates of UTC times without Foundation's calendar (Howard Hinnant's civil-from-days).
public enum CivilDate {
    /// Whole days from 1970-01-01 to `seconds` since 1970, rounded down (so -1 s is day -1).
    public static func days(_ seconds: Int64) -> Int64 {
        seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    }

    /// `YYYY-MM-DD` of day `days` since 1970-01-01.
    public static func text(days: Int64) -> String {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(year)-\(two(month))-\(two(day))"
    }

    /// `value` with a leading zero below 10.
    public static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : String(value) }
}

extension CivilDate {
    /// `HH:MM:SS` of `seconds` since 1970, UTC.
    public static func clock(_ seconds: Int64) -> String {
        let second = seconds - days(seconds) * 86_400
        return "\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))"
    }

    /// `Sat, 28 Nov 2026 15:32:11 GMT` (RFC 9110's IMF-fixdate) of `seconds` since 1970.
    public static func httpDate(_ seconds: Int64) -> String {
        let day = days(seconds)
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
        let weekday = weekdays[Int(((day % 7) + 7) % 7)]
        let parts = text(days: day).split(separator: "-")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = Int(parts[1]).map { months[$0 - 1] } ?? "Jan"
        return "\(weekday), \(parts[2]) \(month) \(parts[0]) \(clock(seconds)) GMT"
    }
}
