import ArgumentParser

extension CommandConfiguration {
    /// This configuration, for a subcommand that `CourierMain.shortcut` parses on its own and
    /// whose start counts (`check` and `diff`, whose runs the bench times).
    ///
    /// Why: parsed on its own, a command is its own root, and ArgumentParser first parses the
    /// arguments twice more looking for `--generate-completion-script`, reflecting both
    /// completion commands: 0.7 ms of every `courier check`'s CPU, 7 % of its start. A command
    /// under a "super command" skips that look, which the shortcut never needs: it leaves
    /// `--generate-…` to the root's parse. As a subcommand of the root, where help and
    /// completion come from, the setting is not read.
    func parsedAlone() -> CommandConfiguration {
        var configuration = self
        configuration._superCommandName = "courier"
        return configuration
    }
}
