import Foundation
import Testing

/// Sealed workspaces against an independent RNCryptor (the `rncryptor` package from PyPI,
/// which scripts/setup.sh installs into .build/peers-venv): each side opens what the other seals.
@Suite("sealed workspaces", .serialized)
struct SealedWorkspaceTests {
    let folder: URL
    let plain: [UInt8]

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-sealed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        plain = try [UInt8](Data(contentsOf: URL(fileURLWithPath: CourierBinary.workspace)))
        try Data(plain).write(to: folder.appendingPathComponent("environments.json"))
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Runs the Python peer (`encrypt`/`decrypt` IN OUT) with `password`.
    private func peer(_ action: String, _ source: String, _ target: String, password: String) throws -> Int32 {
        let python = CourierBinary.packageRoot.appendingPathComponent(".build/peers-venv/bin/python").path
        try #require(FileManager.default.isExecutableFile(atPath: python), "run scripts/setup.sh to install the peer")
        let script = CourierBinary.packageRoot.appendingPathComponent("scripts/rncryptor_peer.py").path
        return try Bash.run(
            "\"\(python)\" \"\(script)\" \(action) \"\(source)\" \"\(target)\"",
            environment: ["COURIER_PASSWORD": password]
        ).code
    }

    private func courier(_ arguments: [String], password: String?) async throws -> RunResult {
        try await CourierBinary.run(
            arguments, environment: password.map { ["COURIER_PASSWORD": $0] } ?? [:], in: folder)
    }

    @Test("a file Courier seals decrypts with the peer to the same bytes, and unseals again")
    func courierSeals() async throws {
        let sealed = try await courier(["seal", "environments.json"], password: "correct horse")
        #expect(sealed.code == 0 && sealed.stderr.contains("sealed environments.json into environments.bin"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path("environments.bin"))))
        #expect(Array(bytes.prefix(2)) == [3, 1])
        #expect(try peer("decrypt", path("environments.bin"), path("peer.json"), password: "correct horse") == 0)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path("peer.json")))) == plain)

        let printed = try await courier(["unseal", "environments.bin", "-o", "-"], password: "correct horse")
        #expect(printed.code == 0 && printed.stdoutBytes == plain)
        let again = try await courier(["seal", "environments.json"], password: "correct horse")
        #expect(again.code == 1 && again.stderr == "courier: environments.bin exists (pass --force to replace it)\n")
    }

    @Test("a file the peer encrypts opens with --config, and a wrong password or a changed byte is one line")
    func peerSeals() async throws {
        #expect(try peer("encrypt", path("environments.json"), path("team.bin"), password: "s3cret") == 0)
        let plainRoutes = try await courier(["routes", "--config", "environments.json"], password: nil)
        let routes = try await courier(["routes", "--config", "team.bin"], password: "s3cret")
        #expect(routes.code == 0 && routes.stdout == plainRoutes.stdout && routes.stdout.contains("users.index"))

        let wrong = try await courier(["routes", "--config", "team.bin"], password: "guess")
        #expect(wrong.code == 1 && wrong.stderr == "courier: team.bin: wrong password or damaged file\n")
        #expect(!wrong.stderr.contains("guess") && wrong.stdout.isEmpty)

        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path("team.bin"))))
        bytes[60] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: path("tampered.bin")))
        let tampered = try await courier(["envs", "--config", "tampered.bin"], password: "s3cret")
        #expect(tampered.code == 1 && tampered.stderr == "courier: tampered.bin: wrong password or damaged file\n")

        try Data(bytes.prefix(50)).write(to: URL(fileURLWithPath: path("short.bin")))
        let short = try await courier(["envs", "--config", "short.bin"], password: "s3cret")
        #expect(
            short.stderr == "courier: short.bin: damaged file (50 bytes is shorter than any sealed workspace)\n")

        let none = try await courier(["envs", "--config", "team.bin"], password: nil)
        #expect(none.code == 1 && none.stderr.hasPrefix("courier: team.bin is sealed: set COURIER_PASSWORD"))
    }

    @Test("an import into a sealed workspace leaves it sealed, with the same password")
    func importKeepsTheSeal() async throws {
        #expect(try peer("encrypt", path("environments.json"), path("team.bin"), password: "pw") == 0)
        let imported = try await courier(
            ["import", "curl", "curl http://127.0.0.1:4010/dev/v1/health", "--name", "health", "--config", "team.bin"],
            password: "pw")
        #expect(imported.code == 0, "\(imported.stderr)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path("team.bin"))))
        #expect(Array(bytes.prefix(2)) == [3, 1])
        #expect(try peer("decrypt", path("team.bin"), path("after.json"), password: "pw") == 0)
        let after = try String(contentsOf: URL(fileURLWithPath: path("after.json")), encoding: .utf8)
        #expect(after.contains("\"name\": \"health\""))
    }
}
