// Schemas -> type strings and models: components become models (objects and string enums) or are
// inlined (aliases); inline objects and enums become models named from where they appear.

import Foundation

/// A schema's type string without the trailing `?`, and whether the schema allows null.
struct SchemaType: Hashable {
    var type: String
    var nullable: Bool

    /// The type string with `?` when nullable.
    var optionalType: String { nullable && !type.hasSuffix("?") ? type + "?" : type }

    static let json = SchemaType(type: "JSON", nullable: false)
}

extension OpenAPIImportContext {
    static let componentSchemaPrefix = "#/components/schemas/"

    // MARK: Components

    /// Gives every component schema that becomes a model its key first (so inline models never take
    /// a component's name), then builds the definitions in document order.
    func registerComponentSchemas() {
        var schemas = root["components"]?["schemas"]?.members ?? []
        // A filtered import keeps the components its operations reach.
        if let keptComponents { schemas = schemas.filter { keptComponents.contains($0.key) } }
        var modelComponents: [(name: String, node: OANode)] = []
        for (name, keyLocation, node) in schemas where becomesModel(node) {
            let candidate = ImportNaming.upperCamel(name)
            let key = reserveModelName(candidate)
            if key != candidate {
                let other = candidate == RuntimeNames.Service.protocolName && service ? "the generated service protocol" : "another type"
                warn(.renamed, pointer: node.pointer, at: keyLocation, "model '\(name)' would collide with \(other) as '\(candidate)'; renamed to '\(key)'")
            }
            componentModelKeys[name] = key
            modelComponents.append((name, node))
        }
        for (name, node) in modelComponents {
            guard let key = componentModelKeys[name] else { continue }
            modelDefinitions[key] = modelDefinition(node, key: key)
        }
        for pending in pendingDefaults {
            guard let value = checkedDefault(pending.node, type: pending.type, optional: pending.optional) else { continue }
            updateProperties(ofModel: pending.model) { properties in
                guard let position = properties.firstIndex(where: { $0.0 == pending.property }) else { return }
                switch properties[position].1 {
                case .string(let typeString): properties[position].1 = .object([(SpecKey.type.key, .string(typeString)), (SpecKey.`default`.key, value)])
                case .object(let members): properties[position].1 = .object(members + [(SpecKey.`default`.key, value)])
                default: break
                }
            }
        }
        pendingDefaults = []
        // Aliases (arrays, maps, primitives, unions): worked out now so their inline models come in document order.
        for (name, _, node) in schemas where componentModelKeys[name] == nil {
            _ = schemaType(node, name: ImportNaming.upperCamel(name))
        }
    }

    /// Whether a default of `type` can only be read once more components are defined: `type` is a
    /// component model not defined yet, or a union with such an alternative (at any depth).
    func awaitsComponent(_ type: String, depth: Int = 0) -> Bool {
        // `[T]`, `T?`: the element's type decides.
        var type = type
        while type.hasSuffix("?") { type.removeLast() }
        if type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") { return awaitsComponent(String(type.dropFirst().dropLast()), depth: depth) }
        if modelDefinitions[type] == nil, componentModelKeys.values.contains(type), unionAlternatives[type] == nil { return true }
        guard depth < 8, let alternatives = unionAlternatives[type] else { return false }
        return alternatives.contains { awaitsComponent($0, depth: depth + 1) }
    }

    /// Objects with properties (directly or through allOf) and string enums become models; in
    /// version 2 also integer enums and unions (`oneOf`/`anyOf` of two or more non-null alternatives).
    func becomesModel(_ node: OANode) -> Bool {
        guard node.isObject, node["$ref"] == nil else { return false }
        if stringEnumValues(node) != nil { return true }
        if versionTwo, integerEnumValues(node) != nil { return true }
        if ["oneOf", "anyOf"].contains(where: { node[$0] != nil && !onlyConstrains(node[$0]?.items ?? []) }) {
            return versionTwo && node["properties"] == nil && node["allOf"] == nil && unionVariants(node) != nil
        }
        let types = typeNames(node).filter { $0 != "null" }
        guard types.isEmpty || types == ["object"] else { return false }
        var visited: Set<String> = []
        return !collectObject(node, visited: &visited, reporting: false).properties.isEmpty
    }

    /// The model key of a component schema pointer, when that component is a model.
    func componentModelKey(forPointer pointer: String) -> String? {
        guard pointer.hasPrefix(Self.componentSchemaPrefix) else { return nil }
        let rest = String(pointer.dropFirst(Self.componentSchemaPrefix.count))
        guard !rest.contains("/") else { return nil }
        return componentModelKeys[OANode.unescape(rest)]
    }

    // MARK: Names

    /// Reserves a model key: the UpperCamelCase candidate, numbered when taken or reserved.
    func reserveModelName(_ candidate: String) -> String {
        var base = ImportNaming.upperCamel(candidate)
        if base.isEmpty { base = "Model" }
        var key = base
        if usedModelNames.contains(key) || reservedTypeNames.contains(key) {
            if reservedTypeNames.contains(base) { base += "Model" }
            key = base
            var index = 2
            while usedModelNames.contains(key) || reservedTypeNames.contains(key) {
                key = "\(base)\(index)"
                index += 1
            }
        }
        usedModelNames.insert(key)
        modelOrder.append(key)
        return key
    }

    // MARK: Types

    /// The type of a schema. `name` names the models made for inline objects and enums in it.
    func schemaType(_ schema: OANode, name: String) -> SchemaType {
        if schema.bool != nil { return .json }
        guard schema.isObject else {
            warn(.schemaAsJSON, schema, "a schema must be an object; typed JSON")
            return .json
        }
        if let key = componentModelKey(forPointer: schema.pointer) {
            return SchemaType(type: key, nullable: isNullable(schema) || hasNullAlternative(schema))
        }
        if schema["$ref"] != nil {
            let siblingNullable = schema["nullable"]?.bool == true
            guard let target = resolve(schema) else { return .json }
            var result = schemaType(target, name: contextName(forPointer: target.pointer, fallback: name))
            result.nullable = result.nullable || siblingNullable
            return result
        }
        if let cached = typeCache[schema.pointer] { return cached }
        guard inProgress.insert(schema.pointer).inserted else {
            warn(.schemaAsJSON, schema, "this schema contains itself without an object in between; typed JSON")
            return .json
        }
        let result = computeType(schema, name: name)
        inProgress.remove(schema.pointer)
        typeCache[schema.pointer] = result
        return result
    }

