import Testing

@testable import CourierCore

/// WebSocket routes in the core: the workspace's keys, the URL and plan built, the protected
/// guard, the check queries on a transcript, the transcript's bound and its JSON for history.
@Suite("WebSocket routes")
struct WebSocketRouteTests {
    static let file = """
        {"environments": {
           "dev": {"base_url": "https://api.test/v1", "variables": {"token": "s3cr+t/=&\\"x\\\\"}, "secrets": ["token"]},
           "prod": {"base_url": "http://prod.test", "protected": true, "variables": {"token": "p"}}},
         "routes": [
           {"name": "chat", "method": "GET", "path": "/chat", "websocket": true,
            "messages": ["{\\"auth\\": \\"{{token}}\\"}", "hello"], "until": "json type == \\"done\\""},
           {"name": "abs", "method": "GET", "path": "ws://other.test:8080/live?x=1"},
           {"name": "plain", "method": "GET", "path": "ws://other.test/live", "websocket": false}
         ]}
        """

    static func workspace() throws -> Workspace {
        try WorkspaceLoader().load(bytes: Array(file.utf8), fileName: "environments.json", baseDirectory: "/w")
    }

    static func build(_ name: String, env: Int = 0, input: RequestInput = RequestInput()) throws -> PreparedRequest {
        let workspace = try Self.workspace()
        return try RequestBuilder(workspace: workspace, processEnvironment: [:]).build(
            route: try workspace.route(named: name), environment: workspace.environments[env], input: input)
    }

    @Test("a route's URL is ws/wss from the environment's http/https base, or the ws URL it names")
    func urls() throws {
        #expect(try Self.build("chat").request.url == "wss://api.test/v1/chat")
        #expect(try Self.build("chat", env: 1).request.url == "ws://prod.test/chat")
        #expect(try Self.build("abs").request.url == "ws://other.test:8080/live?x=1")
        #expect(RequestBuilder.upgradeURL("wss://api.test/v1/chat") == "https://api.test/v1/chat")
        #expect(RequestBuilder.upgradeURL("ws://a/b") == "http://a/b")
        #expect(RequestBuilder.upgradeURL("http://a/b") == "http://a/b")
        // A ws path is a WebSocket route whatever the flag says: `websocket: false` is the default.
        #expect(try Self.build("plain").isWebSocket)
    }

    @Test("the plan: messages with templates filled (or --message's), until, and the implicit check")
    func plan() throws {
        let prepared = try Self.build("chat")
        #expect(prepared.webSocket?.messages == [#"{"auth": "s3cr+t/=&"x\"}"#, "hello"])
        #expect(prepared.webSocket?.until?.source == #"json type == "done""#)
        #expect(prepared.checkPlan?.webSocket == true)
        var input = RequestInput()
        input.messages = ["{{token}}!"]
        #expect(try Self.build("chat", input: input).webSocket?.messages == [#"s3cr+t/=&"x\!"#])
        // The upgrade is a GET, but what its messages do is anyone's guess: a protected
        // environment asks first.
        let production = try Self.build("chat", env: 1)
        #expect(production.needsConfirmation)
        #expect(production.confirmationLabel == "WebSocket messages")
        #expect(!(try Self.build("chat")).needsConfirmation)
    }

