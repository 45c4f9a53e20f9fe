import Foundation

extension SpecChecker {
    /// A model as far as the rules across models need it.
    struct CheckedModel {
        struct Member {
            var key: String
            var type: TypeRef
            var location: SourceLocation
        }

        var key: RawKey
        /// The properties whose types parsed, for an object model; nil for an enum model.
        var properties: [Member]?
    }

    /// First pass: the names of all models and which are enums, so types can refer to any model.
    mutating func collectModelNames(_ models: [RawModel]) {
        for model in models {
            facts.modelNames.insert(model.key.key)
            if case .enumeration(let values?, _, _, _) = model.kind {
                facts.modelKinds[model.key.key] = .some(values.map(\.value))
            } else {
                facts.modelKinds[model.key.key] = .some(nil)
            }
        }
    }

    mutating func checkModels(_ models: [RawModel]) -> [CheckedModel] {
        var checked: [CheckedModel] = []
        for model in models {
            if let model = checkModel(model) { checked.append(model) }
        }
        checkModelsDoNotContainThemselves(checked)
        return checked
    }

    /// The model, or nil when it cannot be one (its problem is reported).
    mutating func checkModel(_ model: RawModel) -> CheckedModel? {
        let key = model.key.key
        if let problem = Naming.typeNameProblem(key) ?? Validation.reservedTypeNameProblem(key) {
            error("model name: \(problem)", at: model.key.location)
        }
        switch model.kind {
        case .invalid:
            return nil
        case .enumeration(let values, let count, let location, let propertiesKey):
            if let propertiesKey {
                error("model '\(key)' has both 'enum' and 'properties'; a model is either an enum or an object", at: propertiesKey)
            }
            guard let values else { return nil }
            if count == 0 {
                error("enum model '\(key)' has no values", at: location)
            }
            var seenValues: [String: SourceLocation] = [:]
            var names: [(key: String, swiftName: String, location: SourceLocation)] = []
            for value in values {
                if let first = seenValues[value.value] {
                    error("enum value '\(value.value)' is listed twice (also at line \(first.line), column \(first.column))", at: value.location)
                    continue
                }
                seenValues[value.value] = value.location
                names.append((value.value, Naming.enumCase(value.value), value.location))
            }
            checkCollisions(names, what: "enum value")
            return CheckedModel(key: model.key, properties: nil)
        case .object(let rawProperties):
            var properties: [CheckedModel.Member] = []
            if let rawProperties {
                for raw in rawProperties {
                    if let type = checkProperty(raw) {
                        properties.append(CheckedModel.Member(key: raw.key.key, type: type, location: raw.key.location))
                    }
                }
                checkCollisions(rawProperties.map { ($0.key.key, Naming.lowerCamel($0.key.key), $0.key.location) }, what: "property")
            }
            return CheckedModel(key: model.key, properties: properties)
        }
    }

    /// The property's type, or nil when it has none (its problem is reported).
    mutating func checkProperty(_ property: RawProperty) -> TypeRef? {
        let key = property.key.key
        let type = type(property.type, allowVoid: false)
        property.parsedType = type
        if let node = property.defaultValue, let type {
            _ = DefaultValues.value(node, type: type, what: "property '\(key)'", modelKinds: facts.modelKinds, diagnostics: &diagnostics)
        }
        guard property.isValid else { return nil }
        // A stored `hashValue` would take the place of Hashable's own (a deprecated requirement, so
        // the generated struct would not compile without a warning, and hash inconsistently).
        if Naming.lowerCamel(key) == "hashValue" {
            error("property '\(key)' would be the Swift property 'hashValue', which the generated Hashable struct cannot declare; rename the property",
                  at: property.key.location)
        }
        return type
    }

    /// A struct cannot hold a value of its own type, directly or through other structs, even as an
    /// optional: only an array or a dictionary breaks the cycle (`"replies": "[Comment]"`). Each
    /// property that closes such a cycle is an error, rather than Swift that does not compile.
    ///
    /// Models are user input, so this is linear and recursion-free: a property from model A to model
    /// B closes a cycle exactly when A and B are in the same strongly connected component of the
    /// "holds inline" graph (Kosaraju's algorithm with explicit stacks).
    mutating func checkModelsDoNotContainThemselves(_ models: [CheckedModel]) {
        let objects: [(name: String, properties: [CheckedModel.Member])] = models.compactMap { model in
            model.properties.map { (model.key.key, $0) }
        }
        var index: [String: Int] = [:]
        for (position, model) in objects.enumerated() { index[model.name] = position }
        // Edges: the object models each object model holds inline (through optionals, not collections).
        var edges: [[(to: Int, property: CheckedModel.Member)]] = Array(repeating: [], count: objects.count)
        var reverse: [[Int]] = Array(repeating: [], count: objects.count)
        for (from, model) in objects.enumerated() {
            for property in model.properties {
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
                    shown = chain(from: from, to: edge.to, root: top, limit: 10).map { objects[$0].name }.joined(separator: " -> ")
                } else {
                    let start = chain(from: from, to: edge.to, root: top, limit: 5).map { objects[$0].name }
                    shown = (start + ["...", objects[from].name]).joined(separator: " -> ") + ", \(length - 1) models"
                }
                error("model '\(objects[from].name)' contains itself through property '\(edge.property.key)' (\(shown)); "
                      + "a struct cannot hold its own type, even as an optional: use an array (\"[\(objects[edge.to].name)]\") or JSON",
                      at: edge.property.location)
            }
        }
    }
}
