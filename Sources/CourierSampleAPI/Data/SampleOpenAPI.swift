import CourierCore

/// The sample API's own OpenAPI 3.1 document, served at `GET /openapi.json`: what the
/// deployments promise, so `courier import openapi` of the demo and a contract check of the
/// candidate is the tour (`candidate` breaks it on purpose: a 502 and a text `author_id`).
enum SampleOpenAPI {
    /// The document, its servers on the host the request named (`HOST`, replaced).
    static func document(host: String) -> [UInt8] {
        Array(text.replacing("HOST", with: host).utf8)
    }

    // One JSON text, cut into lines only to keep them short; the cuts are not in the value.
    private static let text = [
        "{\"openapi\":\"3.1.0\",\"info\":{\"title\":\"Courier sample API\",\"version\":\"2.0.0\",\"description\":\"The API `co",
        "urier demo` serves: the same routes under each deployment's prefix.\"},\"servers\":[{\"url\":\"http://HOST",
        "/dev/v1\",\"description\":\"development\"},{\"url\":\"http://HOST/prod/v1\",\"description\":\"production\"},{\"url",
        "\":\"http://HOST/next/v1\",\"description\":\"candidate\"}],\"paths\":{\"/users\":{\"get\":{\"operationId\":\"users.i",
        "ndex\",\"summary\":\"Users, filtered by city\",\"parameters\":[{\"name\":\"city\",\"in\":\"query\",\"schema\":{\"type\"",
        ":\"string\"},\"example\":\"Madrid\"}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\"",
        ":{\"schema\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/User\"}}}}}}}},\"/users/{id}\":{\"get\":",
        "{\"operationId\":\"users.show\",\"parameters\":[{\"name\":\"id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":",
        "\"string\"},\"example\":\"42\"}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"sc",
        "hema\":{\"$ref\":\"#/components/schemas/User\"}}}},\"404\":{\"description\":\"Not found\",\"content\":{\"applicati",
        "on/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Error\"}}}}}}},\"/me\":{\"get\":{\"operationId\":\"me\",\"res",
        "ponses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"type\":\"object\",\"require",
        "d\":[\"response\"],\"properties\":{\"response\":{\"type\":\"object\",\"required\":[\"deployment\",\"user\"],\"properti",
        "es\":{\"deployment\":{\"type\":\"string\"},\"user\":{\"$ref\":\"#/components/schemas/User\"}}}}}}}}}}},\"/headline",
        "s\":{\"get\":{\"operationId\":\"headlines\",\"parameters\":[{\"name\":\"lang\",\"in\":\"query\",\"schema\":{\"type\":\"str",
        "ing\",\"enum\":[\"en\",\"es\",\"ca\"]}}],\"responses\":{\"200\":{\"description\":\"OK\",\"headers\":{\"Content-Language\"",
        ":{\"required\":true,\"schema\":{\"type\":\"string\"}}},\"content\":{\"application/json\":{\"schema\":{\"type\":\"obje",
        "ct\",\"required\":[\"language\",\"headlines\"],\"properties\":{\"language\":{\"type\":\"string\"},\"headlines\":{\"typ",
        "e\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/Headline\"}}}}}}}}}},\"/messages\":{\"get\":{\"operationI",
        "d\":\"messages.index\",\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{",
        "\"type\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/Message\"}}}}}}}},\"/posts\":{\"get\":{\"operationId\"",
        ":\"posts.index\",\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"type",
        "\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/Post\"}}}}}}}},\"/posts/{id}\":{\"get\":{\"operationId\":\"p",
        "osts.show\",\"parameters\":[{\"name\":\"id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"string\"},\"exampl",
        "e\":\"1\"}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"$ref\":\"#/c",
        "omponents/schemas/Post\"}}}},\"404\":{\"description\":\"Not found\",\"content\":{\"application/json\":{\"schema\"",
        ":{\"$ref\":\"#/components/schemas/Error\"}}}}}}},\"/posts/{post_id}/comments\":{\"get\":{\"operationId\":\"comm",
        "ents.index\",\"parameters\":[{\"name\":\"post_id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"string\"},\"",
        "example\":\"1\"}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\":{\"type",
        "\":\"array\",\"items\":{\"$ref\":\"#/components/schemas/Comment\"}}}}}}}},\"/posts/{post_id}/comments/{id}\":{\"",
        "get\":{\"operationId\":\"comments.show\",\"parameters\":[{\"name\":\"post_id\",\"in\":\"path\",\"required\":true,\"sch",
        "ema\":{\"type\":\"string\"},\"example\":\"1\"},{\"name\":\"id\",\"in\":\"path\",\"required\":true,\"schema\":{\"type\":\"str",
        "ing\"},\"example\":\"1\"}],\"responses\":{\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":{\"schema\"",
        ":{\"$ref\":\"#/components/schemas/Comment\"}}}},\"404\":{\"description\":\"Not found\",\"content\":{\"application",
        "/json\":{\"schema\":{\"$ref\":\"#/components/schemas/Error\"}}}}}}}},\"components\":{\"schemas\":{\"User\":{\"type",
        "\":\"object\",\"required\":[\"id\",\"name\",\"email\",\"address\"],\"properties\":{\"id\":{\"type\":\"integer\"},\"name\":{",
        "\"type\":\"string\"},\"surname\":{\"type\":\"string\"},\"email\":{\"type\":\"string\"},\"address\":{\"$ref\":\"#/componen",
        "ts/schemas/Address\"}}},\"Address\":{\"type\":\"object\",\"required\":[\"street\",\"city\",\"zip\"],\"properties\":{\"",
        "street\":{\"type\":\"string\"},\"city\":{\"type\":\"string\"},\"zip\":{\"type\":\"string\"}}},\"Headline\":{\"type\":\"obj",
        "ect\",\"required\":[\"id\",\"language\",\"title\"],\"properties\":{\"id\":{\"type\":\"integer\"},\"language\":{\"type\":\"",
        "string\"},\"title\":{\"type\":\"string\"}}},\"Message\":{\"type\":\"object\",\"required\":[\"id\",\"from\",\"text\",\"read",
        "\"],\"properties\":{\"id\":{\"type\":\"integer\"},\"from\":{\"type\":\"string\"},\"text\":{\"type\":\"string\"},\"read\":{\"",
        "type\":\"boolean\"}}},\"Post\":{\"type\":\"object\",\"required\":[\"id\",\"title\",\"body\",\"author_id\"],\"properties\"",
        ":{\"id\":{\"type\":\"integer\"},\"title\":{\"type\":\"string\"},\"body\":{\"type\":\"string\"},\"author_id\":{\"type\":\"in",
        "teger\"}}},\"Comment\":{\"type\":\"object\",\"required\":[\"id\",\"post_id\",\"author\",\"text\"],\"properties\":{\"id\":",
        "{\"type\":\"integer\"},\"post_id\":{\"type\":\"integer\"},\"author\":{\"type\":\"string\"},\"text\":{\"type\":\"string\"}}",
        "},\"Error\":{\"type\":\"object\",\"required\":[\"error\"],\"properties\":{\"error\":{\"type\":\"string\"}}}}}}",
    ].joined()
}
