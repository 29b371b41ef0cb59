import CourierCore

/// `posts`, `posts/:id` and their comments.
extension SampleRouter {
    func listPosts(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        .json(.array(deployment.posts.map(deployment.json)))
    }

    func showPost(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        let id = request.parameter("id")
        guard let post = deployment.posts.first(where: { String($0.id) == id }) else { return .missing("post", id) }
        return .json(deployment.json(post))
    }

    /// `POST posts` creates (a title is required); `PUT`/`PATCH posts/:id` change the fields given.
    func savePost(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        if let denied = await authorize(request, deployment) { return denied }
        guard let fields = parseObject(request.body) else { return badBody }
        var errors: [String: [String]] = [:]
        let id = request.parameters["id"]
        let title = id == nil ? requiredString(fields, "title", &errors) : optionalString(fields, "title", &errors)
        let body = optionalString(fields, "body", &errors)
        guard errors.isEmpty else { return invalid(errors) }
        let saved = await store.update(deployment.prefix) { deployment -> SamplePost? in
            if let id {
                guard let index = deployment.posts.firstIndex(where: { String($0.id) == id }) else { return nil }
                if let title { deployment.posts[index].title = title }
                if let body { deployment.posts[index].body = body }
                return deployment.posts[index]
            }
            let post = SamplePost(
                id: (deployment.posts.map(\.id).max() ?? 0) + 1, title: title ?? "", body: body ?? "", authorId: 42)
            deployment.posts.append(post)
            return post
        }
        guard let post = saved ?? nil else { return .missing("post", id ?? "") }
        return .json(post.json, status: id == nil ? 201 : 200)
    }

    func deletePost(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        if let denied = await authorize(request, deployment) { return denied }
        let id = request.parameter("id")
        let removed = await store.update(deployment.prefix) { deployment -> Bool in
            let before = deployment.posts.count
            deployment.posts.removeAll { String($0.id) == id }
            deployment.comments.removeAll { String($0.postId) == id }
            return deployment.posts.count < before
        }
        return removed == true ? .noContent : .missing("post", id)
    }

    func listComments(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard let post = post(request, deployment) else { return .missing("post", request.parameter("id")) }
        return .json(.array(deployment.comments.filter { $0.postId == post.id }.map(\.json)))
    }

    func showComment(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        if deployment.flaws.contains(.commentRouteGone) {
            return .error(404, "no route for \(request.method) \(request.path)")
        }
        guard let post = post(request, deployment) else { return .missing("post", request.parameter("id")) }
        let id = request.parameter("comment")
        guard let comment = deployment.comments.first(where: { $0.postId == post.id && String($0.id) == id }) else {
            return .missing("comment", id)
        }
        return .json(comment.json)
    }

    func createComment(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        guard let post = post(request, deployment) else { return .missing("post", request.parameter("id")) }
        if let denied = await authorize(request, deployment) { return denied }
        guard let fields = parseObject(request.body) else { return badBody }
        var errors: [String: [String]] = [:]
        let text = requiredString(fields, "text", &errors)
        let author = optionalString(fields, "author", &errors) ?? "anonymous"
        guard errors.isEmpty else { return invalid(errors) }
        let comment = await store.update(deployment.prefix) { deployment -> SampleComment in
            let comment = SampleComment(
                id: (deployment.comments.map(\.id).max() ?? 0) + 1, postId: post.id, author: author, text: text)
            deployment.comments.append(comment)
            return comment
        }
        guard let comment else { return .missing("deployment", deployment.prefix) }
        return .json(comment.json, status: 201)
    }

    /// The post named by the route's `:id`.
    private func post(_ request: SampleRequest, _ deployment: SampleDeployment) -> SamplePost? {
        let id = request.parameter("id")
        return deployment.posts.first { String($0.id) == id }
    }
}
