// OpenAPI's `style` and `explode`, of parameters and of a form body's properties (`encoding`),
// to the spec's `style` and `explode` keys (docs/spec-format.md, "Parameter styles"). The importer
// writes a style only where it is not the place's default, so a document that states the defaults
// imports as one that does not.

extension OpenAPIImportContext {
    /// The shape of a value of the type string `type` (`?` allowed), by the spec checker's rule
    /// (`ValueShape.of`, as `SpecChecker.valueShape`): nil for what no place can carry.
    func valueShape(ofType type: String) -> ValueShape? {
        var visiting: Set<String> = []
        return ValueShape.of(type, visiting: &visiting, step: shapeStep)
    }

    private func shapeStep(_ type: String) -> ValueShapeStep<String> {
        let bare = type.hasSuffix("?") ? String(type.dropLast()) : type
        if bare == "File" || bare == "Void" { return .none }
        if bare.hasPrefix("[String: "), bare.hasSuffix("]") {
            let value = String(bare.dropFirst(9).dropLast())
            return .dictionary(value: value, optional: value.hasSuffix("?"))
        }
        if bare.hasPrefix("["), bare.hasSuffix("]") {
            let element = String(bare.dropFirst().dropLast())
            return .list(element: element, optional: element.hasSuffix("?"))
        }
        if let alternatives = unionAlternatives[bare] { return .union(name: bare, alternatives: alternatives) }
        if objectModels.contains(bare) {
            var parts = propertyEntries(ofModel: bare).map(\.1)
            if case .object(let fields)? = modelDefinitions[bare], let extra = fields.first(where: { $0.0 == "additionalProperties" }),
               case .string(let extraType) = extra.1 {
                parts.append(extraType)
            }
            return .object(name: bare, parts: parts)
        }
        return .single
    }

    /// The `style` and `explode` keys for a value of `type` in `location` (`query`, `path`,
    /// `header`) from OpenAPI's `style` and `explode` on `node`: empty for the place's default.
    /// Nil when the value cannot be written in that style (reported): the caller types it `String`.
    func styleMembers(_ node: OANode, type: String, location: String, name: String) -> [(String, ImportJSON)]? {
        guard let shape = valueShape(ofType: type) else { return nil }
        let place = Parameter.Location(rawValue: location) ?? .query
        let declared = node["style"]?.string
        // A single value reads the same in every style of a query or header.
        if shape == .single, place != .path { return [] }
        var styleName = declared.flatMap(Parameter.Style.Name.init(rawValue:)) ?? Parameter.Style.default(in: place).name
        if let declared, Parameter.Style.Name(rawValue: declared) == nil || !SpecChecker.styles(in: place).contains(declared) {
            // In a path, a single value in any style but label and matrix is just its text.
            if shape == .single { return [] }
            warn(.parameterStyle, node["style"] ?? node,
                 "style '\(declared)' does not apply to a \(location) parameter; '\(name)' is sent in style '\(styleName.rawValue)'")
            styleName = Parameter.Style.default(in: place).name
        }
        let style = Parameter.Style(styleName, explode: node["explode"]?.bool).canonical
        if shape.isNested, style.name != .deepObject {
            warn(.parameterStyle, node["style"] ?? node,
                 "'\(name)' holds objects or arrays inside its value, which only style 'deepObject' writes; typed String (pass the serialized value)")
            return nil
        }
        if style == Parameter.Style.default(in: place) { return [] }
        if style == .comma, case .list = shape { return [(SpecKey.style.key, .string("comma"))] }
        return Self.specMembers(of: style)
    }

    /// A form body's `encoding` (OpenAPI's per-property style and explode): each named property of
    /// the body's model gets the spec's `style` and `explode`. What a form body's property cannot say
    /// (`contentType`, `headers`, `allowReserved`) is reported.
    func useFormEncodings(_ encodings: OANode, inFormModel model: String) {
        var styles: [(name: String, members: [(String, ImportJSON)])] = []
        let types = Dictionary(propertyEntries(ofModel: model), uniquingKeysWith: { first, _ in first })
        for (name, keyLocation, rawEncoding) in encodings.members {
            guard let encoding = resolve(rawEncoding) else { continue }
            guard let type = types[name] else {
                warn(.schemaDetailDropped, pointer: rawEncoding.pointer, at: keyLocation, "encoding names '\(name)', which is not a property of the body; dropped")
                continue
            }
            for key in ["contentType", "headers"] where encoding[key] != nil {
                warn(.schemaDetailDropped, encoding[key] ?? encoding, "a form body's property has no '\(key)' of its own; dropped")
            }
            if encoding["allowReserved"]?.bool == true {
                warn(.parameterStyle, encoding, "allowReserved is not supported; reserved characters are percent-encoded")
            }
            guard encoding["style"] != nil || encoding["explode"] != nil,
                  let members = formStyleMembers(encoding, type: type, name: name), !members.isEmpty else { continue }
            styles.append((name, members))
        }
        guard !styles.isEmpty else { return }
        updateProperties(ofModel: model) { properties in
            for (name, members) in styles {
                guard let index = Self.propertyIndex(properties, wireName: name) else { continue }
                switch properties[index].1 {
                case .string(let type): properties[index].1 = .object([(SpecKey.type.key, .string(type))] + members)
                case .object(let existing):
                    // One model sent by several operations: the first encoding stays.
                    if existing.contains(where: { $0.0 == "style" || $0.0 == "explode" }) { continue }
                    properties[index].1 = .object(existing + members)
                default: break
                }
            }
        }
    }

