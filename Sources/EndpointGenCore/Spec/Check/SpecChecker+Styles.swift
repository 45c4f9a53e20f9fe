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

extension SpecChecker {
    /// The shape of `type` (optional or not); nil for what no place can carry (`File`, `Void`).
    func valueShape(_ type: TypeRef) -> ValueShape? {
        var visiting: Set<String> = []
        return valueShape(withoutOptional(type), visiting: &visiting)
    }

    private func valueShape(_ type: TypeRef, visiting: inout Set<String>) -> ValueShape? {
        switch type {
        case .builtin, .json: return .single
        case .file, .void: return nil
        case .optional(let wrapped): return valueShape(wrapped, visiting: &visiting)
        // An element or entry that may be null has no text in any style: OpenAPI writes no `null`.
        case .array(let element):
            guard !element.isOptional, let inner = valueShape(element, visiting: &visiting) else { return nil }
            return .list(nested: inner != .single)
        case .dictionary(let value):
            guard !value.isOptional, let inner = valueShape(value, visiting: &visiting) else { return nil }
            return .object(nested: inner != .single)
        case .model(let name, let defined):
            if !defined || modelIndex.isEnumModel(name) { return .single }
            // A model that holds itself nests without end: deep, whatever its properties say.
            guard visiting.insert(name).inserted else { return .object(nested: true) }
            defer { visiting.remove(name) }
            if let properties = objectModels[name] {
                var nested = false
                // The `additionalProperties` entries are written beside the properties.
                for type in properties.map(\.type) + [additionalPropertyTypes[name]].compactMap({ $0 }) {
                    guard let shape = valueShape(type, visiting: &visiting) else { return nil }
                    if shape != .single { nested = true }
                }
                return .object(nested: nested)
            }
            if let alternatives = modelIndex.unionAlternatives[name] {
                var shapes: [ValueShape] = []
                for alternative in alternatives {
                    guard let shape = valueShape(alternative, visiting: &visiting) else { return nil }
                    shapes.append(shape)
                }
                return .union(of: shapes)
            }
            return .single
        }
    }

    /// The problem with a parameter of `type` in `location`, or nil: a path takes one value, a flat
    /// list or flat object, never optional; a header the same, optional allowed; a query anything
    /// that can be written (what nests needs `deepObject`, checked with the style).
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