    func contextName(forPointer pointer: String, fallback: String) -> String {
        guard pointer.hasPrefix("#/components/") else { return fallback }
        let parts = pointer.split(separator: "/")
        guard parts.count >= 4 else { return fallback }
        var name = ImportNaming.upperCamel(OANode.unescape(String(parts[3])))
        for part in parts.dropFirst(4) where !["schema", "content", "properties", "items"].contains(part) && !part.contains("~1") {
            name += ImportNaming.upperCamel(OANode.unescape(String(part)))
        }
        return name.isEmpty ? fallback : name
    }

    /// Whether `schema` allows only null: `{ "type": "null" }`, `{ "enum": [null] }` (GitHub writes a
    /// nullable enum `oneOf: [{enum: [...]}, {enum: [null]}]`) or `{ "const": null }`, through a
    /// reference (one that does not resolve is not).
    func isNullSchema(_ schema: OANode) -> Bool {
        guard let resolved = resolveQuietly(schema) else { return false }
        if typeNames(resolved) == ["null"] { return true }
        let types = typeNames(resolved).filter { $0 != "null" }
        guard types.isEmpty || resolved["nullable"]?.bool == true else { return false }
        if let values = resolved["enum"]?.items, !values.isEmpty, values.allSatisfy({ $0.node.value == .null }) { return true }
        return resolved["const"].map { $0.node.value == .null } ?? false
    }

    func typeNames(_ schema: OANode) -> [String] { Self.typeNames(of: schema) }

    static func typeNames(of schema: OANode) -> [String] {
        if let single = schema["type"]?.string { return [single] }
        return schema["type"]?.items?.compactMap(\.string) ?? []
    }

    func isNullable(_ schema: OANode) -> Bool {
        schema["nullable"]?.bool == true || typeNames(schema).contains("null")
    }

    /// The values of `enum` other than null, when the schema has no type or only `type` (and
    /// null), and each is a value of that type (`value` reads it); nil otherwise.
    func enumItems<Value>(_ schema: OANode, type: String, _ value: (OANode) -> Value?) -> [Value]? {
        Self.enumItems(schema, type: type, value)
    }

    static func enumItems<Value>(_ schema: OANode, type: String, _ value: (OANode) -> Value?) -> [Value]? {
        guard let items = schema["enum"]?.items else { return nil }
        let types = typeNames(of: schema).filter { $0 != "null" }
        guard types.isEmpty || types == [type] else { return nil }
        let values = items.filter { $0.node.value != .null }.map(value)
        guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else { return nil }
        return values.compactMap { $0 }
    }

    /// The string values of a string enum (null removed), or nil when the schema is not one.
    func stringEnumValues(_ schema: OANode) -> [String]? { Self.stringEnumValues(of: schema) }

    static func stringEnumValues(of schema: OANode) -> [String]? {
        enumItems(schema, type: "string", \.string)
    }

    /// The distinct values of a boolean enum (`type: boolean` or no type; null removed), or nil when
    /// the schema is not one. Stripe's `deleted: {type: boolean, enum: [true]}` is a constant.
    func booleanEnumValues(_ schema: OANode) -> [Bool]? {
        guard let values = enumItems(schema, type: "boolean", \.bool) else { return nil }
        var result: [Bool] = []
        for value in values where !result.contains(value) { result.append(value) }
        return result
    }

    /// "Always `true`." for a boolean that allows one value (an `enum` of one, or `const`), else nil.
    func constantBooleanNote(_ raw: OANode) -> String? {
        guard let schema = resolveQuietly(raw) else { return nil }
        var value: Bool?
        if let values = booleanEnumValues(schema), values.count == 1 { value = values[0] }
        if value == nil, typeNames(schema).filter({ $0 != "null" }) == ["boolean"], let constant = schema["const"]?.bool { value = constant }
        return value.map { "Always `\($0)`." }
    }

    /// Whether a `oneOf`/`anyOf` lists a `null` alternative (`{"type": "null"}`).
    func hasNullAlternative(_ schema: OANode) -> Bool {
        ["oneOf", "anyOf"].contains { keyword in
            (schema[keyword]?.items ?? []).contains(where: isNullSchema)
        }
    }

    /// An allOf member that adds no shape, only words or nullability: `{"nullable": true}`,
    /// `{"description": "..."}` (OpenAPI 3.0 cannot put them beside a `$ref`, so documents do this).
    func isAnnotationOnly(_ member: OANode) -> Bool {
        let shapeKeys: Set<String> = ["$ref", "type", "properties", "allOf", "oneOf", "anyOf", "enum", "items",
                                      "additionalProperties", "format", "const", "not", "prefixItems"]
        return member.isObject && !member.members.contains { shapeKeys.contains($0.key) }
    }

    /// Whether every alternative of a `oneOf`/`anyOf` only constrains the object beside it
    /// (GitHub's `anyOf: [{required: [name]}, {required: [description]}]`): no shape is lost.
    func onlyConstrains(_ variants: [OANode]) -> Bool {
        let constraintKeys: Set<String> = ["required", "description", "title", "not", "minProperties", "maxProperties"]
        return !variants.isEmpty && variants.allSatisfy { variant in
            variant.isObject && variant["$ref"] == nil && variant.members.allSatisfy { constraintKeys.contains($0.key) || $0.key.hasPrefix("x-") }
        }
    }

