import Foundation

extension SpecChecker {
    /// A model as far as the rules across models need it.
    struct CheckedModel {
        struct Member {
            /// Its name in JSON.
            var key: String
            /// Its spec key, and the Swift name that comes from it.
            var specKey: String
            var swiftName: String
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
            modelIndex.modelNames.insert(model.key.key)
            switch model.kind {
            case .enumeration(let values?, _, _, _):
                modelIndex.modelKinds[model.key.key] = .some(values.map(\.value))
            case .integerEnumeration(let values?, _, _, _):
                modelIndex.modelKinds[model.key.key] = .some(values.map(\.value))
                modelIndex.integerEnumModels.insert(model.key.key)
            default:
                modelIndex.modelKinds[model.key.key] = .some(nil)
            }
        }
        // Once every name is known: the alternatives of each union, for defaults (problems are
        // reported where the union itself is checked).
        for model in models where modelIndex.unionAlternatives[model.key.key] == nil {
            switch model.kind {
            case .oneOf(let texts?, _, _), .anyOf(let texts?, _):
                modelIndex.unionAlternatives[model.key.key] = texts.compactMap { text in
                    guard let type = quietType(text), !type.isOptional, type != .file else { return nil }
                    return type
                }
            default:
                break
            }
        }
    }

    mutating func checkModels(_ models: [RawModel]) -> [CheckedModel] {
        var byName: [String: RawModel] = [:]
        for model in models where byName[model.key.key] == nil { byName[model.key.key] = model }
        var checked: [CheckedModel] = []
        for model in models {
            if let model = checkModel(model, models: byName) { checked.append(model) }
        }
        checkUnionsDoNotContainThemselves(models)
        return checked
    }

    /// No two properties of a model have the same name in JSON (a `name`, else the key): each would
    /// read and write the other's value. (An empty one is a name JSON allows, as an empty key is.)
    mutating func checkWireNames(_ properties: [RawProperty]) {
        var seen: [String: RawProperty] = [:]
        for property in properties where property.isValid {
            let wire = property.wireName
            if let first = seen[wire] {
                error("properties '\(first.key.key)' and '\(property.key.key)' both have the name '\(wire)' in JSON (line \(first.key.location.line)); give one another 'name'",
                      at: property.name?.location ?? property.key.location)
            } else {
                seen[wire] = property
            }
        }
    }

    /// The model, or nil when it cannot be one (its problem is reported).
    mutating func checkModel(_ model: RawModel, models: [String: RawModel]) -> CheckedModel? {
        let key = model.key.key
        if let problem = Naming.typeNameProblem(key) ?? Validation.reservedTypeNameProblem(key) {
            error("model name: \(problem)", at: model.key.location)
        }
        switch model.kind {
        case .invalid:
            return nil
        case .enumeration(let values, let count, let location, let propertiesKey),
             .integerEnumeration(let values, let count, let location, let propertiesKey):
            if let propertiesKey {
                error("model '\(key)' has both 'enum' and 'properties'; a model is either an enum or an object", at: propertiesKey)
            }
            guard let values else { return nil }
            if count == 0 {
                error("enum model '\(key)' has no values", at: location)
            }
            let isInteger: Bool
            if case .integerEnumeration = model.kind { isInteger = true } else { isInteger = false }
            var seenValues: [String: SourceLocation] = [:]
            var listed: [Located<String>] = []
            for value in values {
                var same = value.value
                if isInteger {
                    guard JSONParser.isValidNumber(value.value), let number = Int64(value.value) else {
                        error("the values of the Int enum '\(key)' must be whole numbers, found \(value.value)", at: value.location)
                        continue
                    }
                    same = String(number)
                }
                if let first = seenValues[same] {
                    let shown = isInteger ? value.value : "'\(value.value)'"
                    error("enum value \(shown) is listed twice (also at line \(first.line), column \(first.column))", at: value.location)
                    continue
                }
                seenValues[same] = value.location
                listed.append(value)
            }
            // The names of one enum are chosen together (`Naming.enumCases`), as the resolver names them.
            let names = zip(listed, Naming.enumCases(listed.map(\.value))).map { ($0.value, $1, $0.location) }
            checkCollisions(names, what: "enum value")
            return CheckedModel(key: model.key, properties: nil)
        case .object(let rawProperties, let additional):
            var properties: [CheckedModel.Member] = []
            if let rawProperties {
                for raw in rawProperties {
                    if let type = checkProperty(raw) {
                        properties.append(CheckedModel.Member(key: raw.wireName, specKey: raw.key.key, swiftName: Naming.lowerCamel(raw.key.key), type: type,
                                                              location: raw.key.location))
                    }
                }
                checkCollisions(rawProperties.map { ($0.key.key, Naming.lowerCamel($0.key.key), $0.key.location) }, what: "property")
                checkWireNames(rawProperties)
            }
            if let additional {
                let parsed = type(additional, allowVoid: false)
                result.models[model.id, default: .init()].additionalProperties = parsed
                if let clash = rawProperties?.first(where: { Naming.lowerCamel($0.key.key) == ReservedNames.additionalProperties }) {
                    error("property '\(clash.key.key)' would be the Swift property 'additionalProperties', which holds the other members "
                          + "of a model with 'additionalProperties'; rename the property", at: clash.key.location)
                }
                if parsed == .file {
                    error("'additionalProperties' cannot be 'File': a file has no JSON form", at: additional.location)
                }
            }
            return CheckedModel(key: model.key, properties: properties)
        case .oneOf(let alternatives, let location, let discriminator):
            let parsed = checkAlternatives(alternatives, keyword: "oneOf", location: location, model: key)
            result.models[model.id, default: .init()].alternatives = parsed
            if let discriminator {
                checkDiscriminator(discriminator, alternatives: alternatives ?? [], parsed: parsed, models: models, model: key)
            }
            return nil
        case .anyOf(let alternatives, let location):
            result.models[model.id, default: .init()].alternatives =
                checkAlternatives(alternatives, keyword: "anyOf", location: location, model: key)
            return nil
        }
    }

