/// Rebinding keys from the screen's config file (`"keys": {"H": "h"}`): each key given moves,
/// in every place it is bound, to the key the user presses instead. The rows' key text and the
/// status bar hints then say the new keys, so `?`, the palette and the hints show what is in
/// force.
extension Keymap {
    /// This keymap with each `from` key of `changes` replaced by its `to` key; a one-line
    /// reason when the change cannot be made (the defaults then stay, whole).
    public func remapped(_ changes: [(from: Key, to: Key)]) -> Result<Keymap, ScreenConfigError> {
        var moves: [Key: Key] = [:]
        let bound = Set(rows.flatMap(\.bindings).map(\.key))
        for (from, to) in changes {
            guard moves[from] == nil else { return .failure(ScreenConfigError("\(from.name) is given twice")) }
            guard bound.contains(from) else {
                return .failure(ScreenConfigError("\(from.name) is not a key of the screen (? lists them)"))
            }
            guard from != .ctrl("c"), to != .ctrl("c") else {
                return .failure(ScreenConfigError("Ctrl-C always quits; it cannot be moved or taken"))
            }
            // A letter where text is typed (the form, the filter, a dialog's entry) would stop
            // typing it: letters only take the place of letters.
            if case .char = to, !isCharacter(from) {
                return .failure(
                    ScreenConfigError("\(to.name) would be typed in the form; give \(from.name) a Ctrl- or F key"))
            }
            moves[from] = to
        }
        let newRows = rows.map { row in
            var row = row
            let renamed = Dictionary(
                row.bindings.compactMap { binding in moves[binding.key].map { (binding.key.name, $0.name) } },
                uniquingKeysWith: { first, _ in first })
            row.bindings = row.bindings.map { binding in
                var binding = binding
                binding.key = moves[binding.key] ?? binding.key
                return binding
            }
            if !renamed.isEmpty {
                row.keys = Self.renaming(row.keys, renamed)
                row.hints = row.hints.mapValues { Self.renaming($0, renamed, firstOnly: true) }
            }
            return row
        }
        // Two actions on one key in one place, where a moved key landed: refused, naming both.
        let moved = Set(moves.values)
        var seen: [KeyScope: [Key: (Action, String)]] = [:]
        for row in newRows {
            for binding in row.bindings {
                if let (action, what) = seen[binding.scope]?[binding.key] {
                    if action != binding.action && moved.contains(binding.key) {
                        let name = binding.key.name
                        let (first, second) = (Self.short(what), Self.short(row.what))
                        return .failure(
                            ScreenConfigError(
                                first == second
                                    ? "\(name) already does something else there (\(first), \(row.scope))"
                                    : "\(name) would both \(first) and \(second) (\(row.scope))"))
                    }
                } else {
                    seen[binding.scope, default: [:]][binding.key] = (binding.action, row.what)
                }
            }
        }
        return .success(Keymap(rows: newRows))
    }

    private func isCharacter(_ key: Key) -> Bool {
        if case .char = key { return true }
        return false
    }

    /// `text` with each whole word that names a key in `renamed` replaced (words are split by
    /// spaces and commas: `↑ ↓ j k, g G`); with `firstOnly`, the first word alone (`e env`).
    static func renaming(_ text: String, _ renamed: [String: String], firstOnly: Bool = false) -> String {
        var result = ""
        var word = ""
        var words = 0
        func flush() {
            guard !word.isEmpty else { return }
            result += (firstOnly && words > 0) ? word : (renamed[word] ?? word)
            words += 1
            word = ""
        }
        for character in text {
            if character == " " || character == "," {
                flush()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return result
    }

    /// A row's text cut to its first clause, for a message.
    private static func short(_ what: String) -> String {
        let clause = what.filter { $0 != "`" }.prefix { $0 != ":" && $0 != ";" && $0 != "(" }
        return "'" + String(clause.reversed().drop { $0 == " " }.reversed()) + "'"
    }
}
