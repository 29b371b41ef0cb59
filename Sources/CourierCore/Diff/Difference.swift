/// One place where two exchanges differ: `json address.city: "Madrid" | "Paris"`.
public struct Difference: Sendable, Equatable, CustomStringConvertible {
    /// Where: `status`, `header Content-Type`, `json items.3`, `body`.
    public var place: String
    /// The first exchange's value as shown (`(missing)` when absent).
    public var left: String
    /// The second exchange's value as shown.
    public var right: String

    /// The two values differ only where a secret is, so masked they read the same: said once.
    public var secretDiffers = false

    /// A difference.
    public init(place: String, left: String, right: String) {
        self.place = place
        self.left = left
        self.right = right
    }

    /// Shown for a value one side does not have.
    public static let missing = "(missing)"

    /// `place: left | right`, the line `courier diff` prints (`place: "••••••" (secret
    /// differs)` when masking made the two alike).
    public var description: String {
        secretDiffers ? "\(place): \(left) (secret differs)" : "\(place): \(left) | \(right)"
    }

    /// The difference with `mask` applied to each part. Two values the mask makes alike were
    /// different secrets: one line says so, instead of `"••••••" | "••••••"`.
    public func masked(_ mask: (String) -> String) -> Difference {
        var shown = Difference(place: mask(place), left: mask(left), right: mask(right))
        shown.secretDiffers = secretDiffers || (shown.left == shown.right && left != right)
        return shown
    }
}
