import Testing

@testable import CourierCore

/// Which routes of a `--jobs` run wait for which (RunSchedule).
@Suite("Run schedule")
struct RunScheduleTests {
    static func workspace(_ routes: String, environment: String = "{\"base_url\": \"http://qa.test\"}") throws
        -> Workspace
    {
        let text = "{\"environments\": {\"qa\": \(environment)}, \"routes\": [\(routes)]}"
        return try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "environments.json")
    }

    static let cases: [(String, String, String, [[Int]])] = [
        (
            "independent reads wait for nothing",
            #"{"name": "a", "path": "/a"}, {"name": "b", "path": "/b"}, {"name": "c", "path": "/c"}"#,
            #"{"base_url": "http://qa.test"}"#, [[], [], []]
        ),
        (
            "a header that uses a capture waits for the route that captures it",
            #"{"name": "a", "path": "/a", "capture": {"token": "json t"}}, {"name": "b", "path": "/b"},"#
                + #"{"name": "c", "path": "/c", "headers": {"X-Token": "{{token}}"}}"#,
            #"{"base_url": "http://qa.test"}"#, [[], [], [0]]
        ),
        (
            "through an environment variable, and in a check",
            #"{"name": "a", "path": "/a", "capture": {"token": "json t"}}, {"name": "b", "path": "/b/{{auth}}"},"#
                + #"{"name": "c", "path": "/c", "checks": ["json t == \"{{token}}\""]}"#,
            #"{"base_url": "http://qa.test", "variables": {"auth": "Bearer {{token}}"}}"#, [[], [0], [0]]
        ),
        (
            "an environment header that uses a capture makes every later route wait for it",
            #"{"name": "a", "path": "/a"}, {"name": "login", "path": "/l", "capture": {"session": "json s"}},"#
                + #"{"name": "b", "path": "/b"}"#,
            #"{"base_url": "http://qa.test", "headers": {"Authorization": "Bearer {{session}}"}}"#, [[], [], [1]]
        ),
        (
            "a write waits for everything before it, and everything after waits for it",
            #"{"name": "a", "path": "/a"}, {"name": "b", "path": "/b"}, {"name": "w", "method": "POST", "path": "/w"},"#
                + #"{"name": "c", "path": "/c"}, {"name": "v", "method": "DELETE", "path": "/v"}"#,
            #"{"base_url": "http://qa.test"}"#, [[], [], [0, 1], [2], [2, 3]]
        ),
        (
            "the last of two routes capturing one name is the one waited for; they keep their order",
            #"{"name": "a", "path": "/a", "capture": {"x": "json x"}}, {"name": "b", "path": "/b", "capture": {"x": "json x"}},"#
                + #"{"name": "c", "path": "/c?x={{x}}"}"#,
            #"{"base_url": "http://qa.test"}"#, [[], [0], [1]]
        ),
    ]

    @Test("waits", arguments: cases)
    func waits(_ title: String, routes: String, environment: String, expected: [[Int]]) throws {
        let workspace = try Self.workspace(routes, environment: environment)
        let schedule = RunSchedule(
            routes: workspace.routes, workspace: workspace, environment: workspace.environments[0])
        #expect(schedule.waits == expected, "\(title)")
    }
}
