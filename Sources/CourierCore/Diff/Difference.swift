/// One place where two exchanges differ: `json address.city: "Madrid" | "Paris"`.
public struct Difference: Sendable, Equatable, CustomStringConvertible {
    /// Where: `status`, `header Content-Type`, `json items.3`, `body`.
    public var place: String
    /// The first exchange's value as shown (`(missing)` when absent).
    public var left: String
    /// The second exchange's value as shown.
    public var right: String

    /// A difference.
    public init(place: String, left: String, right: String) {
        self.place = place
        self.left = left
        self.right = right
    }

    /// Shown for a value one side does not have.
    public static let missing = "(missing)"

    /// `place: left | right`, the line `courier diff` prints.
    public var description: String { "\(place): \(left) | \(right)" }
}
