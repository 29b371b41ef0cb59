import CourierCore

/// The assertions: type, enum and const, numbers, strings, objects and arrays.
extension SchemaEvaluator {
    /// `type`, `enum`, `const`, and the number and string keywords.
    mutating func general(
        _ schema: JSONValue, _ instance: JSONValue, _ context: Context, into outcome: inout SchemaOutcome
    ) {
        // Made only for a failure: most values pass, and showing one costs more than checking it.
        let shown = { instance.brief(limit: 80) }
        let nullable = dialect == .openAPI30 && schema["nullable"] == .bool(true) && instance == .null
        if let type = schema["type"], !nullable {
            let names: [String]
            switch type {
            case .string(let name): names = [name]
            case .array(let items): names = items.compactMap { if case .string(let name) = $0 { name } else { nil } }
            default: names = []
            }
            if !names.isEmpty, !names.contains(where: { Self.matches(instance, type: $0) }) {
                outcome.failures.append(
                    failure("type", "\(shown()) is not of type \(names.joined(separator: " or "))", context))
            }
        }
        if case .array(let allowed)? = schema["enum"], !allowed.contains(where: { Self.equal($0, instance) }),
            !nullable
        {
            outcome.failures.append(
                failure("enum", "\(shown()) is not one of \(JSONValue.array(allowed).brief(limit: 120))", context))
        }
        if dialect == .draft2020, let constant = schema["const"], !Self.equal(constant, instance) {
            outcome.failures.append(failure("const", "\(shown()) is not \(constant.brief(limit: 80))", context))
        }
        if case .number(let literal) = instance { number(schema, literal, shown, context, into: &outcome) }
        if case .string(let text) = instance { string(schema, text, shown, context, into: &outcome) }
    }