    // MARK: Unions

    /// The parsed alternatives of a `oneOf` or `anyOf` (nil where one has a problem): type strings,
    /// each once, none optional, `File` or `Void`, with distinct case names.
    mutating func checkAlternatives(_ alternatives: [Located<String>]?, keyword: String, location: SourceLocation, model: String) -> [TypeRef?] {
        guard let alternatives else { return [] }
        if alternatives.isEmpty {
            error("'\(keyword)' of model '\(model)' is empty; list at least one type", at: location)
        }
        var parsed: [TypeRef?] = []
        var seen: [TypeRef: SourceLocation] = [:]
        var names: [(key: String, swiftName: String, location: SourceLocation)] = []
        for text in alternatives {
            guard let type = type(text, allowVoid: false) else {
                parsed.append(nil)
                continue
            }
            if type.isOptional {
                error("an alternative of '\(keyword)' cannot be optional ('\(type.specText)'); make the property that holds "
                      + "'\(model)' optional instead", at: text.location)
                parsed.append(nil)
                continue
            }
            if type == .file {
                error("'File' cannot be an alternative of '\(keyword)': a file has no JSON form", at: text.location)
                parsed.append(nil)
                continue
            }
            if let first = seen[type] {
                error("the alternative '\(type.specText)' is listed twice in '\(keyword)' of model '\(model)' "
                      + "(also at line \(first.line), column \(first.column))", at: text.location)
                parsed.append(nil)
                continue
            }
            seen[type] = text.location
            parsed.append(type)
            names.append((type.specText, Validation.alternativeName(type), text.location))
        }
        checkCollisions(names, what: "alternative")
        return parsed
    }

