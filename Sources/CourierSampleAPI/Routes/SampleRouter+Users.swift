import CourierCore

/// `users` and `users/:id`.
extension SampleRouter {
    func listUsers(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        let city = request.query("city")?.lowercased()
        let list = deployment.users.filter { city == nil || city == "" || $0.address.city.lowercased() == city }
        return .json(.array(list.map(\.json)))
    }

    func showUser(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        let id = request.parameter("id")
        guard let user = deployment.users.first(where: { String($0.id) == id }) else { return .missing("user", id) }
        return .json(user.json)
    }

    func createUser(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        if let denied = await authorize(request, deployment) { return denied }
        guard let fields = parseObject(request.body) else { return badBody }
        var errors: [String: [String]] = [:]
        let name = requiredString(fields, "name", &errors)
        let city = requiredString(fields, "city", &errors)
        let surname = optionalString(fields, "surname", &errors) ?? ""
        let email = optionalString(fields, "email", &errors) ?? ""
        if !email.isEmpty && !email.contains("@") { errors["email", default: []].append("is not an email address") }
        guard errors.isEmpty else { return invalid(errors) }
        let prefix = deployment.prefix
        let user = await store.update(prefix) { deployment -> SampleUser in
            let id = (deployment.users.map(\.id).max() ?? 0) + 1
            let user = SampleUser(
                id: id, name: name, surname: surname, email: email,
                address: SampleAddress(street: "", city: city, zip: ""))
            deployment.users.append(user)
            return user
        }
        guard let user else { return .missing("deployment", prefix) }
        var reply = SampleReply.json(user.json, status: 201)
        reply.headers.append(("Location", "\(prefix)/users/\(user.id)"))
        return reply
    }

    /// `PUT` and `PATCH`: both change only the fields the body names.
    func updateUser(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        if let denied = await authorize(request, deployment) { return denied }
        guard let fields = parseObject(request.body) else { return badBody }
        var errors: [String: [String]] = [:]
        let name = optionalString(fields, "name", &errors)
        let surname = optionalString(fields, "surname", &errors)
        let email = optionalString(fields, "email", &errors)
        let city = optionalString(fields, "city", &errors)
        if name == "" { errors["name", default: []].append("can't be blank") }
        guard errors.isEmpty else { return invalid(errors) }
        let id = request.parameter("id")
        let updated = await store.update(deployment.prefix) { deployment -> SampleUser? in
            guard let index = deployment.users.firstIndex(where: { String($0.id) == id }) else { return nil }
            if let name { deployment.users[index].name = name }
            if let surname { deployment.users[index].surname = surname }
            if let email { deployment.users[index].email = email }
            if let city { deployment.users[index].address.city = city }
            return deployment.users[index]
        }
        guard let user = updated ?? nil else { return .missing("user", id) }
        return .json(user.json)
    }

    func deleteUser(_ request: SampleRequest, _ deployment: SampleDeployment) async -> SampleReply {
        if let denied = await authorize(request, deployment) { return denied }
        let id = request.parameter("id")
        let removed = await store.update(deployment.prefix) { deployment -> Bool in
            let before = deployment.users.count
            deployment.users.removeAll { String($0.id) == id }
            return deployment.users.count < before
        }
        return removed == true ? .noContent : .missing("user", id)
    }
}
