// Version 2 models: unions (`oneOf`, `anyOf`, with a discriminator) and integer enums. Version 1
// types such schemas `JSON` (unions) or their base type (integer enums), with a warning.

import Foundation

extension OpenAPIImportContext {
    // MARK: Unions

    /// The keyword and the non-null alternatives of a union of two or more, or nil.
    func unionVariants(_ schema: OANode) -> (keyword: String, variants: [OANode])? {
        for keyword in ["oneOf", "anyOf"] {
            guard let variants = schema[keyword]?.items, !onlyConstrains(variants) else { continue }
            let nonNull = variants.filter { !isNullSchema($0) }
            return nonNull.count >= 2 ? (keyword, nonNull) : nil
        }
        return nil
    }

    /// `{"oneOf": [...], "discriminator": ...}` or `{"anyOf": [...]}`: one type string per
    /// alternative (an inline object alternative becomes a model named after the union and its
    /// `title`, else its position), in document order; alternatives of the same Swift type are one.
    func unionDefinition(_ schema: OANode, key: String) -> ImportJSON? {
        guard let (keyword, variants) = unionVariants(schema) else { return nil }
        var definition: [(String, ImportJSON)] = []
        if let description = schema["description"]?.string?.importTrimmed, !description.isEmpty {
            definition.append((SpecKey.description.key, .string(description)))
        }
        var types: [String] = []
        /// The `$ref` of each referenced alternative -> its type, for the discriminator's mapping.
        var referenced: [(ref: String, type: String)] = []
        for (index, variant) in variants.enumerated() {
            var type = schemaType(variant, name: key + alternativeSuffix(variant, index: index)).type
            while type.hasSuffix("?") { type.removeLast() }
            if let ref = variant["$ref"]?.string { referenced.append((ref, type)) }
            if alternativeSources[key]?[type] == nil { alternativeSources[key, default: [:]][type] = variant }
            if !types.contains(type) { types.append(type) }
        }
        unionAlternatives[key] = types
        // A discriminator chooses the one alternative a payload is, under `anyOf` too (OpenAPI allows it
        // there; DigitalOcean's domain records, OpenAI's tools): such a union is the spec's `oneOf`,
        // decoded by the discriminator, rather than an `anyOf` that keeps every alternative that decodes.
        let discriminator = schema["discriminator"].flatMap { discriminatorValue($0, keyword: keyword, referenced: referenced, variants: variants) }
        if discriminator != nil, keyword == "anyOf" { discriminatedAnyOf.insert(key) }
        definition.append((discriminator == nil ? keyword : "oneOf", .array(types.map(ImportJSON.string))))
        if let discriminator { definition.append((SpecKey.discriminator.key, discriminator)) }
        return .object(definition)
    }

    /// What names an inline alternative's model after the union's name: its `title`, else its
    /// position (`Option2`).
    func alternativeSuffix(_ variant: OANode, index: Int) -> String {
        if let title = variant["title"]?.string, !ImportNaming.upperCamel(title).isEmpty { return ImportNaming.upperCamel(title) }
        return "Option\(index + 1)"
    }

    /// The one model of a union the document writes out several times (`RepeatedSchemas`), named by
    /// its alternatives (`RangeQuerySpecsOrInt`), or nil: written once, or an alternative is named
    /// after the place it appears (an inline object or enum), so copies are not the same model.
    func repeatedUnionModel(_ schema: OANode, name: String) -> String? {
        guard !repeated.unions.isEmpty else { return nil }
        let text = RepeatedSchemas.unionText(of: schema.node)
        guard repeated.unions.contains(text) else { return nil }
        if let key = repeated.unionModels[text] { return key }
        guard let (keyword, variants) = unionVariants(schema) else { return nil }
        // The alternatives' types, as the union's definition names them (kept: a type is worked out once).
        var types: [String] = []
        var words: [String] = []
        for (index, variant) in variants.enumerated() {
            var type = schemaType(variant, name: name + alternativeSuffix(variant, index: index)).type
            while type.hasSuffix("?") { type.removeLast() }
            guard !type.contains(name) else { return nil }
            var ignored = Diagnostics()
            guard let parsed = TypeParser.parse(type, at: variant.location, models: usedModelNames, allowVoid: false, diagnostics: &ignored)
            else { return nil }
            types.append(type)
            let word = ImportNaming.upperCamel(Validation.alternativeName(parsed))
            if !words.contains(word) { words.append(word) }
        }
        // Copies written a little differently (a `maxLength` on the string) that make the same union are one.
        let discriminator = schema["discriminator"].map { RepeatedSchemas.text(of: $0.node) } ?? ""
        let definitionKey = ([keyword] + types + [discriminator]).joined(separator: "\u{0}")
        if let key = repeated.unionDefinitions[definitionKey] {
            repeated.unionModels[text] = key
            return key
        }
        let key = reserveModelName(words.joined(separator: "Or"))
        repeated.unionModels[text] = key
        repeated.unionDefinitions[definitionKey] = key
        guard case var .object(definition) = modelDefinition(schema, key: key) else { return key }
        // The description is each use's, and stays with it.
        definition.removeAll { $0.0 == SpecKey.description.key }
        modelDefinitions[key] = .object(definition)
        return key
    }

