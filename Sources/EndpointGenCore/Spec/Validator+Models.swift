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
    mutating func checkModelsDoNotContainThemselves(_ models: [Model]) {
        // The object models each object model holds inline (through optionals, not collections).
        var objectModels: Set<String> = []
        for model in models {
            if case .object = model.kind { objectModels.insert(model.swiftName) }
        }
        var inline: [String: [(model: String, property: Property)]] = [:]
        for model in models {
            guard case .object(let properties) = model.kind else { continue }
            for property in properties {
                var type = property.type
                while case .optional(let wrapped) = type { type = wrapped }
                if case .model(let name, defined: true) = type, objectModels.contains(name) {
                    inline[model.swiftName, default: []].append((name, property))
                }
            }
        }
        for model in models {
            // Depth-first from each model: a property that leads back to it closes a cycle.
            var path: [String] = []
            var visited: Set<String> = []
            func reaches(_ name: String) -> Bool {
                if name == model.swiftName { return true }
                guard visited.insert(name).inserted else { return false }
                for edge in inline[name] ?? [] {
                    path.append(edge.model)
                    if reaches(edge.model) { return true }
                    path.removeLast()
                }
                return false
            }
            for edge in inline[model.swiftName] ?? [] {
                path = [model.swiftName, edge.model]
                visited = []
                if reaches(edge.model) {
                    let chain = path.joined(separator: " -> ")
                    error("model '\(model.key)' contains itself through property '\(edge.property.key)' (\(chain)); "
                          + "a struct cannot hold its own type, even as an optional: use an array (\"[\(edge.model)]\") or JSON",
                          at: edge.property.location)
                }
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
        case .model, .json, .dictionary, .void:
            error("a default is not supported for the type '\(type.specText)' (\(what))", at: node.location)
            return nil
        }
    }
}