    /// The type of an allOf of scalars that agree: all one type (`Int` and `Int`), or strings of which
    /// one says more (`date-time` and a plain string: `Date`). Nil when they do not agree.
    func mergedScalarType(_ members: [OANode], name: String) -> SchemaType? {
        // Only scalars are worked out here: an enum or an array would make a model even when they disagree.
        let scalars: Set<String> = ["string", "integer", "number", "boolean"]
        guard !members.isEmpty, members.allSatisfy({ member in
            resolveQuietly(member).map { $0["enum"] == nil && typeNames($0).filter { $0 != "null" }.allSatisfy(scalars.contains)
                && typeNames($0).filter { $0 != "null" }.count == 1 } ?? false
        }) else { return nil }
        let types = members.map { schemaType($0, name: name) }
        let distinct = Set(types.map(\.type))
        let nullable = types.allSatisfy(\.nullable)
        if distinct.count == 1, let type = distinct.first, ReservedNames.builtinTypes.contains(type) {
            return SchemaType(type: type, nullable: nullable)
        }
        let refinedStrings: Set<String> = ["Date", "UUID", "URL", "Data"]
        if distinct.count == 2, distinct.contains("String"), let type = distinct.first(where: { $0 != "String" }), refinedStrings.contains(type) {
            return SchemaType(type: type, nullable: nullable)
        }
        return nil
    }

    private func computeType(_ schema: OANode, name: String) -> SchemaType {
        var nullable = isNullable(schema)
        if let enumItems = schema["enum"]?.items, enumItems.contains(where: { $0.node.value == .null }) { nullable = true }
        return computeType(schema, name: name, nullable: nullable, usingAllOf: true)
    }

    /// The type of a schema whose `allOf` only annotates: what its other keywords say.
    private func typeIgnoringAllOf(_ schema: OANode, name: String, nullable: Bool) -> SchemaType {
        computeType(schema, name: name, nullable: nullable, usingAllOf: false)
    }

    private func computeType(_ schema: OANode, name: String, nullable: Bool, usingAllOf: Bool) -> SchemaType {
        var nullable = nullable
        if usingAllOf, let allOf = schema["allOf"]?.items {
            return allOfType(schema, allOf: allOf, name: name, nullable: nullable)
        }
        if let type = unionType(schema, name: name, nullable: &nullable) { return type }
        if let type = enumType(schema, name: name, nullable: nullable) { return type }
        let types = typeNames(schema).filter { $0 != "null" }
        if types.count > 1, versionTwo { return typeArrayUnion(schema, types: types, name: name, nullable: nullable) }
        if types.count > 1 {
            warn(.schemaAsJSON, schema["type"] ?? schema, "a value of several types (\(types.joined(separator: ", "))) is not expressible; typed JSON")
            return SchemaType(type: "JSON", nullable: nullable)
        }
        return singleType(schema, types: types, name: name, nullable: nullable)
    }

    /// The type of a schema with `allOf`: the one member that shapes it, a merged scalar, or an
    /// inline model of all the members' properties.
    private func allOfType(_ schema: OANode, allOf: [OANode], name: String, nullable: Bool) -> SchemaType {
        var nullable = nullable
        let ownShape = schema["properties"] != nil || schema["oneOf"] != nil || schema["anyOf"] != nil
        let annotations = allOf.filter(isAnnotationOnly)
        if annotations.contains(where: { $0["nullable"]?.bool == true }) { nullable = true }
        let shaped = allOf.filter { !isAnnotationOnly($0) }
        // Members that only annotate (Box's `allOf: [{}, {description}]`) add nothing: the schema's own
        // keywords give the type (none: any value, `JSON`, which loses nothing).
        if shaped.isEmpty { return typeIgnoringAllOf(schema, name: name, nullable: nullable) }
        // `allOf: [{$ref}]` with `nullable` or a description: that type (the nullable-ref idiom).
        if shaped.count == 1, !ownShape {
            var result = schemaType(shaped[0], name: name)
            result.nullable = result.nullable || nullable
            return result
        }
        var visited: Set<String> = []
        if !ownShape, collectObject(schema, visited: &visited, reporting: false).properties.isEmpty {
            if let type = mergedScalarType(shaped, name: name) {
                return SchemaType(type: type.type, nullable: type.nullable || nullable)
            }
            warn(.schemaAsJSON, schema["allOf"] ?? schema,
                 "allOf of members without properties (unions, scalars) cannot be merged into one model; typed JSON (the raw value is kept)")
            return SchemaType(type: "JSON", nullable: nullable)
        }
        return SchemaType(type: inlineObjectModel(schema, name: name), nullable: nullable)
    }

    /// The type `oneOf` or `anyOf` give (nil when they leave it to the other keywords); a `null`
    /// alternative makes it `nullable`.
    private func unionType(_ schema: OANode, name: String, nullable: inout Bool) -> SchemaType? {
    for keyword in ["oneOf", "anyOf"] {
        guard let variants = schema[keyword]?.items, !onlyConstrains(variants) else { continue }
        let nonNull = variants.filter { !isNullSchema($0) }
        if nonNull.count < variants.count { nullable = true }
        if nonNull.count == 1, schema["properties"] == nil {
            var result = schemaType(nonNull[0], name: name)
            result.nullable = result.nullable || nullable
            return result
        }
        if schema["properties"] == nil, let type = openStringEnumType(nonNull, name: name) {
            return SchemaType(type: type, nullable: nullable)
        }
        if schema["properties"] == nil, versionTwo, !nonNull.isEmpty {
            return SchemaType(type: repeatedUnionModel(schema, name: name) ?? inlineObjectModel(schema, name: name), nullable: nullable)
        }
        if schema["properties"] == nil {
            warn(.schemaAsJSON, schema[keyword] ?? schema, "\(keyword) is not expressible; typed JSON (the raw value is kept)")
            return SchemaType(type: "JSON", nullable: nullable)
        }
    }
        return nil
    }

