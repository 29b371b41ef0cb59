/// Numbers as JSON writes them, for `multipleOf` (`0.0075` is a multiple of `0.0001`, which
/// binary floating point gets wrong) and integers too large for a `Double`'s fraction.
enum SchemaNumber {
    /// `value` is an integer multiple of `divisor`: exactly in decimal when both fit 18 digits,
    /// else in floating point (where an infinite quotient is no multiple).
    static func isMultiple(_ value: String, of divisor: String) -> Bool {
        if let a = decimal(value), let b = decimal(divisor), b.digits != 0 {
            let exponent = min(a.exponent, b.exponent)
            if let x = scaled(a.digits, by: a.exponent - exponent), let y = scaled(b.digits, by: b.exponent - exponent)
            {
                return x % y == 0
            }
        }
        guard let x = Double(value), let y = Double(divisor), y != 0 else { return false }
        let quotient = x / y
        return quotient.isFinite && quotient.rounded() == quotient
    }

    /// A literal's decimal digits and exponent (`-1.25e3` → `-125`, `1`); nil past 18 digits.
    static func decimal(_ literal: String) -> (digits: Int64, exponent: Int)? {
        var digits: Int64 = 0
        var exponent = 0
        var count = 0
        var negative = false
        var fraction = false
        var index = literal.unicodeScalars.startIndex
        let scalars = literal.unicodeScalars
        if scalars.first == "-" {
            negative = true
            index = scalars.index(after: index)
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "." {
                fraction = true
            } else if scalar == "e" || scalar == "E" {
                guard let power = Int(String(scalars[scalars.index(after: index)...])) else { return nil }
                exponent += power
                break
            } else if ("0"..."9").contains(scalar) {
                let digit = Int64(scalar.value - 48)
                if digits == 0 && digit == 0 {
                    if fraction { exponent -= 1 }
                } else {
                    count += 1
                    guard count <= 18 else { return nil }
                    digits = digits * 10 + digit
                    if fraction { exponent -= 1 }
                }
            } else {
                return nil
            }
            index = scalars.index(after: index)
        }
        return (negative ? -digits : digits, exponent)
    }

    private static func scaled(_ digits: Int64, by power: Int) -> Int64? {
        guard power >= 0, power <= 18 else { return nil }
        var result = digits
        for _ in 0..<power {
            let (next, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = next
        }
        return result
    }

    /// An integer literal with no fraction (for one too large for a `Double`).
    static func isIntegerLiteral(_ literal: String) -> Bool {
        !literal.contains(".") && !literal.contains("e") && !literal.contains("E")
    }
}