    /// Every alternative is an object model declaring the discriminator property as a string; every
    /// mapping names one of them; one wire value chooses one alternative.
    mutating func checkDiscriminator(_ discriminator: RawDiscriminator, alternatives: [Located<String>], parsed: [TypeRef?],
                                     models: [String: RawModel], model: String) {
        guard let property = discriminator.property else { return }
        if property.value.isEmpty {
            error("the discriminator property name is empty", at: property.location)
            return
        }
        var alternativeNames: [String] = []
        for (text, type) in zip(alternatives, parsed) {
            guard let type else { continue }
            guard case .model(let name, defined: true) = type, let raw = models[name], case .object(let properties, _) = raw.kind else {
                error("with a discriminator, every alternative must be an object model; '\(type.specText)' is not", at: text.location)
                continue
            }
            alternativeNames.append(name)
            // The discriminator names the property as the JSON does: by its `name`, else its key.
            let keys = (properties ?? []).map(\.wireName)
            guard let declared = properties?.first(where: { $0.wireName == property.value }) else {
                var message = "the alternative '\(name)' has no property '\(property.value)', the discriminator of model '\(model)'"
                if let suggestion = Naming.didYouMean(property.value, candidates: keys) { message += "; did you mean '\(suggestion)'?" }
                error(message, at: text.location)
                continue
            }
            // The wire value is read as a string: the property must hold one.
            if let typeText = declared.type?.value {
                let bare = typeText.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "?", with: "")
                let isString = bare == "String" || (modelIndex.isEnumModel(bare) && !modelIndex.integerEnumModels.contains(bare))
                if !isString {
                    error("the discriminator property '\(property.value)' of alternative '\(name)' is '\(typeText)'; it must be a String or a string enum",
                          at: text.location)
                }
            }
        }
        var owners: [String: String] = [:]
        var mapped: Set<String> = []
        for entry in discriminator.mapping {
            guard alternativeNames.contains(entry.type.value) else {
                var message = modelIndex.modelNames.contains(entry.type.value)
                    ? "discriminator value '\(entry.value.key)' maps to '\(entry.type.value)', which is not an alternative of model '\(model)'"
                    : "discriminator value '\(entry.value.key)' maps to unknown model '\(entry.type.value)'"
                if let suggestion = Naming.didYouMean(entry.type.value, candidates: alternativeNames.sorted()) {
                    message += "; did you mean '\(suggestion)'?"
                }
                error(message, at: entry.type.location)
                continue
            }
            owners[entry.value.key] = entry.type.value
            mapped.insert(entry.type.value)
        }
        // An alternative the mapping does not name is chosen by its own name.
        for (text, name) in zip(alternatives, parsed) {
            guard case .model(let name, _)? = name, alternativeNames.contains(name), !mapped.contains(name) else { continue }
            if let owner = owners[name], owner != name {
                error("discriminator value '\(name)' chooses both '\(owner)' and '\(name)'", at: text.location)
            }
            owners[name] = name
        }
    }

    /// A union whose alternative is itself, directly or through other unions' alternatives (`"A":
    /// { "oneOf": ["B"] }, "B": { "oneOf": ["A", "Int"] }`), would decode forever: each tries the
    /// next on the same value. Each such alternative is an error. (Through an object model, an array
    /// or a dictionary, decoding goes one level down, so the cycle ends with the payload.)
    mutating func checkUnionsDoNotContainThemselves(_ models: [RawModel]) {
        var index: [String: Int] = [:]
        for (position, model) in models.enumerated() where index[model.key.key] == nil { index[model.key.key] = position }
        func alternatives(_ model: RawModel) -> [Located<String>]? {
            switch model.kind {
            case .oneOf(let list, _, _), .anyOf(let list, _): return list
            default: return nil
            }
        }
        /// The union an alternative is, by value (not in an array or a dictionary).
        func target(_ type: TypeRef?) -> Int? {
            guard case .model(let name, defined: true)? = type, let to = index[name], alternatives(models[to]) != nil else { return nil }
            return to
        }
        var edges: [[Int]] = Array(repeating: [], count: models.count)
        var reverse: [[Int]] = Array(repeating: [], count: models.count)
        for (from, model) in models.enumerated() {
            for type in result.models[model.id]?.alternatives ?? [] {
                if let to = target(type) {
                    edges[from].append(to)
                    reverse[to].append(from)
                }
            }
        }
        let component = Validation.stronglyConnectedComponents(edges, reverse: reverse)
        for (from, model) in models.enumerated() {
            for (text, type) in zip(alternatives(model) ?? [], result.models[model.id]?.alternatives ?? []) {
                guard let to = target(type) else { continue }
                if to == from {
                    error("model '\(model.key.key)' lists itself as an alternative: decoding would never end; "
                          + "use an array ('[\(model.key.key)]') or an object model holding it", at: text.location)
                } else if component[to] == component[from] {
                    error("model '\(model.key.key)' lists '\(text.value)' as an alternative, which leads back to "
                          + "'\(model.key.key)' through unions alone: decoding would never end; use an object model or an array",
                          at: text.location)
                }
            }
        }
    }

    /// The property's type, or nil when it has none (its problem is reported).
    mutating func checkProperty(_ property: RawProperty) -> TypeRef? {
        let key = property.key.key
        let type = type(property.type, allowVoid: false)
        var facts = CheckedSpec.PropertyFacts(type: type)
        defer { result.properties[property.id] = facts }
        if let node = property.defaultValue, let type {
            let value = DefaultValues.value(node, type: type, what: "property '\(key)'", models: modelIndex, diagnostics: &diagnostics)
            facts.defaultValue = value
        }
        if let contentType = property.contentType { checkContentType(contentType) }
        for header in property.headers ?? [] {
            switch header.value {
            case .remove:
                error("a part header cannot be null: there is nothing to remove", at: header.key.location)
            case .text(let value) where !checkHeaderValue(value, of: header):
                break
            case .text(let value):
                // A part header's value is sent as written; a type name there is most likely meant
                // as a type (as in OpenAPI's encoding headers), which the format does not have.
                let bare = value.value.hasSuffix("?") ? String(value.value.dropLast()) : value.value
                if ReservedNames.builtinTypes.contains(bare) {
                    diagnostics.warning("the value of part header '\(header.key.key)' is '\(value.value)', which is sent as written: "
                                        + "a part header has a fixed value, not a type", at: value.location)
                }
            }
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
}