    /// The type of a union of any string and one string enum (`anyOf: [{type: string}, {enum:
    /// [...]}]`, "one of these, or another string"), or nil for any other union. An enum model is
    /// open: it keeps a value it does not list and writes it back, so it holds exactly the union's
    /// values, with a member for each listed one. The union is therefore that enum: the component's
    /// own model when the alternative is a `$ref`, else one named after the union. An inline enum
    /// of the empty string alone (Stripe's `[""]`, "empty to unset", beside a string on 50 of its
    /// 464 properties) lists no value worth a member: `String`. Nothing is lost, so nothing is reported.
    private func openStringEnumType(_ variants: [OANode], name: String) -> String? {
        var anyString = false
        var listed: (variant: OANode, values: [String])?
        for variant in variants {
            guard let resolved = resolveQuietly(variant),
                  resolved["oneOf"] == nil, resolved["anyOf"] == nil, resolved["allOf"] == nil, resolved["const"] == nil else { return nil }
            if let values = stringEnumValues(resolved) {
                guard listed == nil else { return nil }
                listed = (variant, values)
            } else if resolved["enum"] == nil, typeNames(resolved).filter({ $0 != "null" }) == ["string"],
                      singleType(resolved, types: ["string"], name: name, nullable: false).type == "String" {
                anyString = true
            } else {
                return nil
            }
        }
        guard anyString, let listed else { return nil }
        if listed.variant["$ref"] != nil { return schemaType(listed.variant, name: name).type }
        if listed.values.allSatisfy(\.isEmpty) { return "String" }
        return enumModel(listed.values, node: listed.variant, name: name)
    }

    /// The type an `enum` gives: an enum model, or `Bool`; nil (reported when values are dropped) otherwise.
    private func enumType(_ schema: OANode, name: String, nullable: Bool) -> SchemaType? {
    if let values = stringEnumValues(schema) {
        return SchemaType(type: enumModel(values, node: schema, name: name), nullable: nullable)
    }
    if versionTwo, let values = integerEnumValues(schema) {
        return SchemaType(type: integerEnumModel(values, node: schema, name: name), nullable: nullable)
    }
    if booleanEnumValues(schema) != nil {
        // `true`, `false` or both: a Bool holds every allowed value; a constant is said in the description.
        return SchemaType(type: "Bool", nullable: nullable)
    }
    if schema["enum"] != nil {
        warn(.schemaDetailDropped, schema["enum"] ?? schema, versionTwo
             ? "only string and integer enums become enum models; the allowed values are dropped"
             : "only string enums become enum models; the allowed values are dropped")
    }
        return nil
    }

    /// A 3.1 type array (`["string", "integer"]`): a union model of those types.
    private func typeArrayUnion(_ schema: OANode, types: [String], name: String, nullable: Bool) -> SchemaType {
        let key = reserveModelName(name)
        let alternatives = types.map { type -> String in
            switch type {
            case "string": return schema["format"]?.string == "date-time" ? "Date" : "String"
            case "integer": return "Int"
            case "number": return "Double"
            case "boolean": return "Bool"
            case "array": return arrayType(schema, name: key)
            default: return "JSON"
            }
        }
        var unique: [String] = []
        for alternative in alternatives where !unique.contains(alternative) { unique.append(alternative) }
        modelDefinitions[key] = .object([(SpecKey.oneOf.key, .array(unique.map(ImportJSON.string)))])
        modelSources[key] = schema
        unionAlternatives[key] = unique
        return SchemaType(type: key, nullable: nullable)
    }

    /// The type of a schema of at most one JSON type (`types`: its types without `null`), by its `format`.
    private func singleType(_ schema: OANode, types: [String], name: String, nullable: Bool) -> SchemaType {
        let format = schema["format"]?.string
        switch types.first {
        case "string":
            switch format {
            case "date-time": return SchemaType(type: "Date", nullable: nullable)
            case "uuid": return SchemaType(type: "UUID", nullable: nullable)
            case "uri", "url": return SchemaType(type: "URL", nullable: nullable)
            case "byte", "binary": return SchemaType(type: "Data", nullable: nullable)
            default:
                if schema["contentEncoding"]?.string == "base64" { return SchemaType(type: "Data", nullable: nullable) }
                return SchemaType(type: "String", nullable: nullable)
            }
        case "integer":
            switch format {
            case "int32": return SchemaType(type: "Int32", nullable: nullable)
            case "int64": return SchemaType(type: "Int64", nullable: nullable)
            default: return SchemaType(type: "Int", nullable: nullable)
            }
        case "number":
            switch format {
            case "float": return SchemaType(type: "Float", nullable: nullable)
            case "int32": return SchemaType(type: "Int32", nullable: nullable)
            case "int64": return SchemaType(type: "Int64", nullable: nullable)
            default: return SchemaType(type: "Double", nullable: nullable)
            }
        case "boolean":
            return SchemaType(type: "Bool", nullable: nullable)
        case "array":
            return SchemaType(type: arrayType(schema, name: name), nullable: nullable)
        case "null":
            return SchemaType(type: "JSON", nullable: true)
        case "object", nil:
            if types.isEmpty, schema["items"] != nil {
                return SchemaType(type: arrayType(schema, name: name), nullable: nullable)
            }
            if let properties = schema["properties"], !properties.members.isEmpty {
                return SchemaType(type: inlineObjectModel(schema, name: name), nullable: nullable)
            }
            if let additional = schema["additionalProperties"], additional.isObject {
                let value = schemaType(additional, name: name + "Value")
                return SchemaType(type: "[String: \(value.optionalType)]", nullable: nullable)
            }
            return SchemaType(type: "JSON", nullable: nullable)
        default:
            warn(.schemaAsJSON, schema["type"] ?? schema, "unknown type '\(types.first ?? "")'; typed JSON")
            return SchemaType(type: "JSON", nullable: nullable)
        }
    }

    func arrayType(_ schema: OANode, name: String) -> String {
        if schema["prefixItems"] != nil {
            warn(.schemaAsJSON, schema["prefixItems"] ?? schema, "tuples (prefixItems) are not expressible; elements typed JSON")
            return "[JSON]"
        }
        guard let items = schema["items"] else { return "[JSON]" }
        return "[\(schemaType(items, name: name + "Item").optionalType)]"
    }

    // MARK: Enum models

