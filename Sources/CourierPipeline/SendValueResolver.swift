import CourierCore
import CourierStore
import CourierSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes the values of `{{$file}}`, `{{$prompt}}` and `{{$command}}` for the command line and
/// the screen's runtime: a file from the workspace's folder, a prompt through `ask`, a command
/// once the workspace file is trusted (`TrustStore`). Prompts and commands are made once per
/// process (a run asks for its OTP once); files are read at each send. Every bound is one line:
/// 1 MB of file or output, 10 s for a command.
public final class SendValueResolver: SendValueSource, @unchecked Sendable {
    /// Asks the user: the label, whether it is secret; nil when there is no terminal to ask on
    /// or its input ended.
    public typealias Ask = @Sendable (_ label: String, _ secret: Bool) -> String?

    /// The most bytes a file or a command's output may have.
    public static let limit = 1 << 20
    /// How long a command may run.
    public static let commandTimeout = 10.0

    private let workspaceFile: String
    private let folder: String
    private let trust: TrustStore
    private let ask: Ask?
    private let commandTimeout: Double
    // Made values by need, under the lock.
    private let made = Locked<[SendNeed: String]>([:])
    /// Held while a prompt or a command is made: routes run side by side (`--jobs`) that need
    /// one OTP ask once, the second finding the first's answer.
    private let making = Locked(())

    /// A resolver for the workspace file at `workspaceFile` (absolute; its folder confines
    /// `$file`), asking through `ask` (nil: no terminal).
    public init(
        workspaceFile: String, trust: TrustStore, ask: Ask?, commandTimeout: Double = SendValueResolver.commandTimeout
    ) {
        self.workspaceFile = workspaceFile
        folder = PathText.directory(workspaceFile)
        self.trust = trust
        self.ask = ask
        self.commandTimeout = commandTimeout
    }

    public var secretValues: [String] {
        made.withLock { values in values.compactMap { $0.key.isSecret ? $0.value : nil } }
    }

    public func value(for need: SendNeed) throws(RequestError) -> String? {
        if case .file(let path) = need { return try read(path, for: need) }
        return try making.withLock { (_) throws(RequestError) -> String in try make(need) }
    }

    private func make(_ need: SendNeed) throws(RequestError) -> String {
        if let value = made.withLock({ $0[need] }) { return value }
        let value: String
        switch need {
        case .file(let path):
            value = try read(path, for: need)
        case .prompt(let label), .secretPrompt(let label):
            guard let answer = ask?(label, need.isSecret) else {
                throw .valueFailed(need, reason: "no answer: there is no terminal to ask on (or its input ended)")
            }
            value = answer
        case .command(let command):
            value = try run(command, for: need)
        }
        made.withLock { $0[need] = value }
        return value
    }

    private func read(_ path: String, for need: SendNeed) throws(RequestError) -> String {
        let absolute = path.hasPrefix("/") ? path : PathText.joined(folder, path)
        guard let real = RealPath.of(absolute) else {
            throw .valueFailed(need, reason: String(cString: strerror(errno)))
        }
        guard RealPath.isInside(real, folder: folder) else {
            throw .valueFailed(need, reason: "it is outside the workspace's folder \(folder)")
        }
        let descriptor = open(real, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .valueFailed(need, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .valueFailed(need, reason: "it is not a regular file")
        }
        // The size is checked before reading, and the read is bounded too (a file still growing).
        guard Int(info.st_size) <= Self.limit,
            let bytes = FileBytes.read(descriptor: descriptor, limit: Self.limit + 1), bytes.count <= Self.limit
        else { throw .valueFailed(need, reason: "it is larger than \(ByteCount.format(Self.limit))") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .valueFailed(need, reason: "it is not UTF-8 text")
        }
        return text
    }

    /// Whether the workspace file, as it is now, is trusted to run its commands.
    public func isTrusted() -> Bool {
        guard case .success(let contents) = FileBytes.read(workspaceFile), !contents.isEmpty else { return false }
        return trust.isTrusted(file: workspaceFile, contents: contents)
    }

    private func run(_ command: String, for need: SendNeed) throws(RequestError) -> String {
        // Checked for each command before it first runs, against the file as it is now: the
        // screen reads an edited file again, and a command added to it must not ride on the
        // trust of the file before; a trust given meanwhile (`courier trust` elsewhere) counts.
        guard isTrusted() else {
            throw .valueFailed(
                need,
                reason: "this workspace's commands are not trusted on this machine;"
                    + " review them with `courier trust --config \(workspaceFile)`")
        }
        let output: CommandRunner.Output
        do {
            output = try CommandRunner.run(command, timeout: commandTimeout, limit: Self.limit)
        } catch {
            throw .valueFailed(need, reason: error.description)
        }
        guard output.status == 0 else {
            let said = String(decoding: output.stderr, as: UTF8.self).split(whereSeparator: \.isNewline).first
            throw .valueFailed(
                need,
                reason: "exited with status \(output.status)"
                    + (said.map { ": " + TerminalText.visible(String($0)) } ?? ""))
        }
        guard var text = String(validating: output.stdout, as: UTF8.self) else {
            throw .valueFailed(need, reason: "it printed bytes that are not UTF-8")
        }
        // `pass show` and `op read` end with a line break that is not part of the secret.
        while text.last?.isNewline == true { text.removeLast() }
        guard !text.isEmpty else { throw .valueFailed(need, reason: "it printed nothing") }
        return text
    }

}
