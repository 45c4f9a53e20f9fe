import Foundation

extension Validation {
    /// First pass: the names of all models and which are enums, so types can refer to any model.
    mutating func collectModelNames(_ members: [JSONNode.Member]) {
        for member in members {
            modelNames.insert(member.key)
            modelKinds[member.key] = .some(nil)
            guard case .object(let fields) = member.value.value else { continue }
            let lookup = Fields(fields)
            if let enumField = lookup["enum"], case .array(let values) = enumField.value.value {
                modelKinds[member.key] = .some(values.compactMap { node in
                    switch node.value {
                    case .string(let text), .number(let text): return text
                    default: return nil
                    }
                })
                if let type = lookup["type"], case .string("Int") = type.value.value { integerEnumModels.insert(member.key) }
            } else if lookup["oneOf"] == nil, lookup["anyOf"] == nil {
                var keys: [String] = []
                var types: [String: String] = [:]
                if let properties = lookup["properties"], case .object(let list) = properties.value.value {
                    keys = list.map(\.key)
                    for property in list {
                        switch property.value.value {
                        case .string(let text): types[property.key] = text
                        case .object(let fields): if let type = Fields(fields)["type"], case .string(let text) = type.value.value { types[property.key] = text }
                        default: break
                        }
                    }
                }
                objectPropertyKeys[member.key] = keys
                objectPropertyTypes[member.key] = types
            }
        }
    }

    mutating func validateModels(_ members: [JSONNode.Member]) -> [Model] {
        var models: [Model] = []
        for member in members {
            if let model = validateModel(member) { models.append(model) }
        }
        checkUnionsDoNotContainThemselves(models)
        return markIndirectStorage(models)
    }

    /// Models may hold each other in cycles, but a Swift struct or enum cannot hold a value of its
    /// own type inline (directly or through other models, even as an optional): only an array or a
    /// dictionary breaks such a cycle. Each property or union alternative that closes one is stored
    /// out of line (a property in a private `Indirect` box, an `indirect` case), and nothing else is.
    ///
    /// Models are user input, so this is linear and recursion-free: an edge from model A to model B
    /// closes a cycle exactly when A and B are in the same strongly connected component of the
    /// "holds inline" graph (Kosaraju's algorithm with explicit stacks).
    func markIndirectStorage(_ models: [Model]) -> [Model] {
        var index: [String: Int] = [:]
        for (position, model) in models.enumerated() { index[model.swiftName] = position }
        /// The model `type` holds inline (through optionals, not collections), if any.
        func heldModel(_ type: TypeRef) -> Int? {
            var type = type
            while case .optional(let wrapped) = type { type = wrapped }
            if case .model(let name, defined: true) = type { return index[name] }
            return nil
        }
        // Edges: (target, which property or alternative of the source).
        var edges: [[(to: Int, member: Int)]] = Array(repeating: [], count: models.count)
        var reverse: [[Int]] = Array(repeating: [], count: models.count)
        for (from, model) in models.enumerated() {
            let types: [TypeRef]
            switch model.kind {
            case .object(let properties): types = properties.map(\.type)
            case .oneOf(let union): types = union.alternatives.map(\.type)
            case .anyOf(let alternatives): types = alternatives.map(\.type)
            case .enumeration, .integerEnumeration: types = []
            }
            for (position, type) in types.enumerated() {
                if let to = heldModel(type) {
                    edges[from].append((to, position))
                    reverse[to].append(from)
                }
            }
        }

        let component = Validation.stronglyConnectedComponents(edges.map { $0.map(\.to) }, reverse: reverse)

        var result = models
        for (from, list) in edges.enumerated() {
            for edge in list where component[edge.to] == component[from] {
                switch result[from].kind {
                case .object(var properties):
                    properties[edge.member].isIndirect = true
                    result[from].kind = .object(properties)
                case .oneOf(var union):
                    union.alternatives[edge.member].isIndirect = true
                    result[from].kind = .oneOf(union)
                case .anyOf(var alternatives):
                    alternatives[edge.member].isIndirect = true
                    result[from].kind = .anyOf(alternatives)
                case .enumeration, .integerEnumeration:
                    break
                }
            }
        }
        return result
    }

