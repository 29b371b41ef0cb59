import CourierCore

/// A user of the sample API.
struct SampleUser: Sendable {
    var id: Int
    var name: String
    var surname: String
    var email: String
    var address: SampleAddress

    var json: JSONValue {
        .object([
            JSONMember("id", .int(id)), JSONMember("name", .string(name)), JSONMember("surname", .string(surname)),
            JSONMember("email", .string(email)), JSONMember("address", address.json),
        ])
    }
}

/// A postal address; nested so `json_path` has something to reach into.
struct SampleAddress: Sendable {
    var street: String
    var city: String
    var zip: String

    var json: JSONValue {
        .object([
            JSONMember("street", .string(street)), JSONMember("city", .string(city)), JSONMember("zip", .string(zip)),
        ])
    }
}

/// A blog post.
struct SamplePost: Sendable {
    var id: Int
    var title: String
    var body: String
    var authorId: Int

    var json: JSONValue {
        .object([
            JSONMember("id", .int(id)), JSONMember("title", .string(title)), JSONMember("body", .string(body)),
            JSONMember("author_id", .int(authorId)),
        ])
    }
}

/// A comment on a post.
struct SampleComment: Sendable {
    var id: Int
    var postId: Int
    var author: String
    var text: String

    var json: JSONValue {
        .object([
            JSONMember("id", .int(id)), JSONMember("post_id", .int(postId)), JSONMember("author", .string(author)),
            JSONMember("text", .string(text)),
        ])
    }
}

/// A message in the inbox.
struct SampleMessage: Sendable {
    var id: Int
    var from: String
    var text: String
    var read: Bool

    var json: JSONValue {
        .object([
            JSONMember("id", .int(id)), JSONMember("from", .string(from)), JSONMember("text", .string(text)),
            JSONMember("read", .bool(read)),
        ])
    }
}

/// A headline in one language.
struct SampleHeadline: Sendable {
    var id: Int
    var language: String
    var title: String

    var json: JSONValue {
        .object([
            JSONMember("id", .int(id)), JSONMember("language", .string(language)), JSONMember("title", .string(title)),
        ])
    }
}

extension JSONValue {
    /// A whole number.
    static func int(_ value: Int) -> JSONValue { .number(String(value)) }

    /// An object from ordered pairs.
    static func fields(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { JSONMember($0.key, $0.value) })
    }
}
