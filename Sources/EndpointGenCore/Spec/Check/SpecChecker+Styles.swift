// Parameter styles: which values each place takes, and which `style` and `explode` fit them
// (docs/spec-format.md, "Parameter styles"). The same rules serve a form body's properties.

/// What a value looks like once written: one value, a list of them, or named values (an object
/// model, a `[String: T]` dictionary). `nested` when something inside is itself a list or object.
enum ValueShape: Equatable {
    case single
    case list(nested: Bool)
    case object(nested: Bool)

    var isNested: Bool {
        switch self {
        case .single: return false
        case .list(let nested), .object(let nested): return nested
        }
    }

    /// A union's shape: it is written as the alternative it holds, so as wide as its widest one
    /// (an object if any is, else a list if any is), nested if any alternative nests.
    static func union(of shapes: [ValueShape]) -> ValueShape {
        let nested = shapes.contains { $0.isNested }
        if shapes.contains(where: { if case .object = $0 { return true } else { return false } }) { return .object(nested: nested) }
        if shapes.contains(where: { if case .list = $0 { return true } else { return false } }) { return .list(nested: nested) }
        return .single
    }
}

/// What the shape rule needs to know of one type, however types are spelled (the spec's `TypeRef`,
/// the importer's type strings): `ValueShape.of` walks it, so both follow one rule.
enum ValueShapeStep<Type> {
    /// A value with no parts: a scalar, an enum, JSON.
    case single
    /// What no place can carry (`File`, `Void`).
    case none
    /// The shape of another type (an optional's wrapped one).
    case same(Type)
    /// An array of `element`, a dictionary of `value` (`optional`: it may be null).
    case list(element: Type, optional: Bool)
    case dictionary(value: Type, optional: Bool)
    /// An object model: the types of its properties and of its `additionalProperties` entries.
    case object(name: String, parts: [Type])
    /// A union of `alternatives`.
    case union(name: String, alternatives: [Type])
}

extension ValueShape {
    /// The shape of `type`, each step told by `step`; nil for what no place can carry.
    static func of<Type>(_ type: Type, visiting: inout Set<String>, step: (Type) -> ValueShapeStep<Type>) -> ValueShape? {
        switch step(type) {
        case .single: return .single
        case .none: return nil
        case .same(let other): return of(other, visiting: &visiting, step: step)
        // An element or entry that may be null has no text in any style: OpenAPI writes no `null`.
        case .list(let element, let optional):
            guard !optional, let inner = of(element, visiting: &visiting, step: step) else { return nil }
            return .list(nested: inner != .single)
        case .dictionary(let value, let optional):
            guard !optional, let inner = of(value, visiting: &visiting, step: step) else { return nil }
            return .object(nested: inner != .single)
        case .object(let name, let parts):
            // A model that holds itself nests without end: deep, whatever its properties say.
            guard visiting.insert(name).inserted else { return .object(nested: true) }
            defer { visiting.remove(name) }
            var nested = false
            for part in parts {
                guard let shape = of(part, visiting: &visiting, step: step) else { return nil }
                if shape != .single { nested = true }
            }
            return .object(nested: nested)
        case .union(let name, let alternatives):
            guard visiting.insert(name).inserted else { return .object(nested: true) }
            defer { visiting.remove(name) }
            var shapes: [ValueShape] = []
            for alternative in alternatives {
                guard let shape = of(alternative, visiting: &visiting, step: step) else { return nil }
                shapes.append(shape)
            }
            return .union(of: shapes)
        }
    }
}

extension SpecChecker {
    /// The shape of `type` (optional or not); nil for what no place can carry (`File`, `Void`).
    func valueShape(_ type: TypeRef) -> ValueShape? {
        let bare = withoutOptional(type)
        // Most parameters are single values: no walk.
        switch bare {
        case .builtin, .json: return .single
        default: break
        }
        var visiting: Set<String> = []
        // The step reads three tables, not the checker: with the checker in the closure, every
        // step copied it whole (a retain for each of its tables), twice for each parameter.
        let modelIndex = modelIndex, objectModels = objectModels, additionalPropertyTypes = additionalPropertyTypes
        return ValueShape.of(bare, visiting: &visiting) { type in
            SpecChecker.shapeStep(type, modelIndex: modelIndex, objectModels: objectModels, additionalPropertyTypes: additionalPropertyTypes)
        }
    }

    private static func shapeStep(_ type: TypeRef, modelIndex: ModelIndex, objectModels: [String: [CheckedModel.Member]],
                                  additionalPropertyTypes: [String: TypeRef]) -> ValueShapeStep<TypeRef> {
        switch type {
        case .builtin, .json: return .single
        case .file, .void: return .none
        case .optional(let wrapped): return .same(wrapped)
        case .array(let element): return .list(element: element, optional: element.isOptional)
        case .dictionary(let value): return .dictionary(value: value, optional: value.isOptional)
        case .model(let name, let defined):
            if !defined || modelIndex.isEnumModel(name) { return .single }
            if let properties = objectModels[name] {
                // The `additionalProperties` entries are written beside the properties.
                return .object(name: name, parts: properties.map(\.type) + [additionalPropertyTypes[name]].compactMap { $0 })
            }
            if let alternatives = modelIndex.unionAlternatives[name] { return .union(name: name, alternatives: alternatives) }
            return .single
        }
    }

