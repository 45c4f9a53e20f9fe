import Foundation

extension Validation {
    /// First pass: the names of all models and which are enums, so types can refer to any model.
    mutating func collectModelNames(_ members: [JSONNode.Member]) {
        for member in members {
            modelNames.insert(member.key)
            if case .object(let fields) = member.value.value, let enumField = fields.first(where: { $0.key == "enum" }),
               case .array(let values) = enumField.value.value {
                modelKinds[member.key] = .some(values.compactMap { node in
                    if case .string(let text) = node.value { return text }
                    return nil
                })
            } else {
                modelKinds[member.key] = .some(nil)
            }
        }
    }

    mutating func validateModels(_ members: [JSONNode.Member]) -> [Model] {
        var models: [Model] = []
        for member in members {
            if let model = validateModel(member) { models.append(model) }
        }
        checkModelsDoNotContainThemselves(models)
        return models
    }

    /// A struct cannot hold a value of its own type, directly or through other structs, even as an
    /// optional: only an array or a dictionary breaks the cycle (`"replies": "[Comment]"`). Each
    /// property that closes such a cycle is an error, rather than Swift that does not compile.
    ///
    /// Models are user input, so this is linear and recursion-free: a property from model A to model
    /// B closes a cycle exactly when A and B are in the same strongly connected component of the
    /// "holds inline" graph (Kosaraju's algorithm with explicit stacks).
    mutating func checkModelsDoNotContainThemselves(_ models: [Model]) {
        let objects = models.filter { if case .object = $0.kind { return true } else { return false } }
        var index: [String: Int] = [:]
        for (position, model) in objects.enumerated() { index[model.swiftName] = position }
        // Edges: the object models each object model holds inline (through optionals, not collections).
        var edges: [[(to: Int, property: Property)]] = Array(repeating: [], count: objects.count)
        var reverse: [[Int]] = Array(repeating: [], count: objects.count)
        for (from, model) in objects.enumerated() {
            guard case .object(let properties) = model.kind else { continue }
            for property in properties {
                var type = property.type
                while case .optional(let wrapped) = type { type = wrapped }
                if case .model(let name, defined: true) = type, let to = index[name] {
                    edges[from].append((to, property))
                    reverse[to].append(from)
                }
            }
        }

        // Pass 1: finishing order of a depth-first walk.
        var finished: [Int] = []
        var seen = Array(repeating: false, count: objects.count)
        for start in objects.indices where !seen[start] {
            seen[start] = true
            var stack = [(node: start, next: 0)]
            while let top = stack.last {
                if top.next < edges[top.node].count {
                    stack[stack.count - 1].next += 1
                    let to = edges[top.node][top.next].to
                    if !seen[to] {
                        seen[to] = true
                        stack.append((to, 0))
                    }
                } else {
                    finished.append(top.node)
                    stack.removeLast()
                }
            }
        }
        // Pass 2: components, walking the reversed edges in reverse finishing order.
        var component = Array(repeating: -1, count: objects.count)
        var members: [[Int]] = []
        for start in finished.reversed() where component[start] == -1 {
            component[start] = members.count
            var found = [start]
            var stack = [start]
            while let node = stack.popLast() {
                for from in reverse[node] where component[from] == -1 {
                    component[from] = members.count
                    found.append(from)
                    stack.append(from)
                }
            }
            members.append(found)
        }

        // For the messages: in each component, breadth-first trees to and from its first model (the
        // root), so a property A -> B reads A -> B -> ... -> root -> ... -> A. Depths give a chain's
        // length without walking it; a long chain is shown by its start and its end.
        var towardRoot: [Int: (next: Int, depth: Int)] = [:]   // node -> next node toward the root
        var fromRoot: [Int: (previous: Int, depth: Int)] = [:]  // node -> previous node from the root
        var root: [Int: Int] = [:]                              // component -> root
        func spanningTree(from start: Int, _ neighbours: (Int) -> [Int], link: (Int, Int, Int) -> Void) {
            var queue = [(node: start, depth: 0)]
            var head = 0
            var reached: Set<Int> = [start]
            while head < queue.count {
                let (node, depth) = queue[head]
                head += 1
                for next in neighbours(node) where component[next] == component[start] && reached.insert(next).inserted {
                    link(next, node, depth + 1)
                    queue.append((next, depth + 1))
                }
            }
        }
        for (from, list) in edges.enumerated() {
            for edge in list where component[edge.to] == component[from] {
                let id = component[from]
                guard root[id] == nil else { continue }
                let first = members[id].min() ?? from
                root[id] = first
                spanningTree(from: first, { reverse[$0] }, link: { towardRoot[$0] = ($1, $2) })
                spanningTree(from: first, { node in edges[node].map(\.to) }, link: { fromRoot[$0] = ($1, $2) })
            }
        }
        /// The models from `from` through `to` back to `from`, at most `limit` of them.
        func chain(from: Int, to: Int, root top: Int, limit: Int) -> [Int] {
            var nodes = [from, to]
            var node = to
            while nodes.count < limit, node != top, let step = towardRoot[node] {
                node = step.next
                nodes.append(node)
            }
            guard nodes.count < limit else { return nodes }
            var back: [Int] = []
            node = from
            while node != top, let step = fromRoot[node] {
                back.append(node)
                node = step.previous
            }
            return nodes + back.reversed()
        }

        for (from, list) in edges.enumerated() {
            for edge in list where component[edge.to] == component[from] {
                guard let top = root[component[from]] else { continue }
                let length = 2 + (towardRoot[edge.to]?.depth ?? 0) + (fromRoot[from]?.depth ?? 0)
                let shown: String
                if length <= 10 {
                    shown = chain(from: from, to: edge.to, root: top, limit: 10).map { objects[$0].swiftName }.joined(separator: " -> ")
                } else {
                    let start = chain(from: from, to: edge.to, root: top, limit: 5).map { objects[$0].swiftName }
                    shown = (start + ["...", objects[from].swiftName]).joined(separator: " -> ") + ", \(length - 1) models"
                }
                let model = objects[from]
                error("model '\(model.key)' contains itself through property '\(edge.property.key)' (\(shown)); "
                      + "a struct cannot hold its own type, even as an optional: use an array (\"[\(objects[edge.to].swiftName)]\") or JSON",
                      at: edge.property.location)
            }
        }
    }

