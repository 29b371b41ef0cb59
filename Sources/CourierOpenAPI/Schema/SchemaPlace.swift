/// A path through a schema or an instance, grown one step at a time as the validator descends
/// and spelled out only when a failure names it: a step is one small object, where building
/// each place's string on the way down was a fifth of what validating a valid body cost.
final class SchemaPlace: Sendable {
    let parent: SchemaPlace?
    let step: String

    init(_ parent: SchemaPlace?, _ step: String) {
        self.parent = parent
        self.step = step
    }

    /// The steps from the root to `place`.
    static func steps(_ place: SchemaPlace?) -> [String] {
        var steps: [String] = []
        var current = place
        while let node = current {
            steps.append(node.step)
            current = node.parent
        }
        return steps.reversed()
    }
}
