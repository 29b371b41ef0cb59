/// Times as reports and screens print them, without Foundation's formatters.
public enum Seconds {
    /// Whole milliseconds, rounded: `0.0125` → `13`.
    public static func milliseconds(_ seconds: Double) -> Int {
        Int((seconds * 1000).rounded())
    }

    /// `value` with exactly `places` decimals: `fixed(1.5, places: 3)` → `1.500`.
    public static func fixed(_ value: Double, places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * Double(scale)).rounded())
        guard places > 0 else { return String(scaled) }
        let fraction = String(abs(scaled) % scale)
        let sign = scaled < 0 ? "-" : ""
        return "\(sign)\(abs(scaled) / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// `value` with at most one decimal and none when it is whole: `95` → `95`, `99.9` → `99.9`,
    /// `12.345` → `12.3`.
    public static func compact(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : fixed(value, places: 1)
    }
}
