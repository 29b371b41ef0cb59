import CourierCore

/// The screen's settings from `$XDG_CONFIG_HOME/courier/config.json` (README, "Themes and
/// keys"): the theme, the mouse, and keys moved elsewhere. One JSON object:
///
///     {"theme": "light", "mouse": false, "keys": {"H": "h", "Ctrl-S": "Ctrl-W"}}
///
/// Anything wrong is one line, and then every default stays: half a config (a theme taken,
/// keys refused) would be harder to reason about than none.
public struct ScreenConfig: Sendable {
    /// How colours and attributes are drawn.
    public var theme = ColorTheme.dark
    /// Whether the screen takes the mouse (`NO_MOUSE` turns it off too).
    public var mouse = true
    /// The keys, with the file's moves applied.
    public var keymap = Keymap.standard

    /// The defaults.
    public init() {}

    /// The settings in `bytes`, or why they cannot be used (one line, without the file's name).
    public static func parse(_ bytes: [UInt8]) -> Result<ScreenConfig, ScreenConfigError> {
        guard let document = try? JSONValue.parse(bytes) else {
            return .failure(ScreenConfigError("is not valid JSON"))
        }
        guard case .object(let members) = document else {
            return .failure(ScreenConfigError("must be one JSON object ({\"theme\": …, \"keys\": {…}})"))
        }
        var config = ScreenConfig()
        for member in members {
            switch (member.key, member.value) {
            case ("theme", .string(let name)):
                guard let theme = ColorTheme(rawValue: name) else {
                    let names = ColorTheme.allCases.map(\.rawValue).joined(separator: ", ")
                    return .failure(ScreenConfigError("theme '\(name)' is not one of \(names)"))
                }
                config.theme = theme
            case ("mouse", .bool(let on)):
                config.mouse = on
            case ("keys", .object(let pairs)):
                var changes: [(from: Key, to: Key)] = []
                for pair in pairs {
                    guard let from = Key(name: pair.key) else {
                        return .failure(
                            ScreenConfigError("keys: '\(pair.key)' is not a key name (h, Ctrl-S, F2, Enter, PgDn…)"))
                    }
                    guard case .string(let name) = pair.value, let to = Key(name: name) else {
                        return .failure(
                            ScreenConfigError("keys: \(pair.key) must name a key (h, Ctrl-S, F2, Enter, PgDn…)"))
                    }
                    changes.append((from, to))
                }
                switch Keymap.standard.remapped(changes) {
                case .success(let keymap): config.keymap = keymap
                case .failure(let error): return .failure(ScreenConfigError("keys: " + error.message))
                }
            case ("theme", _), ("mouse", _), ("keys", _):
                let kind = member.key == "theme" ? "a name" : member.key == "mouse" ? "true or false" : "an object"
                return .failure(ScreenConfigError("\(member.key) must be \(kind)"))
            default:
                return .failure(ScreenConfigError("'\(member.key)' is not a setting (theme, mouse, keys)"))
            }
        }
        return .success(config)
    }
}
