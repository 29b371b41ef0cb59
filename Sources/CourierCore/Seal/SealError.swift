/// Why a sealed workspace could not be opened or sealed. The messages never hold the
/// password or any of the plain text.
public enum SealError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes do not start with an RNCryptor header.
    case notSealed
    /// An RNCryptor version other than 3.
    case unsupportedVersion(UInt8)
    /// The key-based RNCryptor format, which needs raw keys rather than a password.
    case keyBased
    /// Shorter than the smallest sealed file.
    case truncated(size: Int)
    /// The HMAC did not match: a wrong password, or bytes changed since sealing.
    case wrongPasswordOrDamaged
    /// No password was given and none can be asked for.
    case noPassword
    /// The crypto library refused (it names no secret).
    case crypto(String)

    /// One line for the user; the file name is put in front by the caller.
    public var description: String {
        switch self {
        case .notSealed: return "not a sealed workspace"
        case .unsupportedVersion(let version):
            return "sealed in RNCryptor format version \(version); Courier opens version 3 (seal it again)"
        case .keyBased: return "sealed with raw keys, not a password; Courier opens password-sealed files"
        case .truncated(let size): return "damaged file (\(size) bytes is shorter than any sealed workspace)"
        case .wrongPasswordOrDamaged: return "wrong password or damaged file"
        case .noPassword: return "sealed: set COURIER_PASSWORD, or run on a terminal to be asked for the password"
        case .crypto(let reason): return "cannot seal or unseal: \(reason)"
        }
    }
}
