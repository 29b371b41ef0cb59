/// How long a test waits for an exchange with a server on loopback before it calls it hung.
///
/// Generous on purpose: under the thread sanitizer on two cores, with every suite running at
/// once, a loopback answer has taken more than 5 s (CI at 4dafabf). A hang still fails, only
/// later; tests of the timeout itself set their own short ones.
public enum Patience {
    /// Seconds for one request and its answer.
    public static let loopback: Double = 60
}