    /// The values an enum model keeps: each distinct value, unless its Swift case name, as the
    /// generator names the kept values together (`Naming.enumCases`: GitHub's `+1` and `-1`,
    /// Stripe's `Etc/GMT+1` and `Etc/GMT-1` are named apart), is an earlier value's too. A value
    /// listed twice loses nothing and is not reported; the others are.
    func keptEnumValues(_ rawValues: [String], node: OANode) -> [String] {
        var values: [String] = []
        var listed: Set<String> = []
        for value in rawValues where listed.insert(value).inserted { values.append(value) }
        // Every value whose name an earlier value has is dropped; dropping can change how the others
        // are named (`Naming.enumCases`), so they are named again until no name repeats (one or two passes).
        while true {
            var used: Set<String> = []
            let names = Naming.enumCases(values)
            let repeated = Set(names.indices.filter { !used.insert(names[$0]).inserted })
            if repeated.isEmpty { break }
            for index in repeated.sorted() {
                warn(.enumValueDropped, node["enum"] ?? node,
                     "enum value '\(values[index])' has no Swift case name of its own; dropped (it still decodes, as an unknown value)")
            }
            values = values.indices.filter { !repeated.contains($0) }.map { values[$0] }
        }
        return values
    }

    /// A `String` enum model: an identical one with the same name is reused, otherwise a new one is made.
    /// An enum of the empty string alone (Stripe's "or `""` to unset", beside 414 objects, lists and
    /// numbers) is one model for the whole document, `EmptyString`, without a description: the
    /// places it is used say what it means. Named after where it appears, each was a model of its
    /// own, and the union holding it a member named after that (`accountUpdateRequestIndividualDobOption2`).
    func enumModel(_ rawValues: [String], node: OANode, name: String) -> String {
        let values = keptEnumValues(rawValues, node: node)
        if values.isEmpty { return "String" }
        if values == [""] { return reusedEnumModel(values, integer: false, node: node, name: "EmptyString", described: false) }
        if let key = repeatedPropertyEnum(rawValues, kept: values, node: node) { return key }
        return reusedEnumModel(values, integer: false, node: node, name: name)
    }

    /// The one model of a property enum the document writes out under one name with the same values
    /// each time (`RepeatedSchemas`), named by the property (`TaxBehavior`), or nil: another enum,
    /// or a model that is not this enum, has that name.
    private func repeatedPropertyEnum(_ rawValues: [String], kept values: [String], node: OANode) -> String? {
        guard !repeated.propertyEnums.isEmpty, let property = RepeatedSchemas.propertyName(node.pointer) else { return nil }
        let name = ImportNaming.upperCamel(property)
        guard repeated.propertyEnums[name] == rawValues else { return nil }
        if let key = repeated.propertyEnumModels[name] { return key }
        guard !usedModelNames.contains(name), !reservedTypeNames.contains(name) else { return nil }
        let key = reserveModelName(name)
        repeated.propertyEnumModels[name] = key
        // The description is each property's, and stays with it.
        defineEnumModel(key, values, integer: false, node: node, described: false)
        return key
    }

    /// The enum model of `values` named after `name`: the model of that name holding the same values
    /// (of the same kind), or a new one. A model shared by places that say different things
    /// (`described: false`) has no description: each place keeps its own.
    func reusedEnumModel(_ values: [String], integer: Bool, node: OANode, name: String, described: Bool = true) -> String {
        let (key, isNew) = enumModelKey(name) { (integer ? intEnumValues[$0] : enumValues[$0]) == values }
        if isNew { defineEnumModel(key, values, integer: integer, node: node, described: described) }
        return key
    }

    private func defineEnumModel(_ key: String, _ values: [String], integer: Bool, node: OANode, described: Bool) {
        if integer { intEnumValues[key] = values } else { enumValues[key] = values }
        modelDefinitions[key] = enumDefinition(values.map(integer ? ImportJSON.number : ImportJSON.string), integer: integer,
                                               describedBy: described ? node : nil)
        modelSources[key] = node
    }

    /// The key of an inline enum model named after `name`: an existing one of that name (or
    /// numbered) that `isSame` accepts, else a new one, reserved.
    func enumModelKey(_ name: String, isSame: (String) -> Bool) -> (key: String, isNew: Bool) {
        var base = ImportNaming.upperCamel(name)
        if base.isEmpty { base = "Value" }
        var candidate = base
        var index = 2
        while usedModelNames.contains(candidate) {
            if isSame(candidate) { return (candidate, false) }
            candidate = "\(base)\(index)"
            index += 1
        }
        return (reserveModelName(candidate), true)
    }

    /// `{ "description", "type": "Int", "enum": [...] }`; `type` only for integer enums.
    func enumDefinition(_ values: [ImportJSON], integer: Bool, describedBy node: OANode?) -> ImportJSON {
        var definition: [(String, ImportJSON)] = []
        if let description = node?["description"]?.string?.importTrimmed, !description.isEmpty {
            definition.append((SpecKey.description.key, .string(description)))
        }
        if integer { definition.append((SpecKey.type.key, .string("Int"))) }
        definition.append((SpecKey.`enum`.key, .array(values)))
        return .object(definition)
    }

    // MARK: Object models

    /// The model of an inline object schema named `name` (after where it appears), or the one model
    /// of a titled schema the document repeats (`RepeatedSchemas`), named by its title.
    func inlineObjectModel(_ schema: OANode, name: String) -> String {
        var text: String?
        if !repeated.titles.isEmpty, RepeatedSchemas.title(of: schema.node) != nil, !RepeatedSchemas.isRequestBodySchema(schema.pointer) {
            text = RepeatedSchemas.text(of: schema.node)
        }
        if let text, let key = repeated.titledModels[text] { return key }
        let title = text.flatMap { repeated.titles[$0] }
        let key = reserveModelName(title.map(ImportNaming.upperCamel) ?? name)
        if title != nil, let text { repeated.titledModels[text] = key }
        modelDefinitions[key] = modelDefinition(schema, key: key)
        return key
    }

