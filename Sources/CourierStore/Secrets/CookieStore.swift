import CourierCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The cookie jars of one workspace, one per environment, in
/// `$XDG_STATE_HOME/courier/cookies/<workspace>-<hash>.json` (mode 0600: the values are
/// credentials). Every change is a read-modify-write under an exclusive `flock`, so the
/// screen and a `courier call` in another terminal never lose each other's cookies, and the
/// file is replaced atomically. An unreadable file counts as empty (and is replaced).
public struct CookieStore: Sendable {
    /// The jar file.
    public let path: String

    /// The store for the workspace at `configPath`.
    public init(configPath: String, processEnvironment: [String: String]) {
        path = StateFolder.file("cookies", configPath: configPath, processEnvironment: processEnvironment)
    }

    /// Every environment's jar, expired cookies dropped.
    public func load(now: Double = Date().timeIntervalSince1970) -> [String: CookieJar] {
        guard case .success(let bytes) = FileBytes.read(path) else { return [:] }
        var jars = Self.decode(bytes)
        for name in jars.keys { jars[name]?.removeExpired(now: now) }
        return jars.filter { !$0.value.cookies.isEmpty }
    }

    /// One environment's jar.
    public func jar(environment: String, now: Double = Date().timeIntervalSince1970) -> CookieJar {
        load(now: now)[environment] ?? CookieJar()
    }

    /// The file's identity as last written: its inode, size and modification time. Every write
    /// replaces the file (a new inode), so an equal signature means the same contents.
    public struct Signature: Equatable, Sendable {
        let values: [Int]
    }

    /// The file's signature now; nil when there is no file.
    public func signature() -> Signature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Signature(values: [
            Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
        ])
    }

    /// Applies `change` to the jars as they are on disk now, and writes the result.
    public func update(_ change: (inout [String: CookieJar]) -> Void) throws {
        try PrivateFiles.exclusively(path) {
            var jars = load()
            change(&jars)
            jars = jars.filter { !$0.value.cookies.isEmpty }
            try AtomicFile.write(Self.encode(jars), to: path, isPrivate: true)
        }
    }

    /// Takes `received` into `environment`'s jar as it is on disk now, by the rule the engine
    /// took them with (`isPublicSuffix`: the Public Suffix List), so a domain it kept host-only
    /// stays so.
    public func record(
        _ received: [ReceivedCookie], environment: String,
        isPublicSuffix: @escaping (String) -> Bool = CookieJar.oneLabel
    ) throws {
        guard !received.isEmpty else { return }
        try update { jars in
            var jar = jars[environment] ?? CookieJar()
            for cookie in received {
                jar.receive(cookie.setCookie, from: cookie.url, now: cookie.time, isPublicSuffix: isPublicSuffix)
            }
            jars[environment] = jar
        }
    }

    /// Empties `environment`'s jar, or every jar when nil.
    public func clear(environment: String?) throws {
        try update { jars in
            if let environment { jars[environment] = nil } else { jars = [:] }
        }
    }

    // MARK: Format

    static func encode(_ jars: [String: CookieJar]) -> [UInt8] {
        let members = jars.keys.sorted().map { name in
            JSONMember(name, .array((jars[name]?.cookies ?? []).map(encode)))
        }
        return Array((JSONValue.object(members).serialized + "\n").utf8)
    }

    private static func encode(_ cookie: StoredCookie) -> JSONValue {
        var members = [
            JSONMember("name", .string(cookie.name)), JSONMember("value", .string(cookie.value)),
            JSONMember("domain", .string(cookie.domain)), JSONMember("host_only", .bool(cookie.hostOnly)),
            JSONMember("path", .string(cookie.path)), JSONMember("secure", .bool(cookie.secure)),
            JSONMember("http_only", .bool(cookie.httpOnly)), JSONMember("created", .number(String(cookie.created))),
        ]
        if let expires = cookie.expires { members.append(JSONMember("expires", .number(String(expires)))) }
        return .object(members)
    }

    static func decode(_ bytes: [UInt8]) -> [String: CookieJar] {
        guard case .object(let environments)? = try? JSONValue.parse(bytes) else { return [:] }
        var jars: [String: CookieJar] = [:]
        for environment in environments {
            guard case .array(let items) = environment.value else { continue }
            jars[environment.key] = CookieJar(items.compactMap(decodeCookie))
        }
        return jars
    }

    private static func decodeCookie(_ value: JSONValue) -> StoredCookie? {
        func string(_ key: String) -> String? {
            if case .string(let text)? = value[key] { return text }
            return nil
        }
        func number(_ key: String) -> Double? {
            if case .number(let text)? = value[key] { return Double(text) }
            return nil
        }
        func flag(_ key: String) -> Bool {
            if case .bool(let on)? = value[key] { return on }
            return false
        }
        guard let name = string("name"), let cookieValue = string("value"), let domain = string("domain"),
            let path = string("path"), let created = number("created")
        else { return nil }
        return StoredCookie(
            name: name, value: cookieValue, domain: domain, hostOnly: flag("host_only"), path: path,
            secure: flag("secure"), httpOnly: flag("http_only"), expires: number("expires"), created: created)
    }
}
