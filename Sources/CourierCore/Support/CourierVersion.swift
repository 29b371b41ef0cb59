/// The version of Courier, which the command line prints and every request names.
public enum CourierVersion {
    /// `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
    /// The `User-Agent` sent unless the workspace or the user sets one (some APIs, GitHub's
    /// among them, refuse a request without one).
    public static let userAgent = "courier/" + current
}
