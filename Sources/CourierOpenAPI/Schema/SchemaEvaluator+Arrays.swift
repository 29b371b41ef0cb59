import CourierCore

/// The array keywords.
extension SchemaEvaluator {
    /// `prefixItems`/`items` (or draft 4's `items` and `additionalItems`), `contains`, sizes,
    /// `uniqueItems`, then `unevaluatedItems`.
    mutating func array(
        _ schema: JSONValue, _ items: [JSONValue], _ context: Context, into outcome: inout SchemaOutcome
    ) {
        var applied = 0
        if dialect == .draft2020 {
            if case .array(let prefix)? = schema["prefixItems"] {
                for (index, sub) in prefix.enumerated() where index < items.count {
                    let result = evaluate(
                        sub, items[index], context.child("prefixItems").child(String(index), instance: String(index)))
                    outcome.failures += result.failures
                    if annotates { outcome.items.insert(index) }
                }
                applied = min(prefix.count, items.count)
            }
            if let sub = schema["items"] {
                each(sub, items, from: applied, keyword: "items", context, into: &outcome)
            }
        } else if case .array(let tuple)? = schema["items"] {
            for (index, sub) in tuple.enumerated() where index < items.count {
                let result = evaluate(
                    sub, items[index], context.child("items").child(String(index), instance: String(index)))
                outcome.failures += result.failures
                if annotates { outcome.items.insert(index) }
            }
            if let sub = schema["additionalItems"] {
                each(
                    sub, items, from: min(tuple.count, items.count), keyword: "additionalItems", context, into: &outcome
                )
            }
        } else if let sub = schema["items"] {
            each(sub, items, from: 0, keyword: "items", context, into: &outcome)
        }
        if dialect == .draft2020, let sub = schema["contains"] {
            var found: [Int] = []
            for (index, item) in items.enumerated()
            where evaluate(sub, item, context.child("contains").with(String(index))).valid {
                found.append(index)
            }
            outcome.items.formUnion(found)
            let least = schema["minContains"]?.number ?? 1
            if Double(found.count) < least {
                outcome.failures.append(
                    failure(
                        schema["minContains"] == nil ? "contains" : "minContains",
                        found.isEmpty && least == 1
                            ? "no item matches the schema of contains"
                            : "\(found.count) items match the schema of contains, fewer than \(Self.format(least))",
                        context))
            }
            if let most = schema["maxContains"]?.number, Double(found.count) > most {
                outcome.failures.append(
                    failure(
                        "maxContains",
                        "\(found.count) items match the schema of contains, more than \(Self.format(most))", context))
            }
        }
        size(items.count, "items", maximum: "maxItems", minimum: "minItems", schema, context, into: &outcome)
        if schema["uniqueItems"] == .bool(true), let (first, second) = Self.repeated(items) {
            outcome.failures.append(
                failure(
                    "uniqueItems", "items \(first) and \(second) are equal (\(items[first].brief(limit: 60)))", context)
            )
        }
        if dialect == .draft2020, let sub = schema["unevaluatedItems"], !outcome.allItems {
            for index in items.indices where !outcome.items.contains(index) {
                let result = evaluate(sub, items[index], context.child("unevaluatedItems").with(String(index)))
                outcome.failures += result.failures
            }
            outcome.allItems = true
        }
    }

    /// `sub` applied to every item from `start`; annotates them all.
    private mutating func each(
        _ sub: JSONValue, _ items: [JSONValue], from start: Int, keyword: String, _ context: Context,
        into outcome: inout SchemaOutcome
    ) {
        guard start < items.count else { return }
        for index in start..<items.count {
            let result = evaluate(sub, items[index], context.child(keyword).with(String(index)))
            outcome.failures += result.failures
        }
        outcome.allItems = true
    }

    /// The first two equal items, by value.
    static func repeated(_ items: [JSONValue]) -> (Int, Int)? {
        guard items.count > 1 else { return nil }
        for second in 1..<items.count {
            for first in 0..<second where equal(items[first], items[second]) { return (first, second) }
        }
        return nil
    }
}
