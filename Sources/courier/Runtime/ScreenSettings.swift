import CourierStore
import CourierTUI

/// The screen's config file, read once at start (`ScreenConfig` parses it): the settings, and
/// one line when the file is there but cannot be used (then every default stays).
enum ScreenSettings {
    /// More than any hand-written settings file; a bigger one is not read.
    static let sizeLimit = 1 << 20

    static func load(processEnvironment: [String: String]) -> (ScreenConfig, problem: String?) {
        let path = ConfigFolder.screenFile(processEnvironment: processEnvironment)
        // `~/.config/courier/config.json`, as people write it.
        let home = processEnvironment["HOME"].map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        let shown = home.map { path.hasPrefix($0) ? "~/" + path.dropFirst($0.count) : path } ?? path
        let bytes: [UInt8]
        switch FileBytes.read(path) {
        case .success(let read): bytes = read
        case .failure(.missing): return (ScreenConfig(), nil)
        case .failure(.unreadable):
            return (ScreenConfig(), "\(shown) cannot be read; the default keys and theme are used")
        }
        guard bytes.count <= sizeLimit else {
            return (ScreenConfig(), "\(shown) is over 1 MB; the default keys and theme are used")
        }
        switch ScreenConfig.parse(bytes) {
        case .success(let config): return (config, nil)
        case .failure(let error): return (ScreenConfig(), "\(shown): \(error.message); the defaults are used")
        }
    }
}