    mutating func validateModel(_ member: JSONNode.Member) -> Model? {
        let key = member.key
        if let problem = Naming.typeNameProblem(key) ?? reservedTypeNameProblem(key) {
            error("model name: \(problem)", at: member.keyLocation)
        }
        guard let members = object(member.value, "model '\(key)'") else { return nil }
        let fields = Fields(members)
        var description: String?
        if let field = fields["description"] { description = string(field.value, "the 'description' of model '\(key)'") }

        if let enumField = fields["enum"] {
            if let properties = fields["properties"] {
                error("model '\(key)' has both 'enum' and 'properties'; a model is either an enum or an object", at: properties.keyLocation)
            }
            checkKeys(members, allowed: SpecKeys.enumModel + ["properties"], in: "in enum model '\(key)'")
            guard case .array(let values) = enumField.value.value else {
                error("'enum' must be an array of strings, found \(Validation.kind(of: enumField.value))", at: enumField.value.location)
                return nil
            }
            if values.isEmpty {
                error("enum model '\(key)' has no values", at: enumField.value.location)
            }
            var cases: [EnumCase] = []
            var seenValues: [String: SourceLocation] = [:]
            var names: [(key: String, swiftName: String, location: SourceLocation)] = []
            for node in values {
                guard case .string(let value) = node.value else {
                    error("enum values must be strings, found \(Validation.kind(of: node))", at: node.location)
                    continue
                }
                if let first = seenValues[value] {
                    error("enum value '\(value)' is listed twice (also at line \(first.line), column \(first.column))", at: node.location)
                    continue
                }
                seenValues[value] = node.location
                let swiftName = Naming.enumCase(value)
                names.append((value, swiftName, node.location))
                cases.append(EnumCase(value: value, swiftName: swiftName))
            }
            checkCollisions(names, what: "enum value")
            return Model(key: key, swiftName: key, description: description, kind: .enumeration(cases), location: member.keyLocation)
        }

        checkKeys(members, allowed: SpecKeys.objectModel, in: "in model '\(key)'")
        var properties: [Property] = []
        if let field = fields["properties"], let propertyMembers = object(field.value, "'properties'") {
            for propertyMember in propertyMembers {
                if let property = validateProperty(propertyMember, model: key) { properties.append(property) }
            }
            checkCollisions(propertyMembers.map { ($0.key, Naming.lowerCamel($0.key), $0.keyLocation) }, what: "property")
        }
        return Model(key: key, swiftName: key, description: description, kind: .object(properties), location: member.keyLocation)
    }

