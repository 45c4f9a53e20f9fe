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
            definition.append(("description", .string(description)))
        }
        var types: [String] = []
        /// The `$ref` of each referenced alternative -> its type, for the discriminator's mapping.
        var referenced: [(ref: String, type: String)] = []
        for (index, variant) in variants.enumerated() {
            var suffix = "Option\(index + 1)"
            if let title = variant["title"]?.string, !ImportNaming.upperCamel(title).isEmpty { suffix = ImportNaming.upperCamel(title) }
            var type = schemaType(variant, name: key + suffix).type
            while type.hasSuffix("?") { type.removeLast() }
            if let ref = variant["$ref"]?.string { referenced.append((ref, type)) }
            if alternativeSources[key]?[type] == nil { alternativeSources[key, default: [:]][type] = variant }
            if !types.contains(type) { types.append(type) }
        }
        definition.append((keyword, .array(types.map(ImportJSON.string))))
        unionAlternatives[key] = types
        if let discriminator = schema["discriminator"], keyword == "oneOf",
           let value = discriminatorValue(discriminator, referenced: referenced, variants: variants) {
            definition.append(("discriminator", value))
        } else if let discriminator = schema["discriminator"], keyword == "anyOf" {
            warn(.schemaDetailDropped, discriminator, "a discriminator chooses one alternative, which anyOf does not; dropped (every alternative is tried)")
        }
        return .object(definition)
    }

    /// `"prop"` when every alternative's wire value is its type's name, else `{ "property", "mapping" }`
    /// with an entry for every referenced alternative: the document's mapping, and for the
    /// alternatives it leaves out the component's name (OpenAPI's implicit value).
    private func discriminatorValue(_ discriminator: OANode, referenced: [(ref: String, type: String)], variants: [OANode]) -> ImportJSON? {
        guard let property = discriminator["propertyName"]?.string, !property.isEmpty else {
            warn(.schemaDetailDropped, discriminator, "a discriminator needs a 'propertyName'; dropped (the alternatives are tried in order)")
            return nil
        }
        // The generator reads the property from each alternative: each must be an object declaring it.
        for variant in variants {
            var visited: Set<String> = []
            guard let resolved = resolveQuietly(variant), stringEnumValues(resolved) == nil,
                  collectObject(resolved, visited: &visited, reporting: false).properties.contains(where: { $0.0 == property }) else {
                warn(.schemaDetailDropped, discriminator["propertyName"] ?? discriminator,
                     "alternative \(variant.pointer) is not an object with the property '\(property)'; the discriminator is dropped (the alternatives are tried in order)")
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
                warn(.schemaDetailDropped, target, "discriminator value '\(wire)' names '\(text)', which is not one of the oneOf alternatives; dropped")
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
        return .object([("property", .string(property)), ("mapping", .object(mapping.map { ($0.wire, .string($0.type)) }))])
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

    static func isIntegerText(_ number: String) -> Bool {
        !number.contains(".") && !number.lowercased().contains("e")
    }

    /// An `Int` enum model: an identical one with the same name is reused, otherwise a new one is made.
    func integerEnumModel(_ values: [String], node: OANode, name: String) -> String {
        let (key, isNew) = enumModelKey(name) { intEnumValues[$0] == values }
        if isNew {
            intEnumValues[key] = values
            modelDefinitions[key] = enumDefinition(values.map(ImportJSON.number), integer: true, node: node)
            modelSources[key] = node
        }
        return key
    }
}