    @Test(
        "the workspace's keys: shapes refused in one line, and written back as read",
        arguments: [
            (#""method": "POST", "path": "/c", "websocket": true"#, "a WebSocket route upgrades a GET"),
            (#""method": "GET", "path": "/c", "websocket": true, "body": {}"#, "a WebSocket route sends messages"),
            (#""method": "GET", "path": "/c", "messages": ["a"]"#, "applies to a WebSocket route"),
            (#""method": "GET", "path": "/c", "until": "status == 101""#, "applies to a WebSocket route"),
            (#""method": "GET", "path": "/c", "websocket": true, "messages": "a""#, "expected an array of strings"),
            (#""method": "GET", "path": "/c", "websocket": true, "until": "jsn a == 1""#, "unknown query 'jsn'"),
            (#""method": "GET", "path": "/c", "websocket": "yes""#, "websocket"),
        ])
    func schema(route: String, message: String) {
        let text = """
            {"environments": {"dev": {"base_url": "http://h"}}, "routes": [{"name": "w", \(route)}]}
            """
        do {
            _ = try WorkspaceLoader().load(bytes: Array(text.utf8), fileName: "environments.json")
            Issue.record("loaded: \(route)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test("a WebSocket route written and read again is the same route")
    func roundTrip() throws {
        let workspace = try Self.workspace()
        let again = try WorkspaceLoader().load(
            bytes: WorkspaceWriter().bytes(workspace), fileName: "environments.json", baseDirectory: "/w")
        #expect(again.routes == workspace.routes)
    }

    /// A transcript: sent `ping`, received `{"type":"hello"}`, `tick 1`, `{"type":"done","n":3}`.
    static func transcript(close: WebSocketClose? = WebSocketClose(code: 4001, reason: "bye", byServer: true))
        -> WebSocketTranscript
    {
        var transcript = WebSocketTranscript(openedAt: 1_700_000_000)
        transcript.append(WebSocketMessage(.sent, text: "ping", time: 0.001))
        transcript.append(WebSocketMessage(.received, text: #"{"type":"hello"}"#, time: 0.002))
        transcript.append(WebSocketMessage(.received, text: "tick 1", time: 0.05))
        transcript.append(WebSocketMessage(.received, text: #"{"type":"done","n":3}"#, time: 0.1))
        transcript.close = close
        return transcript
    }

    @Test(
        "message and close queries read the transcript",
        arguments: [
            ("message count == 3", true, nil),
            ("message count >= 4", false, "got 3"),
            ("message first json type == \"hello\"", true, nil),
            ("message last json n == 3", true, nil),
            ("message 1 == \"tick 1\"", true, nil),
            ("message 1 contains \"tick\"", true, nil),
            ("message 1 count == 6", true, nil),
            ("message 1 json type exists", false, "the message is not JSON"),
            ("message 7 exists", false, "that message is not in the transcript (3 received)"),
            ("message last json x exists", false, "json x not found"),
            ("close code == 4001", true, nil),
            ("close code == 1000", false, "got 4001"),
        ] as [(String, Bool, String?)])
    func queries(line: String, passes: Bool, message: String?) throws {
        var response = HTTPResponse(status: 101, reason: "Switching Protocols")
        response.transcript = Self.transcript()
        let result = CheckEvaluator(response: response).evaluate(try CheckParser.check(line))
        #expect(result.passed == passes, "\(result)")
        if let message { #expect(result.message?.contains(message) == true, "\(result.message ?? "nil")") }
    }

    @Test("on a plain response, or with nothing received, the queries say why")
    func notAConversation() throws {
        let plain = CheckEvaluator(response: HTTPResponse(status: 200, reason: "OK"))
        #expect(plain.evaluate(try CheckParser.check("message count == 0")).message == "not a WebSocket conversation")
        #expect(plain.evaluate(try CheckParser.check("close code == 1000")).message == "not a WebSocket conversation")
        var response = HTTPResponse(status: 101, reason: "Switching Protocols")
        response.transcript = WebSocketTranscript()
        let empty = CheckEvaluator(response: response)
        #expect(empty.evaluate(try CheckParser.check("message last exists")).message == "no message was received")
        #expect(
            empty.evaluate(try CheckParser.check("close code == 1000")).message
                == "the conversation ended without a close frame")
    }

    @Test("the implicit check of a WebSocket route is the accepted upgrade")
    func implicit() {
        var evaluator = CheckEvaluator(response: HTTPResponse(status: 200, reason: "OK"))
        evaluator.webSocket = true
        let results = evaluator.evaluate(nil)
        #expect(results.map(\.check) == ["status == 101"])
        #expect(results.first?.passed == false)
    }

    @Test(
        "until: on the last message (json, body) or the transcript (message …); count",
        arguments: [
            (WebSocketPlan(until: try? CheckParser.check("json type == \"done\"")), true),
            (WebSocketPlan(until: try? CheckParser.check("json type == \"hello\"")), false),
            (WebSocketPlan(until: try? CheckParser.check("body contains \"done\"")), true),
            (WebSocketPlan(until: try? CheckParser.check("message count >= 3")), true),
            (WebSocketPlan(count: 3), true),
            (WebSocketPlan(count: 4), false),
            (WebSocketPlan(), false),
        ])
    func until(plan: WebSocketPlan, done: Bool) {
        #expect(plan.isDone(Self.transcript()) == done)
        #expect(plan.waits == (plan.until != nil || plan.count != nil))
    }

    @Test("the transcript keeps at most its limit, oldest whole messages going first, counts kept true")
    func bounded() throws {
        var transcript = WebSocketTranscript(limit: 1000)
        for index in 0..<100 {
            transcript.append(WebSocketMessage(.received, text: String(repeating: "x", count: 95) + "\(index + 1000)"))
        }
        #expect(transcript.receivedCount == 100)
        #expect(transcript.messages.count + transcript.dropped == 100)
        #expect(transcript.messages.reduce(0) { $0 + $1.data.count } <= 1000)
        #expect(transcript.messages.last?.text.hasSuffix("1099") == true)
        var response = HTTPResponse(status: 101, reason: "Switching Protocols")
        response.transcript = transcript
        // Counted among all received: message 99 is the last, message 0 is gone.
        let evaluator = CheckEvaluator(response: response)
        #expect(evaluator.evaluate(try CheckParser.check("message 99 endsWith \"1099\"")).passed)
        #expect(!evaluator.evaluate(try CheckParser.check("message 0 exists")).passed)
        #expect(!evaluator.evaluate(try CheckParser.check("message first exists")).passed)
    }

    @Test("JSON for history and HAR: read back the same, binary in base64, secrets masked in every form")
    func json() throws {
        var transcript = Self.transcript()
        transcript.append(WebSocketMessage(.received, .binary, data: [0, 255, 10], time: 0.2))
        transcript.problem = "the server sent a text message that is not UTF-8"
        let again = WebSocketTranscript(json: try JSONValue.parse(transcript.json.serialized))
        #expect(again == transcript)
        let har = transcript.harMessages
        guard case .array(let items) = har else { return #expect(Bool(false)) }
        #expect(items.first?["type"] == .string("send"))
        #expect(items.first?["opcode"] == .number("1"))
        #expect(items.first?["time"] == .number("1700000000.001"))
        #expect(items.last?["opcode"] == .number("2"))
        #expect(items.last?["data"] == .string("AP8K"))

        let secret = #"s3cr+t/=&"x\"#
        var secretive = WebSocketTranscript()
        for form in [secret, "s3cr%2Bt%2F%3D%26%22x%5C", #"s3cr+t/=&\"x\\"#, Base64.encode(Array(secret.utf8))] {
            secretive.append(WebSocketMessage(.received, text: "token=" + form))
        }
        secretive.close = WebSocketClose(code: 1008, reason: "bad " + secret, byServer: true)
        let masked = secretive.masked(SecretSet.of([secret]))
        for message in masked.messages { #expect(!message.text.contains("s3cr"), "\(message.text)") }
        #expect(masked.close?.reason.contains("s3cr") == false)
    }

    @Test("a close says who closed, the code's name and the reason on one line")
    func closeSummary() {
        #expect(
            WebSocketClose(code: 4001, reason: "session\nexpired", byServer: true).summary
                == #"closed by the server: 4001 "session expired""#)
        #expect(WebSocketClose(code: 1009, byServer: false).summary == "closed by Courier: 1009 (message too big)")
        #expect(WebSocketClose(code: 1000, byServer: false).isNormal)
        #expect(!WebSocketClose(code: 1011, byServer: true).isNormal)
    }
}