    /// The strongly connected component of each node of a graph given by its edges and reversed
    /// edges (Kosaraju's algorithm with explicit stacks: specs are user input, so no recursion).
    static func stronglyConnectedComponents(_ edges: [[Int]], reverse: [[Int]]) -> [Int] {
        // Pass 1: finishing order of a depth-first walk.
        var finished: [Int] = []
        var seen = Array(repeating: false, count: edges.count)
        for start in edges.indices where !seen[start] {
            seen[start] = true
            var stack = [(node: start, next: 0)]
            while let top = stack.last {
                if top.next < edges[top.node].count {
                    stack[stack.count - 1].next += 1
                    let to = edges[top.node][top.next]
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
        var component = Array(repeating: -1, count: edges.count)
        var count = 0
        for start in finished.reversed() where component[start] == -1 {
            component[start] = count
            var stack = [start]
            while let node = stack.popLast() {
                for from in reverse[node] where component[from] == -1 {
                    component[from] = count
                    stack.append(from)
                }
            }
            count += 1
        }
        return component
    }

    /// A union whose alternative is itself, directly or through other unions' alternatives (`"A":
    /// { "oneOf": ["B"] }, "B": { "oneOf": ["A", "Int"] }`), would decode forever: each tries the
    /// next on the same value. Each such alternative is an error. (Through an object model, an array
    /// or a dictionary, decoding goes one level down, so the cycle ends with the payload.)
    mutating func checkUnionsDoNotContainThemselves(_ models: [Model]) {
        var index: [String: Int] = [:]
        for (position, model) in models.enumerated() { index[model.swiftName] = position }
        var edges: [[Int]] = Array(repeating: [], count: models.count)
        var reverse: [[Int]] = Array(repeating: [], count: models.count)
        var alternativesOf: [[UnionAlternative]] = Array(repeating: [], count: models.count)
        for (from, model) in models.enumerated() {
            switch model.kind {
            case .oneOf(let union): alternativesOf[from] = union.alternatives
            case .anyOf(let alternatives): alternativesOf[from] = alternatives
            default: continue
            }
        }
        func target(_ alternative: UnionAlternative) -> Int? {
            guard case .model(let name, defined: true) = alternative.type, let to = index[name], !alternativesOf[to].isEmpty else { return nil }
            return to
        }
        for from in models.indices {
            for alternative in alternativesOf[from] {
                if let to = target(alternative) {
                    edges[from].append(to)
                    reverse[to].append(from)
                }
            }
        }
        let component = Validation.stronglyConnectedComponents(edges, reverse: reverse)
        for from in models.indices {
            for alternative in alternativesOf[from] {
                if let to = target(alternative), to == from {
                    error("model '\(models[from].key)' lists itself as an alternative: decoding would never end; "
                          + "use an array ('[\(models[from].key)]') or an object model holding it", at: alternative.location)
                } else if let to = target(alternative), component[to] == component[from] {
                    error("model '\(models[from].key)' lists '\(alternative.type.specText)' as an alternative, which leads back to "
                          + "'\(models[from].key)' through unions alone: decoding would never end; use an object model or an array",
                          at: alternative.location)
                }
            }
        }
    }

    // MARK: Unions

    /// The Swift name of an alternative: `Cat` -> `cat`, `Int` -> `int`, `[Pet]` -> `petArray`,
    /// `[String: Int]` -> `intDictionary`, `JSON` -> `json`.
    static func alternativeName(_ type: TypeRef) -> String {
        switch type {
        case .builtin(let builtin): return Naming.lowerCamel(builtin.rawValue)
        case .json: return "json"
        case .file: return "file"
        case .void: return "void"
        case .model(let name, _): return Naming.lowerCamel(name)
        case .array(let element): return alternativeName(element) + "Array"
        case .dictionary(let value): return alternativeName(value) + "Dictionary"
        case .optional(let wrapped): return alternativeName(wrapped)
        }
    }

    /// The alternatives of a `oneOf` or `anyOf`: type strings, each once, none optional, `File` or `Void`.
    mutating func validateAlternatives(_ field: JSONNode.Member, model: String) -> [UnionAlternative] {
        let keyword = field.key
        guard case .array(let nodes) = field.value.value else {
            error("'\(keyword)' must be an array of type strings, found \(Validation.kind(of: field.value))", at: field.value.location)
            return []
        }
        if nodes.isEmpty {
            error("'\(keyword)' of model '\(model)' is empty; list at least one type", at: field.value.location)
        }
        var alternatives: [UnionAlternative] = []
        var seen: [TypeRef: SourceLocation] = [:]
        for node in nodes {
            guard let type = typeString(node, "an alternative of '\(keyword)'", allowVoid: false) else { continue }
            if type.isOptional {
                error("an alternative of '\(keyword)' cannot be optional ('\(type.specText)'); make the property that holds "
                      + "'\(model)' optional instead", at: node.location)
                continue
            }
            if type == .file {
                error("'File' cannot be an alternative of '\(keyword)': a file has no JSON form", at: node.location)
                continue
            }
            if let first = seen[type] {
                error("the alternative '\(type.specText)' is listed twice in '\(keyword)' of model '\(model)' "
                      + "(also at line \(first.line), column \(first.column))", at: node.location)
                continue
            }
            seen[type] = node.location
            alternatives.append(UnionAlternative(type: type, swiftName: Validation.alternativeName(type), location: node.location))
        }
        checkCollisions(alternatives.map { ($0.type.specText, $0.swiftName, $0.location) }, what: "alternative")
        return alternatives
    }

    /// `discriminator`: a property name, or `{ "property", "mapping" }`. Fills in each alternative's tags.
    mutating func validateDiscriminator(_ field: JSONNode.Member, alternatives: inout [UnionAlternative], model: String) -> String? {
        var property: String?
        var propertyLocation = field.value.location
        var mapping: [(value: String, type: String, location: SourceLocation)] = []
        switch field.value.value {
        case .string(let text):
            property = text
        case .object(let members):
            checkKeys(members, allowed: SpecKeys.discriminator, in: "in the discriminator of model '\(model)'")
            let fields = Fields(members)
            if let member = fields["property"] {
                property = string(member.value, "the discriminator's 'property'")
                propertyLocation = member.value.location
            } else {
                error("the discriminator of model '\(model)' is missing the required key 'property'", at: field.keyLocation)
            }
            if let member = fields["mapping"], let entries = object(member.value, "the discriminator's 'mapping'") {
                for entry in entries {
                    if let type = string(entry.value, "the model of discriminator value '\(entry.key)'") {
                        mapping.append((entry.key, type, entry.value.location))
                    }
                }
            }
        default:
            error("'discriminator' must be a property name or an object with 'property' and 'mapping', found \(Validation.kind(of: field.value))",
                  at: field.value.location)
            return nil
        }
        guard let property else { return nil }
        if property.isEmpty {
            error("the discriminator property name is empty", at: propertyLocation)
            return nil
        }

        // Every alternative must be an object model that declares the property.
        var modelAlternatives: [String: Int] = [:]
        for (position, alternative) in alternatives.enumerated() {
            guard case .model(let name, defined: true) = alternative.type, let keys = objectPropertyKeys[name] else {
                error("with a discriminator, every alternative must be an object model; '\(alternative.type.specText)' is not",
                      at: alternative.location)
                continue
            }
            modelAlternatives[name] = position
            if !keys.contains(property) {
                var message = "the alternative '\(name)' has no property '\(property)', the discriminator of model '\(model)'"
                if let suggestion = Naming.didYouMean(property, candidates: keys) { message += "; did you mean '\(suggestion)'?" }
                error(message, at: alternative.location)
            } else if let text = objectPropertyTypes[name]?[property] {
                // The wire value is read as a string: the property must hold one.
                let bare = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "?", with: "")
                let isString = bare == "String" || (modelKinds[bare].map { $0 != nil } ?? false) && !integerEnumModels.contains(bare)
                if !isString {
                    error("the discriminator property '\(property)' of alternative '\(name)' is '\(text)'; it must be a String or a string enum",
                          at: alternative.location)
                }
            }
        }
        var mapped: Set<Int> = []
        for entry in mapping {
            guard let position = modelAlternatives[entry.type] else {
                var message = modelNames.contains(entry.type)
                    ? "discriminator value '\(entry.value)' maps to '\(entry.type)', which is not an alternative of model '\(model)'"
                    : "discriminator value '\(entry.value)' maps to unknown model '\(entry.type)'"
                if let suggestion = Naming.didYouMean(entry.type, candidates: Array(modelAlternatives.keys).sorted()) {
                    message += "; did you mean '\(suggestion)'?"
                }
                error(message, at: entry.location)
                continue
            }
            alternatives[position].tags.append(entry.value)
            mapped.insert(position)
        }
        for position in alternatives.indices where !mapped.contains(position) {
            alternatives[position].tags = [alternatives[position].type.specText]
        }
        // One wire value chooses one alternative.
        var owners: [String: String] = [:]
        for alternative in alternatives {
            for tag in alternative.tags {
                if let owner = owners[tag], owner != alternative.type.specText {
                    error("discriminator value '\(tag)' chooses both '\(owner)' and '\(alternative.type.specText)'", at: alternative.location)
                }
                owners[tag] = alternative.type.specText
            }
        }
        return property
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

        if let field = fields["oneOf"] {
            checkKeys(members, allowed: SpecKeys.oneOfModel, in: "in oneOf model '\(key)'")
            var alternatives = validateAlternatives(field, model: key)
            var discriminator: String?
            if let discriminatorField = fields["discriminator"] {
                discriminator = validateDiscriminator(discriminatorField, alternatives: &alternatives, model: key)
            }
            return Model(key: key, swiftName: key, description: description,
                         kind: .oneOf(Union(alternatives: alternatives, discriminator: discriminator)), location: member.keyLocation)
        }
        if let field = fields["anyOf"] {
            checkKeys(members, allowed: SpecKeys.anyOfModel, in: "in anyOf model '\(key)'")
            let alternatives = validateAlternatives(field, model: key)
            return Model(key: key, swiftName: key, description: description, kind: .anyOf(alternatives), location: member.keyLocation)
        }

        if let enumField = fields["enum"] {
            if let properties = fields["properties"] {
                error("model '\(key)' has both 'enum' and 'properties'; a model is either an enum or an object", at: properties.keyLocation)
            }
            checkKeys(members, allowed: SpecKeys.enumModel + ["properties"], in: "in enum model '\(key)'")
            var isInteger = false
            if let typeField = fields["type"], let text = string(typeField.value, "the 'type' of enum model '\(key)'") {
                if text == "Int" {
                    isInteger = true
                } else if text != "String" {
                    var message = "the 'type' of enum model '\(key)' must be 'String' or 'Int', found '\(text)'"
                    if let suggestion = Naming.didYouMean(text, candidates: SpecKeys.enumTypes) { message += "; did you mean '\(suggestion)'?" }
                    error(message, at: typeField.value.location)
                }
            }
            guard case .array(let values) = enumField.value.value else {
                error("'enum' must be an array of \(isInteger ? "whole numbers" : "strings"), found \(Validation.kind(of: enumField.value))",
                      at: enumField.value.location)
                return nil
            }
            if isInteger {
                return validateIntegerEnum(key: key, description: description, values: values, field: enumField, location: member.keyLocation)
            }
            if values.isEmpty {
                error("enum model '\(key)' has no values", at: enumField.value.location)
            }
            var cases: [EnumCase] = []
            var seenValues: [String: SourceLocation] = [:]
            var names: [(key: String, swiftName: String, location: SourceLocation)] = []
            for node in values {
                guard case .string(let value) = node.value else {
                    let hint = if case .number = node.value { "; for an integer enum write \"type\": \"Int\"" } else { "" }
                    error("enum values must be strings, found \(Validation.kind(of: node))\(hint)", at: node.location)
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
        var additionalProperties: TypeRef?
        if let field = fields["additionalProperties"] {
            additionalProperties = typeString(field.value, "'additionalProperties' (the type of every other member)", allowVoid: false)
            if let clash = properties.first(where: { $0.swiftName == ReservedNames.additionalProperties }) {
                error("property '\(clash.key)' would be the Swift property 'additionalProperties', which holds the other members "
                      + "of a model with 'additionalProperties'; rename the property", at: clash.location)
            }
            if additionalProperties == .file {
                error("'additionalProperties' cannot be 'File': a file has no JSON form", at: field.value.location)
            }
        }
        return Model(key: key, swiftName: key, description: description, kind: .object(properties),
                     additionalProperties: additionalProperties, location: member.keyLocation)
    }

    /// `"type": "Int", "enum": [1, 2, 3]`: whole numbers that fit `Int`, each once.
    mutating func validateIntegerEnum(key: String, description: String?, values: [JSONNode], field: JSONNode.Member,
                                      location: SourceLocation) -> Model? {
        if values.isEmpty {
            error("enum model '\(key)' has no values", at: field.value.location)
        }
        var cases: [EnumCase] = []
        var seen: [Int64: SourceLocation] = [:]
        var names: [(key: String, swiftName: String, location: SourceLocation)] = []
        for node in values {
            guard case .number(let text) = node.value, let number = Int64(text) else {
                error("the values of the Int enum '\(key)' must be whole numbers, found \(Validation.kind(of: node))", at: node.location)
                continue
            }
            if let first = seen[number] {
                error("enum value \(text) is listed twice (also at line \(first.line), column \(first.column))", at: node.location)
                continue
            }
            seen[number] = node.location
            let swiftName = Naming.enumCase(text)
            names.append((text, swiftName, node.location))
            cases.append(EnumCase(value: text, swiftName: swiftName))
        }
        checkCollisions(names, what: "enum value")
        return Model(key: key, swiftName: key, description: description, kind: .integerEnumeration(cases), location: location)
    }

    mutating func validateProperty(_ member: JSONNode.Member, model: String) -> Property? {
        let key = member.key
        var type: TypeRef?
        var description: String?
        var defaultValue: DefaultValue?
        var partContentType: String?
        var partHeaders: [Header] = []
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
            if let field = fields["contentType"] { partContentType = checkedContentType(field.value) }
            if let field = fields["headers"] {
                partHeaders = mergeHeaders([], field.value).map { Header(name: $0.name, value: $0.value) }
                if case .object(let members) = field.value.value, let null = members.first(where: { $0.value.value == .null }) {
                    error("a part header cannot be null: there is nothing to remove", at: null.value.location)
                }
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
                        defaultValue: defaultValue, partContentType: partContentType, partHeaders: partHeaders, location: member.keyLocation)
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
            if let kind = modelKinds[name], let values = kind, integerEnumModels.contains(name) {
                guard case .number(let text) = node.value else { return mismatch("a whole number") }
                guard values.contains(text) else {
                    error("the default of \(what) must be a value of the enum '\(name)' (\(values.joined(separator: ", "))), found \(text)", at: node.location)
                    return nil
                }
                return .enumCase(text)
            }
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
