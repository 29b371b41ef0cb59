import CourierCore

/// One `validate` call's walk: a step counter, compiled patterns, and the keywords.
struct SchemaEvaluator {
    let validator: JSONSchemaValidator
    var steps = 0
    var patterns: [String: LinearRegex?] = [:]

    init(validator: JSONSchemaValidator) { self.validator = validator }

    /// Where the walk is: the instance's path, the schema's pointer, the base URI, and the
    /// resources entered so far (outermost first), which `$dynamicRef` searches.
    struct Context {
        /// The instance's path (`SchemaPlace`).
        var instance: SchemaPlace?
        /// The schema's pointer where the walk started or a reference led, and the keywords
        /// descended through since.
        var origin: String
        var steps: SchemaPlace?
        var base: String
        var dynamic: [String]
        var depth: Int

        init(pointer: String, base: String, dynamic: [String], depth: Int) {
            origin = pointer
            self.base = base
            self.dynamic = dynamic
            self.depth = depth
        }

        /// The schema's JSON pointer.
        var pointer: String {
            SchemaPlace.steps(steps).reduce(origin) { $0 + "/" + SchemaURI.escape($1) }
        }

        /// The member names and item indexes from the instance's root.
        var instancePath: [String] { SchemaPlace.steps(instance) }

        func child(_ keyword: String, instance key: String? = nil) -> Context {
            var next = self
            next.steps = SchemaPlace(steps, keyword)
            if let key { next.instance = SchemaPlace(instance, key) }
            next.depth += 1
            return next
        }

        /// Where a reference leads: `pointer`, with nothing descended through yet.
        func jumping(to pointer: String) -> Context {
            var next = self
            next.origin = pointer
            next.steps = nil
            return next
        }
    }

    var dialect: SchemaDialect { validator.dialect }
    /// Whether outcomes keep the properties and items they evaluated (`JSONSchemaValidator`).
    var annotates: Bool { validator.annotates }

    func failure(_ keyword: String, _ message: String, _ context: Context) -> SchemaFailure {
        SchemaFailure(
            instancePath: context.instancePath, keyword: keyword, message: message, schemaPath: "#" + context.pointer)
    }

    mutating func evaluate(_ schema: JSONValue, _ instance: JSONValue, _ context: Context) -> SchemaOutcome {
        steps += 1
        var outcome = SchemaOutcome()
        guard steps <= JSONSchemaValidator.stepLimit, context.depth <= JSONSchemaValidator.depthLimit else {
            outcome.failures.append(
                failure(
                    "$ref",
                    steps > JSONSchemaValidator.stepLimit
                        ? "validation gave up after \(JSONSchemaValidator.stepLimit) steps"
                        : "schemas nest deeper than \(JSONSchemaValidator.depthLimit) (a reference loop?)", context))
            return outcome
        }
        switch schema {
        case .bool(true): return outcome
        case .bool(false):
            outcome.failures.append(failure("false", "is not allowed here", context))
            return outcome
        case .object: break
        default: return outcome
        }
        var context = context
        // The registry resolved every `$id` once, against the resource around it; resolving it
        // again here against a base it already set would nest it twice.
        if schema[dialect == .draft2020 ? "$id" : "id"] != nil, let resource = validator.registry.roots[context.pointer]
        {
            enter(resource, &context)
        }
        if case .string(let reference)? = schema["$ref"] {
            outcome.absorb(follow(reference, instance, context.child("$ref"), base: context.base, dynamic: false))
            // Before 2019-09 a `$ref` stands for the whole schema: its siblings are ignored.
            if dialect != .draft2020 { return outcome }
        }
        if dialect == .draft2020, case .string(let reference)? = schema["$dynamicRef"] {
            outcome.absorb(follow(reference, instance, context.child("$dynamicRef"), base: context.base, dynamic: true))
        }
        general(schema, instance, context, into: &outcome)
        applicators(schema, instance, context, into: &outcome)
        switch instance {
        case .object(let members): object(schema, members, context, into: &outcome)
        case .array(let items): array(schema, items, context, into: &outcome)
        default: break
        }
        return outcome
    }

    /// A new resource entered: the base URI changes and the dynamic scope grows.
    private func enter(_ resource: String, _ context: inout Context) {
        context.base = resource
        if context.dynamic.last != resource { context.dynamic.append(resource) }
    }

    /// `$ref` or `$dynamicRef`: the schema the reference names, evaluated in its own resource.
    mutating func follow(_ reference: String, _ instance: JSONValue, _ context: Context, base: String, dynamic: Bool)
        -> SchemaOutcome
    {
        guard
            let (target, resource) = validator.target(
                of: reference, base: base, dynamic: dynamic, scope: context.dynamic),
            let schema = validator.node(at: target)
        else {
            var outcome = SchemaOutcome()
            outcome.failures.append(failure(dynamic ? "$dynamicRef" : "$ref", "cannot resolve \(reference)", context))
            return outcome
        }
        var next = context.jumping(to: target)
        next.base = resource
        if next.dynamic.last != resource { next.dynamic.append(resource) }
        return evaluate(schema, instance, next)
    }

    /// `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`.
    private mutating func applicators(
        _ schema: JSONValue, _ instance: JSONValue, _ context: Context, into outcome: inout SchemaOutcome
    ) {
        if case .array(let schemas)? = schema["allOf"] {
            for (index, sub) in schemas.enumerated() {
                outcome.absorb(evaluate(sub, instance, context.child("allOf").child(String(index))))
            }
        }
        if case .array(let schemas)? = schema["anyOf"] {
            var passed = false
            for (index, sub) in schemas.enumerated() {
                let result = evaluate(sub, instance, context.child("anyOf").child(String(index)))
                if result.valid {
                    passed = true
                    outcome.annotate(result)
                }
            }
            if !passed {
                outcome.failures.append(
                    failure(
                        "anyOf", "\(instance.brief(limit: 80)) matches none of the \(schemas.count) schemas of anyOf",
                        context))
            }
        }
        if case .array(let schemas)? = schema["oneOf"] {
            var passing: [Int] = []
            for (index, sub) in schemas.enumerated() {
                let result = evaluate(sub, instance, context.child("oneOf").child(String(index)))
                if result.valid {
                    passing.append(index)
                    if passing.count == 1 { outcome.annotate(result) }
                }
            }
            if passing.count != 1 {
                let what =
                    passing.isEmpty ? "none" : "\(passing.count) (\(passing.map(String.init).joined(separator: ", ")))"
                outcome.failures.append(
                    failure(
                        "oneOf", "\(instance.brief(limit: 80)) matches \(what) of the schemas of oneOf, not one",
                        context))
            }
        }
        if let sub = schema["not"], evaluate(sub, instance, context.child("not")).valid {
            outcome.failures.append(failure("not", "\(instance.brief(limit: 80)) matches the schema of not", context))
        }
        if dialect == .draft2020, let condition = schema["if"] {
            let result = evaluate(condition, instance, context.child("if"))
            if result.valid {
                outcome.annotate(result)
                if let then = schema["then"] { outcome.absorb(evaluate(then, instance, context.child("then"))) }
            } else if let otherwise = schema["else"] {
                outcome.absorb(evaluate(otherwise, instance, context.child("else")))
            }
        }
    }
}
