import CourierCore

/// The environments of JetBrains' `http-client.env.json` (public) and
/// `http-client.private.env.json` (private: its values are secrets): `{"dev": {"host":
/// "…"}, "$shared": {…}}`, where `$shared` applies to every environment.
enum HTTPEnvironmentFile {
    typealias Entry = ImportEnvironments.Entry

    /// Every environment of `files`, in first-seen order, values of later files on top.
    static func read(_ files: [HTTPFileImporter.EnvironmentFile]) throws(ImportError)
        -> (list: [Entry], warnings: [String])
    {
        var list: [Entry] = []
        var shared: Entry = ("$shared", [:], [])
        var warnings: [String] = []
        for file in files {
            let value: JSONValue
            do {
                value = try JSONValue.parse(try ImportText.utf8(file.bytes, name: file.name))
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError("\(file.name): \(error)")
            }
            guard case .object(let environments) = value else {
                throw ImportError("\(file.name): expected an object of environments")
            }
            for environment in environments {
                guard case .object(let members) = environment.value else {
                    throw ImportError("\(file.name): \(environment.key): expected an object of variables")
                }
                var entry: Entry = (environment.key, [:], [])
                for member in members {
                    switch member.value {
                    case .string(let text): entry.variables[member.key] = text
                    case .number(let literal): entry.variables[member.key] = literal
                    case .bool(let flag): entry.variables[member.key] = flag ? "true" : "false"
                    default:
                        warnings.append("\(file.name): \(environment.key).\(member.key) is not a text value; left out")
                        continue
                    }
                    if file.isPrivate || ImportCredentials.isCredential(member.key) { entry.secrets.insert(member.key) }
                }
                if environment.key == "$shared" {
                    shared.variables.merge(entry.variables) { _, new in new }
                    shared.secrets.formUnion(entry.secrets)
                } else if let index = list.firstIndex(where: { $0.name == environment.key }) {
                    list[index].variables.merge(entry.variables) { _, new in new }
                    list[index].secrets.formUnion(entry.secrets)
                } else {
                    list.append(entry)
                }
            }
        }
        return (
            list.map { entry in
                (
                    entry.name, shared.variables.merging(entry.variables) { _, own in own },
                    shared.secrets.union(entry.secrets)
                )
            }, warnings
        )
    }
}
