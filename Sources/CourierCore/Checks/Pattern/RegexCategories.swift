/// The Unicode general categories `\p{…}` names, by their short and long names (`Lu`,
/// `Uppercase_Letter`, `L`, `Letter`), as Swift's `Regex` and Rust's `regex` take them.
enum RegexCategories {
    private typealias Category = Unicode.GeneralCategory

    private static let single: [(short: String, long: String, category: Category)] = [
        ("Lu", "Uppercase_Letter", .uppercaseLetter), ("Ll", "Lowercase_Letter", .lowercaseLetter),
        ("Lt", "Titlecase_Letter", .titlecaseLetter), ("Lm", "Modifier_Letter", .modifierLetter),
        ("Lo", "Other_Letter", .otherLetter), ("Mn", "Nonspacing_Mark", .nonspacingMark),
        ("Mc", "Spacing_Mark", .spacingMark), ("Me", "Enclosing_Mark", .enclosingMark),
        ("Nd", "Decimal_Number", .decimalNumber), ("Nl", "Letter_Number", .letterNumber),
        ("No", "Other_Number", .otherNumber), ("Pc", "Connector_Punctuation", .connectorPunctuation),
        ("Pd", "Dash_Punctuation", .dashPunctuation), ("Ps", "Open_Punctuation", .openPunctuation),
        ("Pe", "Close_Punctuation", .closePunctuation), ("Pi", "Initial_Punctuation", .initialPunctuation),
        ("Pf", "Final_Punctuation", .finalPunctuation), ("Po", "Other_Punctuation", .otherPunctuation),
        ("Sm", "Math_Symbol", .mathSymbol), ("Sc", "Currency_Symbol", .currencySymbol),
        ("Sk", "Modifier_Symbol", .modifierSymbol), ("So", "Other_Symbol", .otherSymbol),
        ("Zs", "Space_Separator", .spaceSeparator), ("Zl", "Line_Separator", .lineSeparator),
        ("Zp", "Paragraph_Separator", .paragraphSeparator), ("Cc", "Control", .control),
        ("Cf", "Format", .format), ("Cs", "Surrogate", .surrogate), ("Co", "Private_Use", .privateUse),
        ("Cn", "Unassigned", .unassigned),
    ]

    private static let groups: [(short: String, long: String)] = [
        ("L", "Letter"), ("M", "Mark"), ("N", "Number"), ("P", "Punctuation"), ("S", "Symbol"),
        ("Z", "Separator"), ("C", "Other"),
    ]

    /// The categories `name` stands for (case, spaces, `-` and `_` aside), or nil.
    static func named(_ name: String) -> [Unicode.GeneralCategory]? {
        let key = loose(name)
        if let entry = single.first(where: { loose($0.short) == key || loose($0.long) == key }) {
            return [entry.category]
        }
        guard let group = groups.first(where: { loose($0.short) == key || loose($0.long) == key }) else {
            return nil
        }
        return single.filter { $0.short.hasPrefix(group.short) }.map(\.category)
    }

    /// A name compared as Unicode's loose matching does: no case, spaces, `-` or `_`.
    private static func loose(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" })
    }
}