    /// `"prop"` when every alternative's wire value is its type's name, else `{ "property", "mapping" }`
    /// with an entry for every referenced alternative: the document's mapping, and for the
    /// alternatives it leaves out the component's name (OpenAPI's implicit value).
    /// What decoding a union does without its discriminator, for the warnings that drop one.
    static func decodingWithoutDiscriminator(anyOf: Bool) -> String {
        anyOf ? "every alternative is tried" : "the alternatives are tried in order"
    }

    private func discriminatorValue(_ discriminator: OANode, keyword: String, referenced: [(ref: String, type: String)],
                                    variants: [OANode]) -> ImportJSON? {
        let fallback = Self.decodingWithoutDiscriminator(anyOf: keyword == "anyOf")
        guard let property = discriminator["propertyName"]?.string, !property.isEmpty else {
            warn(.schemaDetailDropped, discriminator, "a discriminator needs a 'propertyName'; dropped (\(fallback))")
            return nil
        }
        // The generator reads the property from each alternative: each must be an object declaring it.
        for variant in variants {
            var visited: Set<String> = []
            guard let resolved = resolveQuietly(variant), stringEnumValues(resolved) == nil,
                  collectObject(resolved, visited: &visited, reporting: false).properties.contains(where: { $0.0 == property }) else {
                warn(.schemaDetailDropped, discriminator["propertyName"] ?? discriminator,
                     "alternative \(variant.pointer) is not an object with the property '\(property)'; the discriminator is dropped (\(fallback))")
                return nil
            }
        }
        var mapping: [(wire: String, type: String)] = []
        var mappedRefs: Set<String> = []
        for (wire, _, target) in discriminator["mapping"]?.members ?? [] {
            // A mapping value is a reference or a bare schema name.
            guard let text = target.string else { continue }
            let ref = text.hasPrefix("#") ? text : Self.componentSchemaPrefix + OANode.escape(text)
            guard let type = referenced.first(where: { $0.ref == ref })?.type else {
                warn(.schemaDetailDropped, target, "discriminator value '\(wire)' names '\(text)', which is not one of the \(keyword) alternatives; dropped")
                continue
            }
            mapping.append((wire, type))
            mappedRefs.insert(ref)
        }
        for alternative in referenced where !mappedRefs.contains(alternative.ref) && alternative.ref.hasPrefix(Self.componentSchemaPrefix) {
            let wire = OANode.unescape(String(alternative.ref.dropFirst(Self.componentSchemaPrefix.count)))
            // A value the document maps elsewhere chooses that alternative, never this one too.
            if mapping.contains(where: { $0.wire == wire }) { continue }
            mapping.append((wire, alternative.type))
        }
        if mapping.allSatisfy({ $0.wire == $0.type }) { return .string(property) }
        return .object([(SpecKey.property.key, .string(property)), (SpecKey.mapping.key, .object(mapping.map { ($0.wire, .string($0.type)) }))])
    }

    // MARK: Unions that list themselves

