/// One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1): a scheme and its
/// parameters. A header may hold several challenges, separated by commas like the
/// parameters themselves, which is why this parser reads token by token.
public struct AuthChallenge: Sendable, Equatable {
    /// The scheme, lower-cased (`digest`, `basic`, `bearer`).
    public var scheme: String
    /// Parameters by lower-cased name, quoted strings unquoted.
    public var parameters: [String: String]

    /// A challenge.
    public init(scheme: String, parameters: [String: String] = [:]) {
        self.scheme = scheme
        self.parameters = parameters
    }

    /// Every challenge in `values` (the header's values, in order). Malformed parts are
    /// skipped rather than failing the whole header: a server's odd `Basic` must not hide
    /// its good `Digest`.
    public static func parse(_ values: [String]) -> [AuthChallenge] {
        var challenges: [AuthChallenge] = []
        for value in values {
            var scanner = Scanner(Array(value.utf8))
            while !scanner.atEnd {
                scanner.skip { $0 == 0x20 || $0 == 0x09 || $0 == 0x2C }
                guard let scheme = scanner.token(), !scheme.isEmpty else {
                    scanner.skipPast(0x2C)
                    continue
                }
                var challenge = AuthChallenge(scheme: scheme.lowercased())
                // A token68 (Basic's, Negotiate's credentials) may follow the scheme instead of
                // parameters.
                scanner.skip { $0 == 0x20 || $0 == 0x09 }
                let beforeToken68 = scanner.position
                if !scanner.token68() { scanner.position = beforeToken68 }
                // Parameters follow until the next `token` that is not followed by `=`.
                while true {
                    let mark = scanner.position
                    scanner.skip { $0 == 0x20 || $0 == 0x09 || $0 == 0x2C }
                    guard let name = scanner.token(), !name.isEmpty else {
                        scanner.position = mark
                        break
                    }
                    scanner.skip { $0 == 0x20 || $0 == 0x09 }
                    guard scanner.take(0x3D) else {
                        // Not a parameter: the next scheme.
                        scanner.position = mark
                        break
                    }
                    scanner.skip { $0 == 0x20 || $0 == 0x09 }
                    let parameter = scanner.quoted() ?? scanner.token() ?? ""
                    challenge.parameters[name.lowercased()] = parameter
                }
                challenges.append(challenge)
            }
        }
        return challenges
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[position] }

        mutating func skip(while predicate: (UInt8) -> Bool) {
            while let byte = peek, predicate(byte) { position += 1 }
        }

        mutating func skipPast(_ byte: UInt8) {
            while let next = peek, next != byte { position += 1 }
            if !atEnd { position += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }

        /// RFC 9110 `token`.
        mutating func token() -> String? {
            let start = position
            skip(while: Self.isTokenByte)
            return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
        }

        /// Skips a whole `token68` (letters, digits, `-._~+/`, then `=` padding) when one stands
        /// here, ending the challenge (end, space or comma after it); `false` when not.
        mutating func token68() -> Bool {
            let start = position
            skip { byte in
                switch byte {
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E, 0x2B, 0x2F: return true
                default: return false
                }
            }
            guard position > start else { return false }
            skip { $0 == 0x3D }
            return atEnd || peek == 0x20 || peek == 0x09 || peek == 0x2C
        }

        /// A `quoted-string` with its backslash escapes undone; nil when not at a quote. An
        /// unclosed one ends at the end of the header.
        mutating func quoted() -> String? {
            guard take(0x22) else { return nil }
            var value: [UInt8] = []
            while let byte = peek {
                position += 1
                if byte == 0x22 { break }
                if byte == 0x5C, let escaped = peek {
                    position += 1
                    value.append(escaped)
                } else {
                    value.append(byte)
                }
            }
            return String(decoding: value, as: UTF8.self)
        }

        static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
            case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: return true
            default: return false
            }
        }
    }
}