    /// The problem with a parameter of `type` in `location`, or nil: a path takes one value, a flat
    /// list or flat object, never optional; a header and a cookie the same, optional allowed; a
    /// query anything that can be written (what nests needs `deepObject`, checked with the style).
    func parameterTypeProblem(_ type: TypeRef, in location: Parameter.Location) -> String? {
        let text = type.specText
        if location == .path, type.isOptional { return "cannot be optional ('\(text)'): a path always has a value" }
        guard let shape = valueShape(type) else { return "cannot be '\(text)': it has no text to send" }
        if location != .query, shape.isNested {
            return "must be a single value, or an array or object of single values, not '\(text)', which nests"
        }
        return nil
    }

    /// The style a parameter states (`style`, `explode`), checked against its place and type; the
    /// place's default when it states none. Nil when the style is not usable (reported).
    /// In a form body (`inBody`) a nested value needs no style: the body's own rule brackets it,
    /// and so does exploded `form`.
    mutating func checkStyle(_ text: Located<String>?, explode: Located<Bool>?, type: Located<TypeRef>, location: Parameter.Location,
                             inBody: Bool = false, what: String) -> Parameter.Style? {
        let typeLocation = type.location
        let type = type.value
        let shape = valueShape(type) ?? .single
        var style = Parameter.Style.default(in: location)
        if let text {
            guard SpecKeys.styles.contains(text.value) else {
                var message = "unknown style '\(text.value)'; expected one of \(Validation.list(SpecKeys.styles))"
                if let suggestion = Naming.didYouMean(text.value, candidates: SpecKeys.styles) {
                    message = "unknown style '\(text.value)'; did you mean '\(suggestion)'?"
                }
                error(message, at: text.location)
                return nil
            }
            guard let stated = Parameter.Style(specName: text.value, explode: explode?.value) else {
                error("'comma' is 'form' without explode; 'explode': true contradicts it", at: explode?.location ?? text.location)
                return nil
            }
            let allowed = Self.styles(in: location)
            guard allowed.contains(text.value) else {
                let place = inBody ? "a form body's property" : "a \(location.rawValue) parameter"
                error("style '\(text.value)' does not apply to \(place); \(what) takes \(Validation.list(allowed))", at: text.location)
                return nil
            }
            style = stated
        } else if let explode {
            style = Parameter.Style(style.name, explode: explode.value)
        }
        let at = text?.location ?? explode?.location
        switch style.name {
        case .spaceDelimited, .pipeDelimited, .deepObject:
            if shape == .single, let at {
                error("style '\(text?.value ?? style.name.rawValue)' applies to arrays and objects; \(what) is '\(type.specText)'", at: at)
                return nil
            }
        case .form where !style.explode:
            if shape == .single, let at {
                error("'\(text?.value ?? "form")' without explode applies to arrays and objects; \(what) is '\(type.specText)'", at: at)
                return nil
            }
        default:
            break
        }
        let writesNesting = style.name == .deepObject || (inBody && style == Parameter.Style(.form))
        if shape.isNested, location == .query, !writesNesting {
            error("\(what) of type '\(type.specText)' holds objects or arrays inside it; only style 'deepObject' writes them (name[key][inner]=value)",
                  at: at ?? typeLocation)
            return nil
        }
        return style
    }

    /// The `style` values each place takes.
    static func styles(in location: Parameter.Location) -> [String] {
        switch location {
        case .query: return ["form", "comma", "spaceDelimited", "pipeDelimited", "deepObject"]
        case .path: return ["simple", "label", "matrix"]
        case .header: return ["simple"]
        case .cookie: return ["form", "comma"]
        }
    }

    /// The `style` and `explode` of object models' properties: how each is written when its model
    /// is a form body. Checked once every model's properties are known (a style depends on them).
    mutating func checkFormStyles(_ models: [RawModel]) {
        for model in models {
            guard case .object(let properties?, _) = model.kind else { continue }
            for property in properties where property.style != nil || property.explode != nil {
                guard let type = result.properties[property.id]?.type, let typeText = property.type else { continue }
                let style = checkStyle(property.style, explode: property.explode, type: Located(value: type, location: typeText.location),
                                                   location: .query, inBody: true,
                                                   what: "property '\(property.key.key)' of model '\(model.key.key)' in a form body")
                result.properties[property.id, default: .init()].style = style
            }
        }
    }
}