    mutating func validateProperty(_ member: JSONNode.Member, model: String) -> Property? {
        let key = member.key
        var type: TypeRef?
        var description: String?
        var defaultValue: DefaultValue?
        switch member.value.value {
        case .string:
            type = typeString(member.value, "the type of property '\(key)'", allowVoid: false)
        case .object(let members):
            checkKeys(members, allowed: SpecKeys.property, in: "in property '\(key)' of model '\(model)'")
            let fields = Fields(members)
            if let field = fields["type"] {
                type = typeString(field.value, "the type of property '\(key)'", allowVoid: false)
            } else {
                error("property '\(key)' is missing the required key 'type'", at: member.keyLocation)
            }
            if let field = fields["description"] { description = string(field.value, "the 'description' of property '\(key)'") }
            if let field = fields["default"], let type {
                defaultValue = checkedDefault(field.value, type: type, what: "property '\(key)'")
            }
        default:
            error("property '\(key)' must be a type string or an object, found \(Validation.kind(of: member.value))", at: member.value.location)
            return nil
        }
        // A stored `hashValue` would take the place of Hashable's own (a deprecated requirement, so
        // the generated struct would not compile without a warning, and hash inconsistently).
        if Naming.lowerCamel(key) == "hashValue" {
            error("property '\(key)' would be the Swift property 'hashValue', which the generated Hashable struct cannot declare; rename the property", at: member.keyLocation)
        }
        guard let type else { return nil }
        return Property(key: key, swiftName: Naming.lowerCamel(key), type: type, description: description,
                        defaultValue: defaultValue, location: member.keyLocation)
    }

    // MARK: Defaults

    /// Checks a `default` against `type` and returns it as a `DefaultValue`, or reports why it does not fit.
    mutating func checkedDefault(_ node: JSONNode, type: TypeRef, what: String) -> DefaultValue? {
        func mismatch(_ expected: String) -> DefaultValue? {
            error("the default of \(what) must be \(expected) for the type '\(type.specText)', found \(Validation.kind(of: node))", at: node.location)
            return nil
        }
        switch type {
        case .optional(let wrapped):
            if case .null = node.value { return .null }
            return checkedDefault(node, type: wrapped, what: what)
        case .builtin(let builtin):
            switch (builtin, node.value) {
            case (.string, .string(let text)):
                return .string(text)
            case (.int, .number(let text)), (.int32, .number(let text)), (.int64, .number(let text)):
                guard JSONParser.isValidNumber(text) else { return nil }
                let fits: Bool
                switch builtin {
                case .int32: fits = Int32(text) != nil
                default: fits = Int64(text) != nil
                }
                guard fits else {
                    error("the default of \(what) must be a whole number that fits '\(builtin.rawValue)', found \(text)", at: node.location)
                    return nil
                }
                return .integer(text)
            case (.double, .number(let text)), (.float, .number(let text)):
                guard JSONParser.isValidNumber(text) else { return nil }
                return .number(text)
            case (.bool, .bool(let flag)):
                return .bool(flag)
            case (.uuid, .string(let text)):
                guard UUID(uuidString: text) != nil else {
                    error("the default of \(what) is not a UUID: '\(text)'", at: node.location)
                    return nil
                }
                return .string(text)
            case (.url, .string(let text)):
                guard !text.isEmpty, URL(string: text) != nil else {
                    error("the default of \(what) is not a URL: '\(text)'", at: node.location)
                    return nil
                }
                return .string(text)
            case (.date, _), (.data, _):
                error("a default is not supported for the type '\(builtin.rawValue)' (\(what))", at: node.location)
                return nil
            case (.string, _), (.uuid, _), (.url, _): return mismatch("a string")
            case (.int, _), (.int32, _), (.int64, _): return mismatch("a whole number")
            case (.double, _), (.float, _): return mismatch("a number")
            case (.bool, _): return mismatch("true or false")
            }
        case .model(let name, true):
            if let kind = modelKinds[name], let values = kind {
                guard case .string(let text) = node.value else { return mismatch("a string") }
                guard values.contains(text) else {
                    error("the default of \(what) must be a value of the enum '\(name)' (\(Validation.list(values))), found '\(text)'", at: node.location)
                    return nil
                }
                return .enumCase(text)
            }
            error("a default is not supported for the object model type '\(name)' (\(what))", at: node.location)
            return nil
        case .array(let element):
            guard case .array(let elements) = node.value else { return mismatch("an array") }
            var values: [DefaultValue] = []
            for item in elements {
                guard let value = checkedDefault(item, type: element, what: what) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .model, .json, .file, .dictionary, .void:
            error("a default is not supported for the type '\(type.specText)' (\(what))", at: node.location)
            return nil
        }
    }
}