    /// JSON Schema's equality: numbers by value (`1.0` is `1`), strings by code points (not by
    /// Swift's canonical equivalence), objects regardless of member order.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.number, .number): return a.sameValue(as: b)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { member in
                y.contains {
                    $0.key.unicodeScalars.elementsEqual(member.key.unicodeScalars) && equal($0.value, member.value)
                }
            }
        default: return a == b
        }
    }

    static func matches(_ instance: JSONValue, type: String) -> Bool {
        switch (type, instance) {
        case ("null", .null), ("boolean", .bool), ("object", .object), ("array", .array), ("string", .string),
            ("number", .number):
            return true
        case ("integer", .number(let literal)):
            guard let value = Double(literal), value.isFinite else { return SchemaNumber.isIntegerLiteral(literal) }
            return value.rounded() == value
        default:
            return false
        }
    }

    private func number(
        _ schema: JSONValue, _ literal: String, _ shown: () -> String, _ context: Context,
        into outcome: inout SchemaOutcome
    ) {
        guard let value = Double(literal) else { return }
        let legacy = dialect != .draft2020
        if let maximum = schema["maximum"]?.number {
            let exclusive = legacy && schema["exclusiveMaximum"] == .bool(true)
            if exclusive ? value >= maximum : value > maximum {
                outcome.failures.append(
                    failure(
                        exclusive ? "exclusiveMaximum" : "maximum",
                        "\(shown()) is \(exclusive ? "not less than" : "more than the maximum") \(Self.format(maximum))",
                        context))
            }
        }
        if let minimum = schema["minimum"]?.number {
            let exclusive = legacy && schema["exclusiveMinimum"] == .bool(true)
            if exclusive ? value <= minimum : value < minimum {
                outcome.failures.append(
                    failure(
                        exclusive ? "exclusiveMinimum" : "minimum",
                        "\(shown()) is \(exclusive ? "not more than" : "less than the minimum") \(Self.format(minimum))",
                        context))
            }
        }
        if !legacy, let maximum = schema["exclusiveMaximum"]?.number, value >= maximum {
            outcome.failures.append(
                failure("exclusiveMaximum", "\(shown()) is not less than \(Self.format(maximum))", context))
        }
        if !legacy, let minimum = schema["exclusiveMinimum"]?.number, value <= minimum {
            outcome.failures.append(
                failure("exclusiveMinimum", "\(shown()) is not more than \(Self.format(minimum))", context))
        }
        if case .number(let divisor)? = schema["multipleOf"], !SchemaNumber.isMultiple(literal, of: divisor) {
            outcome.failures.append(failure("multipleOf", "\(shown()) is not a multiple of \(divisor)", context))
        }
    }

    static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private mutating func string(
        _ schema: JSONValue, _ text: String, _ shown: () -> String, _ context: Context,
        into outcome: inout SchemaOutcome
    ) {
        // Lengths count code points (RFC 8259's characters), not grapheme clusters.
        let length = text.unicodeScalars.count
        if let limit = schema["maxLength"]?.number, Double(length) > limit {
            outcome.failures.append(
                failure("maxLength", "\(shown()) is longer than \(Self.format(limit)) characters", context))
        }
        if let limit = schema["minLength"]?.number, Double(length) < limit {
            outcome.failures.append(
                failure("minLength", "\(shown()) is shorter than \(Self.format(limit)) characters", context))
        }
        if case .string(let pattern)? = schema["pattern"] {
            switch search(pattern, text) {
            case false?:
                outcome.failures.append(
                    failure("pattern", "\(shown()) does not match \(JSONValue.string(pattern).brief())", context))
            case nil:
                outcome.failures.append(
                    failure("pattern", "the pattern \(JSONValue.string(pattern).brief()) cannot be read", context))
            case true?: break
            }
        }
    }

    /// Whether `pattern` (ECMA-262, as far as `LinearRegex` reads it) is found in `text`; nil
    /// when the pattern cannot be compiled or the search is too expensive.
    mutating func search(_ pattern: String, _ text: String) -> Bool? {
        if patterns[pattern] == nil { patterns[pattern] = .some(try? LinearRegex(pattern)) }
        guard let compiled = patterns[pattern] ?? nil else { return nil }
        switch compiled.isMatch(in: text) {
        case .success(let found): return found
        case .failure: return nil
        }
    }

    /// The object keywords: `properties`, `patternProperties`, `additionalProperties`,
    /// `required`, sizes, `propertyNames`, dependencies, then `unevaluatedProperties`.
    mutating func object(
        _ schema: JSONValue, _ members: [JSONMember], _ context: Context, into outcome: inout SchemaOutcome
    ) {
        let properties = schema["properties"]
        let patterns: [JSONMember]
        if case .object(let entries)? = schema["patternProperties"] { patterns = entries } else { patterns = [] }
        // A key given twice counts once, as its first.
        let distinct = Self.firstOfEachKey(members)
        for member in distinct {
            var covered = false
            if let sub = properties?[member.key] {
                covered = true
                let result = evaluate(
                    sub, member.value, context.child("properties").child(member.key, instance: member.key))
                outcome.failures += result.failures
                if annotates { outcome.properties.insert(member.key) }
            }
            for entry in patterns where search(entry.key, member.key) == true {
                covered = true
                let result = evaluate(
                    entry.value, member.value, context.child("patternProperties").child(entry.key, instance: member.key)
                )
                outcome.failures += result.failures
                if annotates { outcome.properties.insert(member.key) }
            }
            if !covered, let sub = schema["additionalProperties"] {
                let result = evaluate(sub, member.value, context.child("additionalProperties").with(member.key))
                outcome.failures += result.failures
                if annotates { outcome.properties.insert(member.key) }
            }
        }
        if case .array(let required)? = schema["required"] {
            // A set only for a large object: hashing each name cost more than comparing a few.
            let names = distinct.count > 16 ? Set(distinct.map(\.key)) : nil
            for case .string(let name) in required
            where !(names?.contains(name) ?? distinct.contains(where: { $0.key == name })) {
                outcome.failures.append(failure("required", "property \"\(name)\" is required", context))
            }
        }
        size(
            distinct.count, "properties", maximum: "maxProperties", minimum: "minProperties", schema, context,
            into: &outcome)
        if dialect == .draft2020, let names = schema["propertyNames"] {
            for name in distinct.map(\.key).sorted() {
                let result = evaluate(names, .string(name), context.child("propertyNames").with(name))
                outcome.failures += result.failures
            }
        }
        if schema["dependencies"] != nil || schema["dependentRequired"] != nil || schema["dependentSchemas"] != nil {
            dependencies(schema, Set(distinct.map(\.key)), members, context, into: &outcome)
        }
        if dialect == .draft2020, let sub = schema["unevaluatedProperties"] {
            for member in members where !outcome.properties.contains(member.key) {
                let result = evaluate(sub, member.value, context.child("unevaluatedProperties").with(member.key))
                outcome.failures += result.failures
            }
            for member in members { outcome.properties.insert(member.key) }
        }
    }

    /// `members` without a key that came before; the same array when no key repeats (JSON
    /// objects nearly always), found without hashing when there are few.
    static func firstOfEachKey(_ members: [JSONMember]) -> [JSONMember] {
        if members.count <= 16 {
            var repeated = false
            for index in members.indices.dropFirst() where !repeated {
                repeated = members[..<index].contains { $0.key == members[index].key }
            }
            if !repeated { return members }
        }
        var seen = Set<String>(minimumCapacity: members.count)
        return members.filter { seen.insert($0.key).inserted }
    }

    /// `maxItems`/`minItems` or `maxProperties`/`minProperties`: `count` of `noun` held to them.
    func size(
        _ count: Int, _ noun: String, maximum: String, minimum: String, _ schema: JSONValue, _ context: Context,
        into outcome: inout SchemaOutcome
    ) {
        if let limit = schema[maximum]?.number, Double(count) > limit {
            outcome.failures.append(
                failure(maximum, "has \(count) \(noun), more than \(Self.format(limit))", context))
        }
        if let limit = schema[minimum]?.number, Double(count) < limit {
            outcome.failures.append(
                failure(minimum, "has \(count) \(noun), fewer than \(Self.format(limit))", context))
        }
    }

    private mutating func dependencies(
        _ schema: JSONValue, _ present: Set<String>, _ members: [JSONMember], _ context: Context,
        into outcome: inout SchemaOutcome
    ) {
        var required: [(String, JSONValue, String)] = []
        var schemas: [(String, JSONValue, String)] = []
        if dialect == .draft2020 {
            if case .object(let entries)? = schema["dependentRequired"] {
                required += entries.map { ($0.key, $0.value, "dependentRequired") }
            }
            if case .object(let entries)? = schema["dependentSchemas"] {
                schemas += entries.map { ($0.key, $0.value, "dependentSchemas") }
            }
        } else if case .object(let entries)? = schema["dependencies"] {
            for entry in entries {
                if case .array = entry.value {
                    required.append((entry.key, entry.value, "dependencies"))
                } else {
                    schemas.append((entry.key, entry.value, "dependencies"))
                }
            }
        }
        for (name, names, keyword) in required where present.contains(name) {
            guard case .array(let list) = names else { continue }
            for case .string(let needed) in list where !present.contains(needed) {
                outcome.failures.append(
                    failure(keyword, "property \"\(needed)\" is required when \"\(name)\" is present", context))
            }
        }
        for (name, sub, keyword) in schemas where present.contains(name) {
            outcome.absorb(evaluate(sub, .object(members), context.child(keyword).child(name)))
        }
    }
}

extension SchemaEvaluator.Context {
    /// The context of a subschema applied to the member or item `key` (the schema's pointer
    /// does not grow: `additionalProperties` is one schema for every key).
    func with(_ key: String) -> Self {
        var next = self
        next.instance = SchemaPlace(instance, key)
        return next
    }
}
