/// What evaluating one schema found: its failures, and the annotations `unevaluatedProperties`
/// and `unevaluatedItems` read (which properties and items a passing subschema looked at).
struct SchemaOutcome {
    var failures: [SchemaFailure] = []
    var properties: Set<String> = []
    var items: Set<Int> = []
    var allItems = false

    var valid: Bool { failures.isEmpty }

    /// Takes `other`'s annotations (only a passing subschema's count).
    mutating func annotate(_ other: SchemaOutcome) {
        properties.formUnion(other.properties)
        items.formUnion(other.items)
        allItems = allItems || other.allItems
    }

    /// Takes `other`'s failures, and its annotations when it passed.
    mutating func absorb(_ other: SchemaOutcome) {
        failures += other.failures
        if other.valid { annotate(other) }
    }
}