    /// The definition of a component or inline model (object or string enum).
    func modelDefinition(_ schema: OANode, key: String) -> ImportJSON {
        modelSources[key] = schema
        if let values = stringEnumValues(schema) {
            let kept = keptEnumValues(values, node: schema)
            enumValues[key] = kept
            return enumDefinition(kept.map(ImportJSON.string), integer: false, describedBy: schema)
        }
        if versionTwo, let values = integerEnumValues(schema) {
            intEnumValues[key] = values
            return enumDefinition(values.map(ImportJSON.number), integer: true, describedBy: schema)
        }
        if versionTwo, let union = unionDefinition(schema, key: key) { return union }

        objectModels.insert(key)
        var visited: Set<String> = []
        let collected = collectObject(schema, visited: &visited, reporting: true)
        var definition: [(String, ImportJSON)] = []
        if let description = collected.description { definition.append((SpecKey.description.key, .string(description))) }
        var properties: [(String, ImportJSON)] = []
        var usedNames: Set<String> = []
        for (propertyName, keyLocation, propertySchema) in collected.properties {
            let swiftName = ImportNaming.lowerCamel(propertyName)
            // The spec key: the wire name, unless its Swift name is another's (Sentry's `is_global` and
            // `isGlobal`) or empty; then a key of its own (`isGlobal2`) with the wire name as `name`.
            var specKey = propertyName
            if swiftName.isEmpty || !usedNames.insert(swiftName).inserted {
                guard versionTwo else {
                    warn(.propertyDropped, pointer: propertySchema.pointer, at: keyLocation,
                         "property '\(propertyName)' has the same Swift name as another ('\(swiftName)'); dropped (format version 1 names a property by its wire name)")
                    continue
                }
                specKey = uniqueName(swiftName.isEmpty ? "property" : swiftName, used: usedNames.union(collected.properties.map(\.0)),
                                     convert: ImportNaming.lowerCamel)
                usedNames.insert(ImportNaming.lowerCamel(specKey))
                let reason = swiftName.isEmpty ? "has no Swift name" : "has the same Swift name as another ('\(swiftName)')"
                warn(.renamed, pointer: propertySchema.pointer, at: keyLocation,
                     "property '\(propertyName)' \(reason); its key is '\(specKey)', with \"name\": \"\(propertyName)\"")
            }
            propertySources[key, default: [:]][specKey] = propertySchema
            let type = schemaType(propertySchema, name: key + ImportNaming.upperCamel(propertyName))
            if isFileSchema(propertySchema) { fileProperties[key, default: []].insert(specKey) }
            let required = collected.required.contains(propertyName)
            let typeString = required ? type.optionalType : (type.type.hasSuffix("?") ? type.type : type.type + "?")
            var members: [(String, ImportJSON)] = [(SpecKey.type.key, .string(typeString))]
            if specKey != propertyName { members.append((SpecKey.name.key, .string(propertyName))) }
            let resolved = resolve(propertySchema)
            // Its own description, else one an annotating allOf member gives (Box's `allOf: [{$ref}, {description}]`),
            // else the referenced schema's when it is inline.
            let annotated = propertySchema["allOf"]?.items?.first { isAnnotationOnly($0) && $0["description"] != nil }
            var description = (propertySchema["description"] ?? annotated?["description"] ?? resolved?["description"])?.string?.importTrimmed
            if propertySchema["$ref"] != nil, propertySchema["description"] == nil { description = nil }
            // The constant's note, unless the description says it already (Stripe's "Always true for a deleted object").
            let note = constantBooleanNote(propertySchema).flatMap { note in
                let said = note.dropLast().replacingOccurrences(of: "`", with: "").lowercased()
                return description?.lowercased().contains(said) == true ? nil : note
            }
            if let text = joinedDescription(summary: description, description: note) {
                members.append((SpecKey.description.key, .string(text)))
            }
            if let defaultNode = propertySchema["default"] {
                if awaitsComponent(type.type), !(typeString.hasSuffix("?") && defaultNode.node.value == .null) {
                    // A component defined further on may be a union or an enum: it decides once every component
                    // is defined (OpenAI's `tool_choice` union defaults to `"auto"`, a value of the enum
                    // `ToolChoiceOptions`, defined after the models that use it).
                    pendingDefaults.append((key, specKey, defaultNode, type.type, typeString.hasSuffix("?")))
                } else if let value = checkedDefault(defaultNode, type: type.type, optional: typeString.hasSuffix("?")) {
                    members.append((SpecKey.`default`.key, value))
                }
            }
            properties.append((specKey, members.count == 1 ? .string(typeString) : .object(members)))
        }
        definition.append((SpecKey.properties.key, .object(properties)))
        if versionTwo, let additional = collected.additionalProperties, additional.bool != false {
            if usedNames.contains("additionalProperties") {
                warn(.schemaDetailDropped, additional,
                     "a property's Swift name is 'additionalProperties', the name of the other members' dictionary; additionalProperties dropped")
            } else {
                // `true` and `{}` allow any value.
                let type = additional.isObject && !additional.members.isEmpty
                    ? schemaType(additional, name: key + "Value").optionalType : "JSON"
                definition.append((SpecKey.additionalProperties.key, .string(type)))
            }
        }
        return .object(definition)
    }

    /// Whether a schema is a file's bytes: a string of `format: binary` (OpenAPI 3.0) or with a
    /// `contentMediaType` and no `contentEncoding` (3.1; FastAPI's `UploadFile`), possibly nullable
    /// (`anyOf` with null) or an array of them.
    func isFileSchema(_ raw: OANode, depth: Int = 0) -> Bool {
        guard depth < 8, let schema = resolveQuietly(raw) else { return false }
        for keyword in ["anyOf", "oneOf"] {
            guard let variants = schema[keyword]?.items else { continue }
            let nonNull = variants.filter { !isNullSchema($0) }
            return nonNull.count == 1 && isFileSchema(nonNull[0], depth: depth + 1)
        }
        if let allOf = schema["allOf"]?.items, allOf.count == 1 { return isFileSchema(allOf[0], depth: depth + 1) }
        let types = typeNames(schema).filter { $0 != "null" }
        if types == ["array"], let items = schema["items"] { return isFileSchema(items, depth: depth + 1) }
        guard types == ["string"] else { return false }
        if schema["format"]?.string == "binary" { return true }
        return schema["contentMediaType"] != nil && schema["contentEncoding"] == nil
    }

