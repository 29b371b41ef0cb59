import CourierCore

/// `courier import bruno`: a Bruno collection, the folder holding `bruno.json`, given as its
/// files (the command line reads them; the core reads no disk). Each `.bru` request is a route
/// named by its folders and `meta.name`, in `seq` order; `folder.bru` and `collection.bru`
/// pass their headers and auth down (`auth: inherit`); `environments/*.bru` are environments,
/// their `vars:secret` read from the shell (`${NAME}`) until set, as Bruno keeps those values
/// out of the folder; collection `vars:pre-request` are every environment's defaults.
public struct BrunoImporter: Sendable {
    /// One file of the collection: its path inside the folder (`/`-separated) and bytes.
    public struct File: Sendable {
        /// The path inside the collection's folder.
        public var path: String
        /// Its bytes.
        public var bytes: [UInt8]

        /// A file of the collection.
        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// An importer.
    public init() {}

    private static let methods = ["get", "post", "put", "patch", "delete", "head", "options", "trace", "connect"]

    /// The plan for the collection `files` of the folder `folder` (an absolute path: uploads are
    /// taken from there).
    public func plan(_ files: [File], folder: String) throws(ImportError) -> ImportPlan {
        guard files.contains(where: { $0.path == "bruno.json" }) else {
            throw ImportError("\(folder): not a Bruno collection (no bruno.json)")
        }
        var plan = ImportPlan()
        var read: [String: BrunoFile] = [:]
        for file in files where file.path.hasSuffix(".bru") {
            do throws(ImportError) {
                read[file.path] = try BrunoFile(try ImportText.utf8(file.bytes, name: file.path), name: file.path)
            } catch {
                if file.path.hasPrefix("environments/") || file.path.hasSuffix("folder.bru")
                    || file.path == "collection.bru"
                {
                    throw error
                }
                plan.skipped.append(ImportPlan.Skip(file.path, reason: error.message))
            }
        }
        let collection = read["collection.bru"]
        var defaults: [String: String] = [:]
        for pair in collection?.enabled("vars:pre-request") ?? [] { defaults[pair.key] = Self.template(pair.value) }

        var environments: [ImportEnvironments.Entry] = []
        for (path, file) in read.sorted(by: { $0.key < $1.key }) where path.hasPrefix("environments/") {
            let name = String(path.dropFirst("environments/".count).dropLast(".bru".count))
            var entry: ImportEnvironments.Entry = (name, [:], [])
            for pair in file.enabled("vars") { entry.variables[pair.key] = Self.template(pair.value) }
            for secret in file.lists["vars:secret"] ?? [] {
                entry.variables[secret] = "${\(ImportCredentials.variableName(secret).uppercased())}"
                entry.secrets.insert(secret)
            }
            for key in entry.variables.keys where ImportCredentials.isCredential(key) { entry.secrets.insert(key) }
            environments.append(entry)
        }

        var routes: [(route: Route, base: String)] = []
        let requests = read.filter { path, file in
            !path.hasPrefix("environments/") && path != "collection.bru" && !path.hasSuffix("folder.bru")
                && file.pairs["meta"] != nil
        }
        // Folder by folder, each in `seq` order as Bruno lists them.
        let ordered = requests.sorted { left, right in
            let (a, b) = (Self.folder(of: left.key), Self.folder(of: right.key))
            if a != b { return a < b }
            let (x, y) = (
                Int(left.value.value("meta", "seq") ?? "") ?? .max, Int(right.value.value("meta", "seq") ?? "") ?? .max
            )
            return x != y ? x < y : left.key < right.key
        }
        var converter = BrunoRequest(folder: folder)
        for (path, file) in ordered {
            let folders = Self.folder(of: path).split(separator: "/").map(String.init)
            var layers: [BrunoFile] = collection.map { [$0] } ?? []
            for depth in folders.indices {
                if let folder = read[(folders[...depth] + ["folder.bru"]).joined(separator: "/")] {
                    layers.append(folder)
                }
            }
            // Without a name, the file's (`Get users.bru` is `Get users`).
            let title = file.value("meta", "name") ?? String((path.split(separator: "/").last ?? "").dropLast(4))
            let name = (folders.map(ImportPlan.slug) + [ImportPlan.slug(title)]).joined(separator: ".")
            guard let method = Self.methods.first(where: { file.pairs[$0] != nil }) else {
                let type = file.value("meta", "type") ?? "unknown"
                plan.skipped.append(ImportPlan.Skip(name, reason: "a '\(type)' request is not imported"))
                continue
            }
            do throws(ImportError) {
                routes.append(try converter.route(file, method: method, name: name, layers: layers))
            } catch {
                plan.skipped.append(ImportPlan.Skip(name, reason: error.message))
            }
        }
        plan.warnings += converter.warnings
        guard !routes.isEmpty else {
            if !plan.skipped.isEmpty { throw ImportPlan.nothingImported(folder, skipped: plan.skipped) }
            throw ImportError("\(folder): the collection has no request")
        }
        // With no environment file there is one, named after the host, for the secrets to live in.
        if environments.isEmpty { environments = [("", [:], [])] }
        converter.credentials.add(to: &environments)
        ImportEnvironments(list: environments, defaults: defaults).assemble(routes, into: &plan)
        return plan
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Bruno's variables as Courier's: `{{process.env.NAME}}` reads the shell (`${NAME}`).
    static func template(_ text: String) -> String {
        guard text.contains("{{process.env.") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstRange(ofText: "{{process.env."),
            let close = rest[open.upperBound...].firstRange(ofText: "}}")
        {
            out += rest[..<open.lowerBound] + "${" + rest[open.upperBound..<close.lowerBound] + "}"
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
