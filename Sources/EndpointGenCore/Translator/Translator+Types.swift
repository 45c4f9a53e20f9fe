// Types and default values as code-model values.
extension Translator {
    func swiftType(_ type: TypeRef) -> TypeName {
        switch type {
        case let .builtin(builtin): return .named(builtin.rawValue)
        case .json: return runtime(RuntimeNames.jsonValue)
        case .file: return .member(.named(RuntimeNames.module), RuntimeNames.file)
        case .void: return .named("Void")
        case let .model(name, defined):
            guard defined, let modelQualifier else { return .named(name) }
            return .member(.named(modelQualifier), name)
        case let .array(element): return .array(swiftType(element))
        case let .dictionary(value): return .dictionary(key: .named("String"), value: swiftType(value))
        case let .optional(wrapped): return .optional(swiftType(wrapped))
        }
    }

    /// A spec `default` as a Swift value of `type` (nil when there is none; `nil` for an optional).
    func defaultExpression(_ value: DefaultValue?, type: TypeRef) -> Expression? {
        guard let value else { return type.isOptional ? .nilLiteral : nil }
        return literal(value, type: type)
    }

    private func literal(_ value: DefaultValue, type: TypeRef) -> Expression {
        switch value {
        case let .string(text):
            // `UUID` and `URL` take no string literal: their failable initializers, on text the
            // checker has read as one (`DefaultValues.textFits`).
            switch type.unwrapped {
            case .builtin(.uuid): return .forceUnwrap(.call(.type(.named("UUID")), [Argument("uuidString", .stringLiteral(text))]))
            case .builtin(.url): return .forceUnwrap(.call(.type(.named("URL")), [Argument("string", .stringLiteral(text))]))
            default: return .stringLiteral(text)
            }
        case let .integer(text), let .number(text):
            return .numberLiteral(text)
        case let .bool(flag):
            return .booleanLiteral(flag)
        case .null:
            return .nilLiteral
        case let .enumCase(raw):
            return enumCaseLiteral(raw, type: type)
        case let .array(elements):
            let elementType: TypeRef
            if case let .array(element) = type.unwrapped { elementType = element } else { elementType = type.unwrapped }
            return .arrayLiteral(elements.map { literal($0, type: elementType) })
        case let .alternative(alternativeType, inner):
            return alternativeLiteral(alternativeType, inner, union: type.unwrapped)
        }
    }

    /// A union's default: `.caseName(value)` for a `oneOf`, `Union(property: value)` for an `anyOf`,
    /// the value being the alternative's own default.
    private func alternativeLiteral(_ alternativeType: TypeRef, _ inner: DefaultValue, union: TypeRef) -> Expression {
        let value = literal(inner, type: alternativeType)
        guard case let .model(name, _) = union, let model = model(named: name) else { return value }
        switch model.kind {
        case let .oneOf(union):
            guard let alternative = union.alternatives.first(where: { $0.type == alternativeType }) else { return value }
            return .call(.dotMember(Identifier(alternative.swiftName)), [Argument(value)])
        case let .anyOf(alternatives):
            guard let alternative = alternatives.first(where: { $0.type == alternativeType }) else { return value }
            return .call(.type(swiftType(union)), [Argument(Identifier(alternative.swiftName), value)])
        default:
            return value
        }
    }

    /// `.m` for the enum model member whose raw value is `raw`; `.init(rawValue: "raw")` for a value it does not list.
    private func enumCaseLiteral(_ raw: String, type: TypeRef) -> Expression {
        var base = type
        while true {
            switch base {
            case let .optional(wrapped): base = wrapped; continue
            case let .array(element): base = element; continue
            default: break
            }
            break
        }
        if case let .model(name, _) = base, let model = model(named: name) {
            let cases: [EnumCase]
            let rawLiteral: Expression
            switch model.kind {
            case let .enumeration(list): (cases, rawLiteral) = (list, .stringLiteral(raw))
            case let .integerEnumeration(list): (cases, rawLiteral) = (list, .numberLiteral(raw))
            default: return .stringLiteral(raw)
            }
            if let match = cases.first(where: { $0.value == raw }) {
                return .dotMember(Identifier(match.swiftName))
            }
            return .call(.dotMember("init"), [Argument("rawValue", rawLiteral)])
        }
        return .stringLiteral(raw)
    }
}