    /// Makes the file properties of a multipart body's model `File` (`[File]`, `File?`): the type
    /// that becomes a file part with its own name and content type. Elsewhere they stay `Data` or `String`.
    func useFiles(inMultipartModel model: String, schema: OANode) {
        guard let names = fileProperties[model], !names.isEmpty, objectModels.contains(model) else { return }
        func fileType(_ type: String) -> String {
            type.replacingOccurrences(of: "Data", with: "File").replacingOccurrences(of: "String", with: "File")
        }
        updateProperties(ofModel: model) { properties in
            for index in properties.indices where names.contains(properties[index].0) {
                switch properties[index].1 {
                case .string(let type):
                    properties[index].1 = .string(fileType(type))
                case .object(var entry):
                    if let typeIndex = entry.firstIndex(where: { $0.0 == "type" }), case .string(let type) = entry[typeIndex].1 {
                        entry[typeIndex].1 = .string(fileType(type))
                    }
                    // A default is text or bytes, never a file.
                    entry.removeAll { $0.0 == "default" }
                    properties[index].1 = entry.count == 1 ? entry[0].1 : .object(entry)
                default:
                    continue
                }
            }
        }
        if multipartFileModels[model] == nil { multipartFileModels[model] = schema }
    }

    /// Rewrites the properties of an object model's definition; other models are left as they are.
    func updateProperties(ofModel model: String, _ update: (inout [(String, ImportJSON)]) -> Void) {
        guard case .object(var fields)? = modelDefinitions[model],
              let propertiesIndex = fields.firstIndex(where: { $0.0 == "properties" }),
              case .object(var properties) = fields[propertiesIndex].1 else { return }
        update(&properties)
        fields[propertiesIndex].1 = .object(properties)
        modelDefinitions[model] = .object(fields)
    }

    /// A multipart body's `encoding` (version 2): each named property's part gets its own
    /// `contentType` (`image/png, image/jpeg` as written) and `headers` (name -> type string, as
    /// response headers are typed). `style`, `explode` and `allowReserved` shape form bodies, not
    /// multipart parts, and are ignored here as OpenAPI ignores them.
    func usePartEncodings(_ encodings: OANode, inMultipartModel model: String) {
        updateProperties(ofModel: model) { properties in
            for (name, keyLocation, rawEncoding) in encodings.members {
                guard let index = Self.propertyIndex(properties, wireName: name) else {
                    warn(.schemaDetailDropped, pointer: rawEncoding.pointer, at: keyLocation,
                         "encoding names '\(name)', which is not a property of the body; dropped")
                    continue
                }
                guard let partEncoding = resolve(rawEncoding) else { continue }
                var additions: [(String, ImportJSON)] = []
                if let contentType = partEncoding["contentType"]?.string, let chosen = partContentType(contentType, of: name, at: partEncoding["contentType"] ?? partEncoding) {
                    additions.append((SpecKey.contentType.key, .string(chosen)))
                }
                if let headers = partEncoding["headers"] {
                    let fixed = partHeaders(headers, of: name)
                    if !fixed.isEmpty { additions.append((SpecKey.headers.key, .object(fixed))) }
                }
                guard !additions.isEmpty else { continue }
                var entry: [(String, ImportJSON)]
                switch properties[index].1 {
                case .string(let type): entry = [(SpecKey.type.key, .string(type))]
                case .object(let members): entry = members.filter { member in !additions.contains { $0.0 == member.0 } }
                default: continue
                }
                properties[index].1 = .object(entry + additions)
            }
        }
    }

    /// A part's `contentType`: OpenAPI allows a comma-separated list of accepted types (and
    /// wildcards); a part is sent with one, so the spec keeps the first concrete one and says so.
    func partContentType(_ text: String, of part: String, at node: OANode) -> String? {
        let listed = text.split(separator: ",").map { String($0).importTrimmed }.filter { !$0.isEmpty }
        guard let chosen = listed.first(where: { Self.isConcreteMediaType($0) }) else {
            if !listed.isEmpty {
                warn(.schemaDetailDropped, node, "part '\(part)' accepts '\(text)', which names no one content type to send; the part is sent with its default")
            }
            return nil
        }
        if listed.count > 1 {
            warn(.schemaDetailDropped, node, "part '\(part)' accepts '\(text)'; it is sent as '\(chosen)'")
        }
        return chosen
    }

    /// A part's headers. The spec format's part headers are values sent as written; OpenAPI's are
    /// described by a schema, a value the caller would supply. A header whose schema allows one
    /// value (a one-value `enum`, or a `const`) is kept with it; any other is reported and dropped.
    func partHeaders(_ headers: OANode, of part: String) -> [(String, ImportJSON)] {
        var fixed: [(String, ImportJSON)] = []
        for (name, keyLocation, raw) in headers.members where name.lowercased() != "content-type" {
            guard let header = resolve(raw) else { continue }
            let schema = header["schema"].flatMap { resolve($0) }
            var value: String?
            if let values = schema?["enum"]?.items, values.count == 1 { value = values[0].string ?? values[0].number }
            if value == nil, let constant = schema?["const"] { value = constant.string ?? constant.number }
            if let value, Validation.isToken(name) {
                fixed.append((name, .string(value)))
            } else {
                warn(.schemaDetailDropped, pointer: raw.pointer, at: keyLocation,
                     "header '\(name)' of part '\(part)' is a value the caller supplies; the spec format's part headers are values written in the spec; dropped")
            }
        }
        return fixed
    }

