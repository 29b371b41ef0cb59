/// Every dialog, in the order the key table lists their keys: the one list to extend when
/// adding a dialog (its file holds the rest).
public enum DialogRegistry {
    /// The dialogs' types.
    public static let all: [any Dialog.Type] = [
        CookieList.self, HelpDialog.self, EnvironmentSwitcher.self, ConfirmDialog.self, RunPicker.self,
        RunConfirmation.self, RunDialog.self, HistoryDialog.self, DiffPicker.self, TextEntryDialog.self,
        DiffDisplay.self, VariableList.self, CommandPalette.self, ComparePicker.self, TimingDialog.self,
        TrustDialog.self, OperationPicker.self,
    ]

    /// The dialog type `Action.open(dialog:)` names.
    static func type(_ id: ObjectIdentifier) -> (any Dialog.Type)? {
        all.first { ObjectIdentifier($0) == id }
    }
}