    /// A union listed among its own alternatives, directly (`RecursivePet: anyOf: [RecursivePet,
    /// string]`) or through other unions that list it back, adds no value of its own: a value is one
    /// of those unions' other alternatives. Such a union would decode forever (the Validator refuses
    /// it), so each union of such a cycle lists, in order, the alternatives its cycle's unions lead
    /// to outside the cycle: the same values, nothing lost, no warning. A cycle of unions with no
    /// alternative outside it describes no value at all; its unions become `anyOf: ["JSON"]`, with a warning.
    func flattenUnionCycles() {
        let unions = modelOrder.filter { unionAlternatives[$0] != nil && modelDefinitions[$0] != nil }
        guard !unions.isEmpty else { return }
        var index: [String: Int] = [:]
        for (position, key) in unions.enumerated() { index[key] = position }
        var edges = Array(repeating: [Int](), count: unions.count)
        var reverse = Array(repeating: [Int](), count: unions.count)
        for (from, key) in unions.enumerated() {
            for alternative in unionAlternatives[key] ?? [] {
                guard let to = index[alternative] else { continue }
                edges[from].append(to)
                reverse[to].append(from)
            }
        }
        let component = Validation.stronglyConnectedComponents(edges, reverse: reverse)
        var size: [Int: Int] = [:]
        for value in component { size[value, default: 0] += 1 }
        func inCycle(_ position: Int) -> Bool { size[component[position], default: 0] > 1 || edges[position].contains(position) }

        // Computed from the alternatives as built, then written, so each union's order follows its own list.
        var rewritten: [(key: String, alternatives: [String])] = []
        for (position, key) in unions.enumerated() where inCycle(position) {
            var result: [String] = []
            var visited: Set<Int> = [position]
            // Explicit stack of (union, next alternative): documents are user input, so no recursion.
            var stack: [(union: Int, next: Int)] = [(position, 0)]
            while let top = stack.last {
                let alternatives = unionAlternatives[unions[top.union]] ?? []
                guard top.next < alternatives.count else {
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let alternative = alternatives[top.next]
                if let to = index[alternative], component[to] == component[position] {
                    if visited.insert(to).inserted { stack.append((to, 0)) }
                } else if !result.contains(alternative) {
                    result.append(alternative)
                }
            }
            rewritten.append((key, result))
        }
        for (key, alternatives) in rewritten {
            guard case .object(var fields)? = modelDefinitions[key],
                  let keywordIndex = fields.firstIndex(where: { $0.0 == "oneOf" || $0.0 == "anyOf" }) else { continue }
            var kept = alternatives
            if kept.isEmpty {
                kept = ["JSON"]
                let source = modelSources[key]
                warn(.schemaAsJSON, pointer: source?.pointer ?? "#/components/schemas", at: source?.location ?? root.location,
                     "'\(key)' lists only itself and unions that list it back, which describes no value; typed JSON")
            }
            fields[keywordIndex].1 = .array(kept.map(ImportJSON.string))
            modelDefinitions[key] = .object(fields)
            unionAlternatives[key] = kept
        }
    }

    /// Each alternative of a union is a case named after its type (`Validation.alternativeName`):
    /// two whose names are one (the model `Json` and `JSON`, the model `PetArray` and `[Pet]`) cannot
    /// both be cases. The first is kept; the later is dropped with a warning, and so is any
    /// discriminator mapping to it.
    func separateAlternativeNames() {
        let models = Set(modelOrder)
        for key in modelOrder {
            guard let alternatives = unionAlternatives[key], alternatives.count > 1,
                  case .object(var fields)? = modelDefinitions[key],
                  let keywordIndex = fields.firstIndex(where: { $0.0 == "oneOf" || $0.0 == "anyOf" }) else { continue }
            var kept: [String] = []
            var names: [String: String] = [:]
            var dropped: [String] = []
            for alternative in alternatives {
                var ignored = Diagnostics()
                let place = SourceLocation(file: fileName, line: 1, column: 1)
                guard let type = TypeParser.parse(alternative, at: place, models: models, allowVoid: false, diagnostics: &ignored) else {
                    kept.append(alternative)
                    continue
                }
                let name = Validation.alternativeName(type)
                if let first = names[name] {
                    let source = alternativeSources[key]?[alternative] ?? modelSources[key]
                    warn(.schemaDetailDropped, pointer: source?.pointer ?? "#/components/schemas", at: source?.location ?? root.location,
                         "the alternative '\(alternative)' of '\(key)' would be the same Swift case ('\(name)') as '\(first)'; dropped")
                    dropped.append(alternative)
                    continue
                }
                names[name] = alternative
                kept.append(alternative)
            }
            guard !dropped.isEmpty else { continue }
            fields[keywordIndex].1 = .array(kept.map(ImportJSON.string))
            if let discriminatorIndex = fields.firstIndex(where: { $0.0 == "discriminator" }),
               case .object(var discriminator) = fields[discriminatorIndex].1,
               let mappingIndex = discriminator.firstIndex(where: { $0.0 == "mapping" }),
               case .object(let mapping) = discriminator[mappingIndex].1 {
                discriminator[mappingIndex].1 = .object(mapping.filter { entry in
                    if case .string(let type) = entry.1 { return !dropped.contains(type) }
                    return true
                })
                fields[discriminatorIndex].1 = .object(discriminator)
            }
            modelDefinitions[key] = .object(fields)
            unionAlternatives[key] = kept
        }
    }

    /// A discriminator is read as a string from each alternative: one whose alternatives are not all
    /// object models declaring the property as a String or a string enum (`kind: integer`, an enum of
    /// numbers, a union) cannot choose; it is dropped with a warning (the alternatives are tried in order).
    func checkDiscriminatorProperties() {
        for key in modelOrder {
            guard let alternatives = unionAlternatives[key], case .object(var fields)? = modelDefinitions[key],
                  let index = fields.firstIndex(where: { $0.0 == "discriminator" }) else { continue }
            var property: String?
            switch fields[index].1 {
            case .string(let name): property = name
            case .object(let members):
                if case .string(let name)? = members.first(where: { $0.0 == "property" })?.1 { property = name }
            default: break
            }
            guard let property else { continue }
            let offending = alternatives.first { alternative in
                guard objectModels.contains(alternative), case .object(let model)? = modelDefinitions[alternative],
                      case .object(let properties)? = model.first(where: { $0.0 == "properties" })?.1,
                      let index = Self.propertyIndex(properties, wireName: property) else { return true }
                let entry = properties[index].1
                var type: String?
                if case .string(let text) = entry { type = text }
                if case .object(let members) = entry, case .string(let text)? = members.first(where: { $0.0 == "type" })?.1 { type = text }
                guard var bare = type else { return true }
                while bare.hasSuffix("?") { bare.removeLast() }
                return !(bare == "String" || enumValues[bare] != nil)
            }
            guard let offending else { continue }
            let source = modelSources[key]
            let node = source?["discriminator"] ?? source
            // An `anyOf` that was a `oneOf` for its discriminator alone is an `anyOf` again.
            let isAnyOf = discriminatedAnyOf.contains(key)
            warn(.schemaDetailDropped, pointer: node?.pointer ?? "#/components/schemas", at: node?.location ?? root.location,
                 "the discriminator '\(property)' of '\(key)' is not a string property of the alternative '\(offending)'; dropped "
                 + "(\(Self.decodingWithoutDiscriminator(anyOf: isAnyOf)))")
            fields.remove(at: index)
            if isAnyOf, let oneOf = fields.firstIndex(where: { $0.0 == "oneOf" }) { fields[oneOf].0 = "anyOf" }
            modelDefinitions[key] = .object(fields)
        }
    }

    // MARK: Integer enums

    /// The values of an integer enum as written (null removed), or nil when the schema is not one.
    func integerEnumValues(_ schema: OANode) -> [String]? {
        guard let items = schema["enum"]?.items else { return nil }
        let types = typeNames(schema).filter { $0 != "null" }
        guard types == ["integer"] || (types.isEmpty && !items.isEmpty) else { return nil }
        let values = items.filter { $0.node.value != .null }
        // Whole numbers that fit 64 bits, as the generator's `Int` enums hold them.
        guard !values.isEmpty, values.allSatisfy({ $0.number.flatMap { Int64($0) } != nil }) else { return nil }
        var result: [String] = []
        for value in values.compactMap(\.number) where !result.contains(value) { result.append(value) }
        return result
    }

    /// A number default (as written) for `type`, or nil when the type does not hold it exactly.
    func numberDefault(_ number: String, type: String) -> ImportJSON? {
        // Only a whole number the type holds (DigitalOcean writes 9223372036854776000, past Int64).
        if let builtin = TypeRef.Builtin(rawValue: type), [.int, .int32, .int64].contains(builtin) {
            return DefaultValues.integerFits(number, builtin) ? .number(number) : nil
        }
        if let values = intEnumValues[type], values.contains(number) { return .number(number) }
        if ["Double", "Float"].contains(type) { return .number(number) }
        return nil
    }

    /// `text` when it is a number exactly as JSON writes one (`"10"`, `"-1.5"`; not `"010"`, `" 10"`,
    /// `"1,000"`), else nil: only such text converts to a number default without a change of value.
    static func exactNumberText(_ text: String) -> String? {
        let pattern = #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#
        return text.range(of: pattern, options: .regularExpression) != nil ? text : nil
    }

    /// An `Int` enum model: an identical one with the same name is reused, otherwise a new one is made.
    func integerEnumModel(_ values: [String], node: OANode, name: String) -> String {
        reusedEnumModel(values, integer: true, node: node, name: name)
    }
}