    /// Remembers that `type`'s model (`Pet`, `[Pet]?`) is read or sent as JSON where `node` says so.
    func noteJSONUse(_ type: String, at node: OANode) {
        var bare = type
        while bare.hasSuffix("?") { bare.removeLast() }
        while bare.hasPrefix("[String: "), bare.hasSuffix("]") { bare = String(bare.dropFirst(9).dropLast()); while bare.hasSuffix("?") { bare.removeLast() } }
        while bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()); while bare.hasSuffix("?") { bare.removeLast() } }
        if objectModels.contains(bare) { jsonModels.append((bare, node)) }
    }

    /// A model typed for a multipart body holds `File`s, which have no JSON form: where the same
    /// model is also a JSON body, response or error body, that use fails at run time. Reported once per use.
    func reportFilesInJSON() {
        for use in jsonModels where multipartFileModels[use.model] != nil {
            let names = (fileProperties[use.model] ?? []).sorted().map { "'\($0)'" }.joined(separator: ", ")
            warn(.schemaDetailDropped, use.node,
                 "model '\(use.model)' is also a multipart body, where its file properties (\(names)) are typed File; a File has no JSON form, so this JSON use fails at run time")
        }
    }

    struct CollectedObject {
        var properties: [(String, SourceLocation, OANode)] = []
        var required: Set<String> = []
        var description: String?
        /// The `additionalProperties` of the object or of its last allOf member that has one.
        var additionalProperties: OANode?
    }

    /// An object's properties with those of its `allOf` members merged in (later ones win), and the
    /// union of their `required`. Parts that cannot be merged are reported when `reporting`.
    func collectObject(_ raw: OANode, visited: inout Set<String>, reporting: Bool) -> CollectedObject {
        var result = CollectedObject()
        guard let schema = reporting ? resolve(raw) : resolveQuietly(raw), visited.insert(schema.pointer).inserted else { return result }
        if let description = schema["description"]?.string?.importTrimmed, !description.isEmpty {
            result.description = description
        }
        func merge(_ other: CollectedObject) {
            for property in other.properties {
                result.properties.removeAll { $0.0 == property.0 }
                result.properties.append(property)
            }
            result.required.formUnion(other.required)
            if let additional = other.additionalProperties { result.additionalProperties = additional }
        }
        for member in schema["allOf"]?.items ?? [] {
            var memberVisited = visited
            let collected = collectObject(member, visited: &memberVisited, reporting: reporting)
            if collected.properties.isEmpty, reporting, let resolved = resolve(member), !isAnnotationOnly(resolved),
               resolved["properties"] == nil, resolved["allOf"] == nil,
               (!typeNames(resolved).isEmpty && typeNames(resolved) != ["object"]) || resolved["oneOf"] != nil || resolved["anyOf"] != nil {
                warn(.schemaDetailDropped, member, "an allOf member that is not an object cannot be merged; dropped")
            }
            merge(collected)
        }
        var own = CollectedObject()
        for (name, keyLocation, property) in schema["properties"]?.members ?? [] {
            own.properties.append((name, keyLocation, property))
        }
        for item in schema["required"]?.items ?? [] {
            if let name = item.string { own.required.insert(name) }
        }
        own.additionalProperties = schema["additionalProperties"]
        merge(own)
        if reporting {
            // A union with no properties of its own, merged as an allOf member, is reported as that member.
            for keyword in ["oneOf", "anyOf"] where schema[keyword] != nil && !onlyConstrains(schema[keyword]?.items ?? [])
                && !result.properties.isEmpty {
                warn(.schemaAsJSON, schema[keyword] ?? schema, "\(keyword) inside an object is not expressible; dropped (the object's own properties are kept)")
            }
            if !versionTwo, let additional = schema["additionalProperties"], additional.isObject, !result.properties.isEmpty {
                warn(.schemaDetailDropped, additional, "additionalProperties next to properties is not expressible; dropped")
            }
        }
        return result
    }

    /// `resolve` without warnings (for looking ahead; the real pass reports).
    func resolveQuietly(_ node: OANode) -> OANode? {
        var current = node
        var depth = 0
        while let refNode = current["$ref"] {
            depth += 1
            guard let ref = refNode.string, depth <= 32, let target = lookup(pointer: ref) else { return nil }
            current = target
        }
        return current
    }

    // MARK: Defaults

    /// The default as the spec can state it for `type`, or nil (reported) when it does not fit.
    /// `default: null` on an optional value says what leaving it out says: nil, not reported.
    func checkedDefault(_ node: OANode, type: String, optional: Bool) -> ImportJSON? {
        if optional, node.node.value == .null { return nil }
        if let value = defaultValue(node, type: type) { return value }
        warn(.defaultDropped, node, "default \(ImportJSONWriter.compact(ImportJSON(node.node))) does not fit the type '\(type)'; dropped")
        return nil
    }

    /// `depth` bounds unions whose alternatives are unions.
    private func defaultValue(_ node: OANode, type: String, depth: Int = 0) -> ImportJSON? {
        if let alternatives = unionAlternatives[type] {
            // The generator gives the default to the first alternative that takes it.
            guard depth < 8 else { return nil }
            return alternatives.lazy.compactMap { self.defaultValue(node, type: $0, depth: depth + 1) }.first
        }
        switch node.node.value {
        case let .string(s):
            // Text the type holds: any for `String`, a UUID for `UUID`, a URL for `URL` (PagerDuty's
            // SCIM `schemas` default to `urn:ietf:params:scim:schemas:core:2.0:User`).
            if let builtin = TypeRef.Builtin(rawValue: type), DefaultValues.textFits(s, builtin) { return .string(s) }
            if let values = enumValues[type], values.contains(s) { return .string(s) }
            // Text that is exactly a JSON number or boolean of the type (Xero's `"false"`, `"10"`).
            if let number = Self.exactNumberText(s) { return numberDefault(number, type: type) }
            if s == "true" || s == "false" { return type == "Bool" ? .bool(s == "true") : nil }
            return nil
        case let .number(n):
            if let value = numberDefault(n, type: type) { return value }
            // A number on a string (Vault's `default: 300` on a duration) is its text as written.
            if type == "String" || enumValues[type]?.contains(n) == true { return .string(n) }
            return nil
        case let .bool(b):
            return type == "Bool" ? .bool(b) : nil
        case let .array(items):
            guard type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") else { return nil }
            let element = String(type.dropFirst().dropLast())
            var values: [ImportJSON] = []
            for (index, item) in items.enumerated() {
                guard let value = defaultValue(OANode(item, pointer: node.pointer + "/\(index)"), type: element) else { return nil }
                values.append(value)
            }
            return .array(values)
        default:
            return nil
        }
    }
}
