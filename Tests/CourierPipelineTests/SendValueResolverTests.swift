import CourierCore
import CourierStore
import Foundation
import Testing

@testable import CourierPipeline

/// The command line's maker of outside values: files confined and bounded, commands trusted,
/// bounded in time and output, and made once per process; prompts through the asker.
@Suite("Values from files, prompts and commands")
struct SendValueResolverTests {
    let folder: URL
    let workspace: String
    let trust: TrustStore

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-resolver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        workspace = folder.appendingPathComponent("environments.json").path
        try "{}".write(toFile: workspace, atomically: true, encoding: .utf8)
        trust = TrustStore(processEnvironment: ["XDG_STATE_HOME": folder.appendingPathComponent("state").path])
    }

    private func resolver(timeout: Double = 5, ask: SendValueResolver.Ask? = nil) -> SendValueResolver {
        SendValueResolver(workspaceFile: workspace, trust: trust, ask: ask, commandTimeout: timeout)
    }

    private func failure(_ need: SendNeed, _ resolver: SendValueResolver) -> String {
        do {
            return "made: " + ((try resolver.value(for: need)) ?? "nil")
        } catch {
            return error.description
        }
    }

    private func trustWorkspace() throws {
        try trust.trust(file: workspace, contents: Array(try Data(contentsOf: URL(fileURLWithPath: workspace))))
    }

    @Test("files: beside the workspace, not outside it, not too large, text only")
    func files() throws {
        try "hello".write(to: folder.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
        try Data(repeating: 0x61, count: SendValueResolver.limit + 1).write(to: folder.appendingPathComponent("big"))
        try Data([0xFF, 0xFE]).write(to: folder.appendingPathComponent("binary"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link").path, withDestinationPath: "/etc/hostname")
        let resolver = resolver()
        #expect(try resolver.value(for: .file("a.txt")) == "hello")
        #expect(failure(.file("missing"), resolver).hasSuffix(": No such file or directory"))
        #expect(failure(.file("/etc/hostname"), resolver).contains("it is outside the workspace's folder"))
        #expect(failure(.file("link"), resolver).contains("it is outside the workspace's folder"))
        #expect(failure(.file("big"), resolver).hasSuffix("it is larger than 1.0 MB"))
        #expect(failure(.file("binary"), resolver).hasSuffix("it is not UTF-8 text"))
    }

    @Test("commands: refused until trusted, then run once per process, their output a secret")
    func commands() throws {
        let counter = folder.appendingPathComponent("count").path
        let need = SendNeed.command("echo x >> '\(counter)'; printf 'tok\\n\\n'")
        let untrusted = resolver()
        #expect(failure(need, untrusted).contains("this workspace's commands are not trusted on this machine"))
        #expect(!FileManager.default.fileExists(atPath: counter))
        try trustWorkspace()
        let resolver = resolver()
        #expect(try resolver.value(for: need) == "tok")
        #expect(try resolver.value(for: need) == "tok")
        #expect(try String(contentsOfFile: counter, encoding: .utf8) == "x\n")
        #expect(resolver.secretValues == ["tok"])
        // The file edited while the process runs (the screen reads it again): a command not
        // made yet is not trusted on the old trust.
        try "{ }".write(toFile: workspace, atomically: true, encoding: .utf8)
        #expect(failure(.command("echo new"), resolver).contains("not trusted on this machine"))
        #expect(try resolver.value(for: need) == "tok")
    }

    @Test("routes run side by side that need one prompt ask once")
    func concurrentPrompt() async throws {
        let asked = Locked(0)
        let resolver = resolver { _, _ in
            asked.withLock { $0 += 1 }
            usleep(50_000)
            return "otp"
        }
        let values = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<4 { group.addTask { try? resolver.value(for: .secretPrompt("OTP")) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: "otp", count: 4))
        #expect(asked.withLock { $0 } == 1)
    }

    @Test(
        "a command that fails, hangs, floods or prints nothing is one line",
        arguments: [
            ("echo 'no such secret' >&2; exit 3", "exited with status 3: no such secret"),
            ("sleep 30 & sleep 30", "did not finish within 0.5 s; stopped"),
            ("head -c 2000000 /dev/zero | tr '\\0' a", "printed more than 1.0 MB; stopped"),
            ("true", "it printed nothing"),
            ("printf '\\377'", "it printed bytes that are not UTF-8"),
            ("kill -9 $$", "exited with status 137"),
        ])
    func commandFailures(command: String, reason: String) throws {
        try trustWorkspace()
        let started = Date()
        let message = failure(.command(command), resolver(timeout: 0.5))
        #expect(message.hasSuffix(reason), "\(message)")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test("prompts go to the asker once; with no one to ask, one line")
    func prompts() throws {
        let asked = Locked<[String]>([])
        let resolver = resolver { label, secret in
            asked.withLock { $0.append("\(label) \(secret)") }
            return "123456"
        }
        #expect(try resolver.value(for: .secretPrompt("OTP")) == "123456")
        #expect(try resolver.value(for: .secretPrompt("OTP")) == "123456")
        #expect(try resolver.value(for: .prompt("Name")) == "123456")
        #expect(asked.withLock { $0 } == ["OTP true", "Name false"])
        #expect(resolver.secretValues == ["123456"])
        #expect(
            failure(.prompt("OTP"), self.resolver()).hasSuffix(
                "no answer: there is no terminal to ask on (or its input ended)"))
    }

    @Test("trust is of the file's path and bytes, kept 0600; revoking forgets it")
    func trustStore() throws {
        let bytes = Array("{}".utf8)
        #expect(!trust.isTrusted(file: workspace, contents: bytes))
        try trust.trust(file: workspace, contents: bytes)
        #expect(trust.isTrusted(file: workspace, contents: bytes))
        #expect(!trust.isTrusted(file: workspace, contents: Array("{ }".utf8)))
        #expect(!trust.isTrusted(file: workspace + ".other", contents: bytes))
        let mode = try FileManager.default.attributesOfItem(atPath: trust.path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o777 } == 0o600)
        #expect(try trust.revoke(file: workspace))
        #expect(!trust.isTrusted(file: workspace, contents: bytes))
        #expect(try !trust.revoke(file: workspace))
    }
}
