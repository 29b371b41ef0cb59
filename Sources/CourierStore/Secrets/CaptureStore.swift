import CourierCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
/// The values routes captured, per environment, kept between commands so that `courier call
/// auth.login` then `courier call account` works as it does in a run or on the screen. In
/// `$XDG_STATE_HOME/courier/captures/<workspace>-<hash>.json`, mode 0600 (a capture is usually
/// a token), each value with the route that captured it and when it expires. Changes are a
/// read-modify-write under `flock`, as the cookie jars'; an unreadable file counts as empty.
public struct CaptureStore: Sendable {
    /// One kept value.
    public struct Value: Sendable, Equatable {
        /// What was captured.
        public var value: String
        /// The route whose `capture` set it.
        public var route: String
        /// When it was captured and when it stops being used (seconds since 1970).
        public var captured: Double
        /// See `captured`.
        public var expires: Double
    }

    /// How long a value is kept when the response does not say (`expires_in`): 12 hours.
    public static let defaultLifetime = 12.0 * 3600

    /// The file.
    public let path: String

    /// The store for the workspace at `configPath`.
    public init(configPath: String, processEnvironment: [String: String]) {
        path = StateFolder.file("captures", configPath: configPath, processEnvironment: processEnvironment)
    }

    /// Every environment's values, expired ones left out.
    public func load(now: Double = Date().timeIntervalSince1970) -> [String: [String: Value]] {
        guard case .success(let bytes) = FileBytes.read(path) else { return [:] }
        return Self.decode(bytes).mapValues { $0.filter { $0.value.expires > now } }.filter { !$0.value.isEmpty }
    }

    /// `environment`'s values, by name.
    public func values(environment: String, now: Double = Date().timeIntervalSince1970) -> [String: String] {
        (load(now: now)[environment] ?? [:]).mapValues(\.value)
    }

    /// Keeps `values`, captured by `route` from a response to `environment`, for `lifetime` seconds.
    public func record(
        _ values: [String: String], route: String, environment: String, lifetime: Double,
        now: Double = Date().timeIntervalSince1970
    ) throws {
        guard !values.isEmpty else { return }
        try update(now: now) { all in
            for (name, value) in values {
                all[environment, default: [:]][name] = Value(
                    value: value, route: route, captured: now, expires: now + lifetime)
            }
        }
    }

    /// Forgets `environment`'s values, or every environment's when nil.
    public func clear(environment: String?) throws {
        try update(now: Date().timeIntervalSince1970) { all in
            if let environment { all[environment] = nil } else { all = [:] }
        }
    }

    private func update(now: Double, _ change: (inout [String: [String: Value]]) -> Void) throws {
        try PrivateFiles.exclusively(path) {
            var all = load(now: now)
            change(&all)
            try AtomicFile.write(Self.encode(all.filter { !$0.value.isEmpty }), to: path, isPrivate: true)
        }
    }

    // MARK: Format

    static func encode(_ all: [String: [String: Value]]) -> [UInt8] {
        let members = all.keys.sorted().map { environment in
            let values = all[environment] ?? [:]
            return JSONMember(
                environment,
                .object(
                    values.keys.sorted().map { name in
                        let kept = values[name] ?? Value(value: "", route: "", captured: 0, expires: 0)
                        return JSONMember(
                            name,
                            .object([
                                JSONMember("value", .string(kept.value)), JSONMember("route", .string(kept.route)),
                                JSONMember("captured", .number(String(kept.captured))),
                                JSONMember("expires", .number(String(kept.expires))),
                            ]))
                    }))
        }
        return Array((JSONValue.object(members).serialized + "\n").utf8)
    }

    static func decode(_ bytes: [UInt8]) -> [String: [String: Value]] {
        guard case .object(let environments)? = try? JSONValue.parse(bytes) else { return [:] }
        var all: [String: [String: Value]] = [:]
        for environment in environments {
            guard case .object(let names) = environment.value else { continue }
            for entry in names {
                guard case .string(let value)? = entry.value["value"],
                    case .number(let expires)? = entry.value["expires"], let expiry = Double(expires)
                else { continue }
                var route = ""
                if case .string(let text)? = entry.value["route"] { route = text }
                var captured = 0.0
                if case .number(let text)? = entry.value["captured"] { captured = Double(text) ?? 0 }
                all[environment.key, default: [:]][entry.key] = Value(
                    value: value, route: route, captured: captured, expires: expiry)
            }
        }
        return all
    }
}
