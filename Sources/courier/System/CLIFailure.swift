import CourierCore

/// An error message and the exit code it maps to.
struct CLIFailure: Error {
    var message: String
    var code: Int32
    /// Print without the `courier: ` prefix (for messages whose format is specified exactly).
    var plain = false

    init(_ message: String, code: Int32 = 1, plain: Bool = false) {
        self.message = message
        self.code = code
        self.plain = plain
    }

    /// Exit codes of HTTPie's `--check-status`: 2 timeout, 6 too many redirects, 1 otherwise.
    init(_ error: TransportError) {
        switch error {
        case .timeout: self.init(error.description, code: 2)
        case .tooManyRedirects: self.init(error.description, code: 6)
        default: self.init(error.description, code: 1)
        }
    }

    /// The exit code for a response status: 0 for 2xx, 3 for an unfollowed 3xx, 4, 5.
    static func exitCode(forStatus status: Int) -> Int32 {
        switch status {
        case 300..<400: return 3
        case 400..<500: return 4
        case 500..<600: return 5
        default: return 0
        }
    }
}
