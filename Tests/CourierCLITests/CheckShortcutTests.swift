import ArgumentParser
import Testing

@testable import courier

/// `courier check …` read by hand (`CheckQuickParser`) must mean exactly what ArgumentParser's
/// parse through the root means; what it cannot read it leaves to ArgumentParser.
@Suite("The check shortcut parses as the root does")
struct CheckShortcutTests {
    @Test(
        "the common shapes are read by hand, into the values ArgumentParser gives",
        arguments: [
            [],
            ["smoke"],
            ["smoke", "--env", "staging", "--env", "production", "--jobs", "4", "--repeat", "5", "--html", "r.html"],
            ["--contract", "--retry-until", "90s", "--interval", "2s", "--baseline", "--slower", "30%"],
            [
                "--config", "w.json", "users.*", "--var", "a=1", "--var", "b=2", "--lang", "fr", "--timeout", "2.5",
                "--retries", "2", "--retry-delay", "0.5", "--no-follow", "--no-history", "--no-cookies", "--junit",
                "j.xml", "--report-json", "r.json", "--tap", "--bail", "--yes",
            ],
            ["--env=staging", "--jobs=2", "a", "b", "--config=x.json", "--var=k=v"],
            ["--repeat", "0", "--jobs", "0"],
            ["--timeout", "1e3", "--retries", "+3"],
        ] as [[String]])
    func same(_ arguments: [String]) throws {
        let quick = try #require(CourierMain.quickCheck(["courier", "check"] + arguments))
        let root = try #require(try Courier.parseAsRoot(["check"] + arguments) as? CheckCommand)
        #expect(String(reflecting: quick) == String(reflecting: root.invocation))
    }

    @Test(
        "help, the unknown and the doubtful go to ArgumentParser",
        arguments: [
            ["--help"], ["-h"], ["help"], ["smoke", "--version"], ["--", "--tap"], ["--nope"], ["--jobs", "zero"],
            ["--jobs"], ["--env", "-x"], ["--tap", "--tap"], ["--html", "a", "--html", "b"], ["--tap=yes"],
            ["--jobs="], [""], ["-"], ["-p", "id=1"], ["--body", "{}"], ["--timeout", "soon"],
        ] as [[String]])
    func leftToArgumentParser(_ arguments: [String]) {
        #expect(CourierMain.quickCheck(["courier", "check"] + arguments) == nil)
    }

    @Test("only check is read by hand")
    func onlyCheck() {
        #expect(CourierMain.quickCheck(["courier", "diff", "--env", "a"]) == nil)
        #expect(CourierMain.quickCheck(["courier"]) == nil)
    }
}