    /// The `style`/`explode` of one form property: what differs from the body's own rule (nested
    /// values in brackets, arrays repeated), which is exploded `form`. Empty when nothing differs.
    private func formStyleMembers(_ encoding: OANode, type: String, name: String) -> [(String, ImportJSON)]? {
        guard let shape = valueShape(ofType: type) else { return nil }
        let declared = encoding["style"]?.string ?? "form"
        guard let styleName = Parameter.Style.Name(rawValue: declared), SpecChecker.styles(in: .query).contains(declared) else {
            warn(.parameterStyle, encoding["style"] ?? encoding, "style '\(declared)' does not apply to a form body's property; '\(name)' is sent as form")
            return nil
        }
        let style = Parameter.Style(styleName, explode: encoding["explode"]?.bool).canonical
        // A single value is `name=value` in every style.
        if shape == .single || style == Parameter.Style(.form) { return [] }
        if shape.isNested, style.name != .deepObject {
            warn(.parameterStyle, encoding["style"] ?? encoding,
                 "'\(name)' holds objects or arrays inside its value, which style '\(declared)' cannot write; sent in brackets (name[key]=value)")
            return []
        }
        return Self.specMembers(of: style)
    }

    /// A style as the spec's `style` and `explode` keys (`Parameter.Style.specKeys`).
    static func specMembers(of style: Parameter.Style) -> [(String, ImportJSON)] {
        let keys = style.specKeys
        var members: [(String, ImportJSON)] = [(SpecKey.style.key, .string(keys.style))]
        if let explode = keys.explode { members.append((SpecKey.explode.key, .bool(explode))) }
        return members
    }

    /// A model's properties by their names in JSON (a property's `name`, else its key), with their types.
    private func propertyEntries(ofModel model: String) -> [(String, String)] {
        guard case .object(let fields)? = modelDefinitions[model],
              case .object(let properties)? = fields.first(where: { $0.0 == SpecKey.properties.key })?.1 else { return [] }
        return properties.compactMap { key, value in
            switch value {
            case .string(let type): return (key, type)
            case .object(let members):
                if case .string(let type)? = members.first(where: { $0.0 == "type" })?.1 { return (Self.wireName(key, value), type) }
                return nil
            default: return nil
            }
        }
    }

    /// The name a spec property has in JSON: its `name`, else its key.
    static func wireName(_ key: String, _ value: ImportJSON) -> String {
        if case .object(let members) = value, case .string(let name)? = members.first(where: { $0.0 == SpecKey.name.key })?.1 { return name }
        return key
    }

    /// The index of the property whose name in JSON is `wireName` (what OpenAPI's `encoding` and a
    /// discriminator name), among a model's spec properties.
    static func propertyIndex(_ properties: [(String, ImportJSON)], wireName: String) -> Int? {
        properties.firstIndex { Self.wireName($0.0, $0.1) == wireName }
    }

    /// Whether a request body says nothing a request could carry: an object schema with no
    /// properties (Stripe writes one on every GET), so dropping it loses nothing.
    func bodyCarriesNothing(_ raw: OANode) -> Bool {
        guard let body = resolve(raw), let content = body["content"] else { return false }
        return content.members.allSatisfy { _, _, media in
            guard let schema = media["schema"].flatMap(resolve) else { return false }
            let noProperties = schema["properties"].map { $0.members.isEmpty } ?? true
            let noMore = schema["additionalProperties"]?.bool == false
            let composed = ["allOf", "oneOf", "anyOf", "items"].contains { schema[$0] != nil }
            return typeNames(schema).allSatisfy { $0 == "object" } && noProperties && noMore && !composed
        }
    }

    /// Format version 1's parameters: single values, arrays of them and (in a query) dictionaries
    /// of them; the one style is `comma` for an array in a query. The rest is reported.
    func versionOneStyle(_ node: OANode, schemaType: SchemaType, schemaNode: OANode?,
                         parameter: PendingParameter) -> (SchemaType, [(String, ImportJSON)]) {
        var schemaType = schemaType
        let type = schemaType.type
        let allowed = parameterTypeAllowed(type, location: parameter.location)
        if !allowed {
            warn(.parameterType, schemaNode ?? node,
                 "a \(parameter.location) parameter of type '\(type)' cannot be sent; '\(parameter.wireName)' is typed String (pass the serialized value)")
            schemaType = SchemaType(type: "String", nullable: schemaType.nullable)
        }
        var style: [(String, ImportJSON)] = []
        if schemaType.type.hasPrefix("["), !schemaType.type.contains(":") {
            let declaredStyle = node["style"]?.string
            if parameter.location == "query" {
                switch declaredStyle {
                case nil, "form": if node["explode"]?.bool == false { style = [(SpecKey.style.key, .string("comma"))] }
                default:
                    warn(.parameterStyle, node["style"] ?? node,
                         "query style '\(declaredStyle ?? "")' is not expressible in format version 1; sent as form (name=a&name=b)")
                }
            }
        } else if let declaredStyle = node["style"]?.string, !["form", "simple"].contains(declaredStyle) {
            warn(.parameterStyle, node["style"] ?? node, "parameter style '\(declaredStyle)' is not expressible in format version 1; sent in the default style")
        }
        return (schemaType, style)
    }
}
