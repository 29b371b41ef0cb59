/// Making a function's value for one send.
extension TemplateFunction {
    /// The value of this placeholder at `place` (the field and which of its placeholders), with
    /// quoted arguments rendered by `render`. Made values come from `context`'s draw; values from
    /// outside come from its answers, then its source, else `RequestError.needsValue`.
    func value(
        in context: TemplateContext, at place: String, render: (String) throws(RequestError) -> String
    ) throws(RequestError) -> String {
        if let problem { throw .badFunction(source, reason: problem) }
        var texts: [String] = []
        for argument in arguments {
            switch argument {
            case .bare(let word): texts.append(word)
            case .quoted(let text): texts.append(try render(text))
            }
        }
        let draw = context.draw ?? .fresh()
        switch name {
        case "uuid":
            return Self.uuid(draw.bytes(16, at: place), version: 4)
        case "uuid7":
            var bytes = draw.bytes(16, at: place)
            let milliseconds = UInt64(exactly: (max(0, draw.time) * 1000).rounded(.down)) ?? 0
            for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> UInt64(40 - 8 * index)) }
            return Self.uuid(bytes, version: 7)
        case "now":
            return try now(texts, time: draw.time)
        case "random.int":
            let low = texts.first.map { Int64($0) } ?? 0
            let high = texts.count > 1 ? Int64(texts[1]) : 1000
            guard let low, let high else { throw .badFunction(source, reason: "$random.int takes whole numbers") }
            guard low <= high else {
                throw .badFunction(source, reason: "the low number \(low) is above the high \(high)")
            }
            return String(draw.integer(in: low...high, at: place))
        case "random.hex":
            let digits = texts.first.map { Int($0) } ?? 16
            guard let digits, (1...Self.maxHexDigits).contains(digits) else {
                throw .badFunction(source, reason: "$random.hex takes 1 to \(Self.maxHexDigits) digits")
            }
            return String(HexText.lowercase(draw.bytes((digits + 1) / 2, at: place)).prefix(digits))
        case "base64":
            return Base64.encode(Array(texts[0].utf8))
        case "file":
            return try outside(.file(texts[0]), in: context)
        case "prompt":
            return try outside(.prompt(texts[0]), in: context)
        case "prompt.secret":
            return try outside(.secretPrompt(texts[0]), in: context)
        default:  // "command": `check` admitted no other name
            return try outside(.command(texts[0]), in: context)
        }
    }

    private func outside(_ need: SendNeed, in context: TemplateContext) throws(RequestError) -> String {
        try context.outsideValue(need)
    }

    /// `bytes` as a UUID of `version` (RFC 9562's version and variant bits set), lowercase.
    static func uuid(_ bytes: [UInt8], version: UInt8) -> String {
        var bytes = bytes
        bytes[6] = bytes[6] & 0x0F | version << 4
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = Array(HexText.lowercase(bytes).utf8)
        var out: [UInt8] = []
        for (index, digit) in hex.enumerated() {
            if [8, 12, 16, 20].contains(index) { out.append(UInt8(ascii: "-")) }
            out.append(digit)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `$now [OFFSET] [FORMAT]`, in either order: `+1h`, `-30m`, `+2d`, `+10s`; `iso8601`
    /// (the default, UTC to the second), `unix`, `unix_ms`, `http` (RFC 9110's date), `date`.
    private func now(_ texts: [String], time: Double) throws(RequestError) -> String {
        var seconds = time
        var format = "iso8601"
        for text in texts {
            if let offset = Self.offset(text) {
                seconds += offset
            } else if ["iso8601", "unix", "unix_ms", "http", "date"].contains(text) {
                format = text
            } else {
                throw .badFunction(
                    source,
                    reason: "'\(text)' is neither an offset (+1h, -30m, +2d, +10s) nor a format"
                        + " (iso8601, unix, unix_ms, http, date)")
            }
        }
        let whole = Int64(exactly: seconds.rounded(.down)) ?? 0
        switch format {
        case "unix": return String(whole)
        case "unix_ms": return String(Int64(exactly: (seconds * 1000).rounded(.down)) ?? 0)
        case "date": return CivilDate.text(days: CivilDate.days(whole))
        case "http": return CivilDate.httpDate(whole)
        default: return CivilDate.text(days: CivilDate.days(whole)) + "T" + CivilDate.clock(whole) + "Z"
        }
    }

    /// `+1h` as 3600 seconds; nil when `text` is not an offset.
    private static func offset(_ text: String) -> Double? {
        guard let sign = text.first, sign == "+" || sign == "-", let unit = text.last,
            let count = Int64(text.dropFirst().dropLast()), count <= 100_000_000
        else { return nil }
        let scale: Int64
        switch unit {
        case "s": scale = 1
        case "m": scale = 60
        case "h": scale = 3600
        case "d": scale = 86_400
        default: return nil
        }
        return Double(sign == "-" ? -count * scale : count * scale)
    }
}
