/// How `CallQuickParser` and `CheckQuickParser` read an option, the one way ArgumentParser
/// reads it without doubt.
enum QuickArgument {
    /// `--name=VALUE` as its name and value, any other option as itself with no value; nil for
    /// `--name=`, which ArgumentParser calls a missing value.
    static func split(_ argument: String) -> (name: String, value: String?)? {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        let value = String(argument[argument.index(after: equals)...])
        return value.isEmpty ? nil : (String(argument[..<equals]), value)
    }

    /// The value of an option that takes one: its `=VALUE` when `given`, else the argument at
    /// `index` when there is one and it does not start with `-` (`index` then moves past it).
    static func value(_ given: String?, in arguments: [String], at index: inout Int) -> String? {
        if let given { return given }
        guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
        index += 1
        return arguments[index - 1]
    }
}
