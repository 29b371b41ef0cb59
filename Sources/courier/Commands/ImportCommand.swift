import ArgumentParser
import CourierCore
import CourierImport
import CourierOpenAPI
import CourierStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `courier import FORMAT SOURCE`: adds what a curl command (and, as they land, an OpenAPI
/// document, a Postman collection or a `.http` file) describes to the workspace file
/// (DESIGN.md §9), creating it when it does not exist. The file is written whole or not at
/// all; `--dry-run` prints it instead, secret values masked. Warnings go to stderr.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add routes and environments from curl, OpenAPI, Swagger, Postman, .http, Insomnia or Bruno.",
        discussion: """
            With no FORMAT, it is found from the content (and said): courier import api.yaml.

            curl: SOURCE is the whole command line as one argument (as a browser's "Copy as cURL" gives it), or - to read it from stdin; a here-document after it is the body.

            openapi: SOURCE is an OpenAPI 3.0 or 3.1 or a Swagger 2.0 document, JSON or YAML; the files beside it that its $refs name are read.

            postman: SOURCE is a collection (v1, v2.0 or v2.1); --environment adds Postman environments.

            http: SOURCE is a .http or .rest file (JetBrains, VS Code or httpyac); http-client.env.json and http-client.private.env.json beside it are read unless --env-file names others.

            insomnia: SOURCE is an Insomnia export, v4 (JSON or YAML) or v5 (YAML).

            bruno: SOURCE is a Bruno collection's folder (the one holding bruno.json).

            SOURCE may be an http(s) URL (a document, not a folder): it is fetched with TLS verified (unless --insecure) and recorded, so --refresh pulls it again and shows what changed.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "curl, openapi, postman, http, insomnia or bruno; left out, it is found from SOURCE's content.",
            valueName: "FORMAT"))
    var formatOrSource: String?

    @Argument(help: ArgumentHelp("What to import; - reads stdin.", valueName: "SOURCE"))
    var source: String?

    @OptionGroup var workspace: WorkspaceOptions

    @Flag(name: .long, help: "Print the resulting workspace (secrets masked) instead of writing it.")
    var dryRun = false

    @Flag(name: .long, help: "Fetch every URL imported before again and show what changed (with --dry-run, only show).")
    var refresh = false

    @Flag(name: .long, help: "Fetch a URL without verifying its TLS certificate.")
    var insecure = false

    @Flag(name: .long, help: "Replace routes whose names exist instead of refusing.")
    var replace = false

    @Flag(name: .long, help: "Refuse the whole import when any request of SOURCE cannot come across.")
    var strict = false

    @Option(name: .long, help: "The name of the imported route (curl).")
    var name: String?

    @Option(name: .long, help: ArgumentHelp("A Postman environment file (postman); repeatable.", valueName: "FILE"))
    var environment: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "An http-client env file (http); repeatable; *.private.* values are secrets.", valueName: "FILE"))
    var envFile: [String] = []

    func run() async throws {
        if refresh { return try await refreshAll() }
        guard let formatOrSource else {
            throw CLIFailure("name what to import: courier import [FORMAT] SOURCE, or courier import --refresh")
        }
        let (format, source, bytes) = try await resolved(formatOrSource)
        let plan: ImportPlan
        do {
            plan = try makePlan(format, source, bytes)
        } catch let error as ImportError {
            throw CLIFailure(error.message)
        }
        let origin = ImportFetch.isURL(source) ? ImportSource(url: source, format: format.rawValue) : nil
        // From the read to the write, no other writer: two imports at once both land.
        do {
            try WorkspaceLock.withExclusive(workspace.config) { try merge(plan, from: origin) }
        } catch let busy as WorkspaceLock.Busy {
            throw CLIFailure(busy.description)
        }
    }

    private func merge(_ plan: ImportPlan, from origin: ImportSource?) throws {
        let path = workspace.config
        let (existing, sealed, file) = try workspace.read()
        var merge = WorkspaceMerge(fileName: path, baseDirectory: Self.absoluteFolder(of: path), replace: replace)
        merge.source = origin
        let outcome: WorkspaceMerge.Outcome
        do {
            outcome = try merge.merge(plan, into: existing)
        } catch {
            throw CLIFailure(error.message)
        }
        for warning in plan.warnings + outcome.warnings { Console.error("warning: \(warning)") }
        for warning in plan.skipWarnings { Console.error("warning: \(warning)") }
        if strict && !plan.skipped.isEmpty {
            throw CLIFailure(
                "\(plan.skipped.count) of \(plan.requestCount) requests could not be imported; --strict writes nothing")
        }
        if dryRun {
            Console.write(outcome.masked)
            return
        }
        do {
            try file.write(outcome.bytes, sealed: sealed)
        } catch {
            throw CLIFailure("cannot write \(path): \(ErrorText.describe(error))")
        }
        var summary = "imported \(Self.count(outcome.routes.count, "route")) into \(path)"
        if !plan.skipped.isEmpty {
            summary =
                "imported \(outcome.routes.count) of \(plan.requestCount) requests into \(path) "
                + "(\(plan.skipped.count) skipped: \(plan.skipped.map(\.name).joined(separator: ", ")))"
        }
        if !outcome.addedEnvironments.isEmpty {
            summary += "; new environment\(outcome.addedEnvironments.count == 1 ? "" : "s"): "
            summary += outcome.addedEnvironments.joined(separator: ", ")
        }
        Console.error(summary, prefixed: false)
    }

    /// The format and source the arguments name; with no format, found from the content,
    /// which is then already read (stdin can be read only once).
    private func resolved(_ formatOrSource: String) async throws -> (
        format: ImportFormat, source: String, bytes: [UInt8]?
    ) {
        if let source {
            guard let format = ImportFormat(rawValue: formatOrSource) else {
                throw CLIFailure("unknown format '\(formatOrSource)': curl, openapi, postman, http, insomnia or bruno")
            }
            guard ImportFetch.isURL(source), format != .curl else { return (format, source, nil) }
            // (Awaited into a let first: scripts/repro/task-tuple-miscompile.swift.)
            let bytes = try await ImportFetch.bytes(source, insecure: insecure)
            return (format, source, bytes)
        }
        let source = formatOrSource
        if source.drop(while: \.isWhitespace).hasPrefix("curl ") { return (.curl, source, nil) }
        if FileManager.default.fileExists(atPath: source + "/bruno.json") {
            Console.error("\(source): read as \(ImportFormat.bruno.description)", prefixed: false)
            return (.bruno, source, nil)
        }
        let bytes =
            ImportFetch.isURL(source) ? try await ImportFetch.bytes(source, insecure: insecure) : try Self.file(source)
        let shown = source == "-" ? "stdin" : source
        guard let format = ImportFormat.detect(bytes, name: source) else {
            throw CLIFailure(
                "\(shown): cannot tell what it is; name the format: courier import curl|openapi|postman|http|insomnia|bruno SOURCE"
            )
        }
        Console.error("\(shown): read as \(format.description)", prefixed: false)
        return (format, source, bytes)
    }

    func makePlan(_ format: ImportFormat, _ source: String, _ read: [UInt8]?) throws -> ImportPlan {
        if read != nil && ImportFetch.isURL(source) && format == .bruno {
            throw CLIFailure("\(source): a Bruno collection is a folder; clone it and import the folder")
        }
        func file(_ path: String) throws -> [UInt8] {
            if path == source, let read { return read }
            return try Self.file(path)
        }
        switch format {
        case .curl:
            let text: String
            if let read {
                text = String(decoding: read, as: UTF8.self)
            } else {
                text = source == "-" ? String(decoding: try Self.file("-"), as: UTF8.self) : source
            }
            return try CurlImporter(currentDirectory: FileManager.default.currentDirectoryPath)
                .plan(text, name: name)
        case .openapi:
            // A document split over files reads them from its folder; a fetched one reads none.
            let folder = ImportFetch.isURL(source) || source == "-" ? nil : DocumentFolder(of: source)
            return try OpenAPIImporter().plan(
                try file(source), fileName: source, load: folder.map { $0.read }, reference: documentReference(source))
        case .postman:
            let environments = try environment.map {
                PostmanImporter.EnvironmentFile(name: $0, bytes: try Self.file($0))
            }
            return try PostmanImporter().plan(
                try file(source), fileName: source, folder: Self.absoluteFolder(of: source),
                environmentFiles: environments)
        case .bruno:
            let folder = Self.absoluteFolder(of: source + "/bruno.json")
            let wanted: (String) -> Bool = { $0 == "bruno.json" || $0.hasSuffix(".bru") }
            switch CollectionFolder.files(in: folder, keep: wanted) {
            case .success(let files):
                return try BrunoImporter().plan(
                    files.map { BrunoImporter.File(path: $0.path, bytes: $0.bytes) }, folder: folder)
            case .failure(let failure):
                throw CLIFailure(failure.description)
            }
        case .insomnia:
            let root = try StructuredText.read(try file(source), fileName: source)
            return try InsomniaImporter().plan(root, fileName: source, folder: Self.absoluteFolder(of: source))
        case .http:
            let bytes = try file(source)
            let folder = PathText.directory(source)
            var files = envFile
            if files.isEmpty {
                files = ["http-client.env.json", "http-client.private.env.json"].map { folder + "/" + $0 }
                    .filter { FileManager.default.fileExists(atPath: $0) }
            }
            let environments = try files.map { path in
                HTTPFileImporter.EnvironmentFile(
                    name: path, bytes: try Self.file(path), isPrivate: path.contains(".private."))
            }
            let text = try ImportText.utf8(bytes, name: source)
            return try HTTPFileImporter()
                .plan(text, fileName: source, folder: folder, environmentFiles: environments)
        }
    }

    /// The absolute folder of `path`, so imported file paths are absolute before the merge
    /// makes those inside the workspace's folder relative to it.
    static func absoluteFolder(of path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        // What a fetched document names (uploads) is taken from where the command runs.
        if ImportFetch.isURL(path) { return current }
        let folder = PathText.directory(path)
        if folder == "." { return current }
        return folder.hasPrefix("/") ? folder : current + "/" + folder
    }

    /// How the workspace names the document `source` in its routes' operations: a URL as it
    /// is, a file relative to the workspace's folder (absolute when outside it); nil for stdin.
    func documentReference(_ source: String) -> String? {
        if ImportFetch.isURL(source) { return source }
        guard source != "-" else { return nil }
        let path = Self.absoluteFolder(of: source) + "/" + PathText.fileName(source)
        let folder = Self.absoluteFolder(of: workspace.config)
        let prefix = folder == "/" ? "/" : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// A source file's bytes (`-` reads stdin), or a message naming it.
    private static func file(_ path: String) throws -> [UInt8] {
        if path == "-" { return FileBytes.read(descriptor: STDIN_FILENO) ?? [] }
        switch FileBytes.read(path) {
        case .success(let bytes): return bytes
        case .failure(.missing): throw CLIFailure("\(path): no such file")
        case .failure(.unreadable): throw CLIFailure("\(path): cannot be read")
        }
    }

    private static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
}
