import ArgumentParser

/// The options and flags `courier check` takes besides the workspace's and the send flags
/// (`CallFlag`), declared once: `CheckCommand` takes their names from here, and
/// `CheckQuickParser` reads the same names, so the two cannot disagree on a spelling
/// (`CheckShortcutTests` holds the rest).
enum CheckFlag: Int, CaseIterable {
    // Options that take a value.
    case env, junit, reportJSON, html, passes, jobs, retryUntil, interval, slower
    // Flags.
    case tap, bail, baseline, yes, contract

    /// Its one spelling.
    var spelling: String {
        switch self {
        case .env: "--env"
        case .junit: "--junit"
        case .reportJSON: "--report-json"
        case .html: "--html"
        case .passes: "--repeat"
        case .jobs: "--jobs"
        case .retryUntil: "--retry-until"
        case .interval: "--interval"
        case .slower: "--slower"
        case .tap: "--tap"
        case .bail: "--bail"
        case .baseline: "--baseline"
        case .yes: "--yes"
        case .contract: "--contract"
        }
    }

    /// Whether it takes a value (the others are flags).
    var takesValue: Bool { rawValue <= CheckFlag.slower.rawValue }

    /// The flag `argument` spells, or nil.
    static func named(_ argument: String) -> CheckFlag? {
        allCases.first { $0.spelling == argument }
    }

    /// Its name as ArgumentParser declares it.
    var name: NameSpecification { .customLong(String(spelling.dropFirst(2))) }
}
