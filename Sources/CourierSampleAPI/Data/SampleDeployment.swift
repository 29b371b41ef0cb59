import CourierCore

/// One deployment of the sample API (development, production, and production's release
/// candidate) with its own data and token, so switching environments in Courier visibly changes
/// what comes back.
struct SampleDeployment: Sendable {
    /// What a release candidate gets wrong on purpose, for release QA to find.
    enum Flaw: Sendable {
        /// `GET messages` answers 502, as a broken upstream would.
        case messagesBadGateway
        /// `GET headlines` takes 80 ms longer.
        case slowHeadlines
        /// A post's `author_id` is a string (`"1"`), against the OpenAPI document's integer.
        case authorIDAsText
        /// `GET posts/:id/comments/:comment` is gone: 404, as for a path it does not know.
        case commentRouteGone
    }

    /// A post as this deployment writes it.
    func json(_ post: SamplePost) -> JSONValue {
        guard flaws.contains(.authorIDAsText), case .object(var members) = post.json else { return post.json }
        for index in members.indices where members[index].key == "author_id" {
            members[index].value = .string(String(post.authorId))
        }
        return .object(members)
    }

    /// URL prefix, e.g. `/dev/v1`.
    var prefix: String
    /// Short name shown in responses.
    var name: String
    /// Bearer token that writes must carry.
    var token: String
    /// The password `POST login` accepts.
    var password: String
    /// The plan `GET account` shows.
    var plan: String
    var users: [SampleUser]
    var posts: [SamplePost]
    var comments: [SampleComment]
    var messages: [SampleMessage]
    var headlines: [SampleHeadline]
    /// What this deployment gets wrong on purpose.
    var flaws: Set<Flaw> = []

    static let development = SampleDeployment(
        prefix: "/dev/v1", name: "development", token: "dev-token", password: "dev-password", plan: "team",
        users: [
            SampleUser(
                id: 1, name: "Ada", surname: "Lovelace", email: "ada@dev.example",
                address: SampleAddress(street: "12 St James's Square", city: "London", zip: "SW1Y 4JH")),
            SampleUser(
                id: 2, name: "Núria", surname: "Puig", email: "nuria@dev.example",
                address: SampleAddress(street: "Carrer de Mallorca 401", city: "Barcelona", zip: "08013")),
            SampleUser(
                id: 42, name: "Pablo", surname: "Blanco", email: "pablo@dev.example",
                address: SampleAddress(street: "Calle de Alcalá 1", city: "Madrid", zip: "28014")),
        ],
        posts: [
            SamplePost(id: 1, title: "Hello from development", body: "Fresh builds land here first.", authorId: 42),
            SamplePost(id: 2, title: "Feature flags", body: "Everything is switched on in development.", authorId: 1),
        ],
        comments: [
            SampleComment(id: 1, postId: 1, author: "Ada", text: "Works on my machine."),
            SampleComment(id: 2, postId: 1, author: "Núria", text: "Molt bé!"),
        ],
        messages: [
            SampleMessage(id: 1, from: "ci@dev.example", text: "Build #1024 passed", read: false)
        ],
        headlines: [
            SampleHeadline(id: 1, language: "en", title: "[dev] Courier ships a sample API"),
            SampleHeadline(id: 2, language: "es", title: "[dev] Courier incluye una API de ejemplo"),
            SampleHeadline(id: 3, language: "ca", title: "[dev] Courier inclou una API d'exemple"),
        ]
    )

    static let production = SampleDeployment(
        prefix: "/prod/v1", name: "production", token: "prod-token", password: "prod-password", plan: "enterprise",
        users: [
            SampleUser(
                id: 1, name: "Grace", surname: "Hopper", email: "grace@example.com",
                address: SampleAddress(street: "1 Navy Yard", city: "Arlington", zip: "22202")),
            SampleUser(
                id: 7, name: "Marie", surname: "Curie", email: "marie@example.com",
                address: SampleAddress(street: "11 Rue Pierre et Marie Curie", city: "Paris", zip: "75005")),
            SampleUser(
                id: 42, name: "Alan", surname: "Turing", email: "alan@example.com",
                address: SampleAddress(street: "Wilmslow Road", city: "Manchester", zip: "M20 2RN")),
        ],
        posts: [
            SamplePost(id: 1, title: "Release notes 2.0", body: "Production is on 2.0.", authorId: 1)
        ],
        comments: [
            SampleComment(id: 1, postId: 1, author: "Marie", text: "Smooth release.")
        ],
        messages: [
            SampleMessage(id: 1, from: "ops@example.com", text: "Deploy 2.0 finished", read: true),
            SampleMessage(id: 2, from: "support@example.com", text: "3 tickets closed", read: false),
        ],
        headlines: [
            SampleHeadline(id: 1, language: "en", title: "Courier 2.0 is live"),
            SampleHeadline(id: 2, language: "es", title: "Courier 2.0 ya está disponible"),
            SampleHeadline(id: 3, language: "ca", title: "Courier 2.0 ja és aquí"),
        ]
    )

    /// Production's next release, served beside it: the same data but for what a release can
    /// break (a changed field, a failing route, a slower one, a field of the wrong type), so `courier diff --env production
    /// --env candidate` has something real to find among routes that are the same.
    static let candidate: SampleDeployment = {
        var next = production
        next.prefix = "/next/v1"
        next.name = "candidate"
        next.users = production.users.map { user in
            var user = user
            if user.id == 42 { user.address.zip = "M20" }
            return user
        }
        next.flaws = [.messagesBadGateway, .slowHeadlines, .authorIDAsText, .commentRouteGone]
        return next
    }()
}
