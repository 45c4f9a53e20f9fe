// Types and default values as Swift text.
extension Translator {
    func swiftType(_ type: TypeRef) -> String {
        switch type {
        case let .builtin(builtin): return builtin.rawValue
        case .json: return runtime(RuntimeNames.jsonValue)
        case .void: return "Void"
        case let .model(name, defined):
            guard defined, let modelQualifier else { return Naming.escaped(name) }
            return modelQualifier + "." + Naming.escaped(name)
        case let .array(element): return "[\(swiftType(element))]"
        case let .dictionary(value): return "[String: \(swiftType(value))]"
        case let .optional(wrapped): return "\(swiftType(wrapped))?"
        }
    }

    /// A spec `default` as a Swift literal for a value of `type` (nil when there is none).
    func defaultExpression(_ value: DefaultValue?, type: TypeRef) -> Expression? {
        guard let value else { return type.isOptional ? .raw("nil") : nil }
        return .raw(literal(value, type: type))
    }

    private func literal(_ value: DefaultValue, type: TypeRef) -> String {
        switch value {
        case let .string(text):
            return Renderer.stringLiteral(text)
        case let .integer(text):
            return text
        case let .number(text):
            return text
        case let .bool(flag):
            return flag ? "true" : "false"
        case .null:
            return "nil"
        case let .enumCase(raw):
            return enumCaseLiteral(raw, type: type)
        case let .array(elements):
            let elementType: TypeRef
            if case let .array(element) = type.unwrapped { elementType = element } else { elementType = type.unwrapped }
            return "[" + elements.map { literal($0, type: elementType) }.joined(separator: ", ") + "]"
        }
    }

    /// `.m` for the enum model case whose raw value is `raw`.
    private func enumCaseLiteral(_ raw: String, type: TypeRef) -> String {
        var base = type
        while true {
            switch base {
            case let .optional(wrapped): base = wrapped; continue
            case let .array(element): base = element; continue
            default: break
            }
            break
        }
        if case let .model(name, _) = base,
           let model = spec.models.first(where: { $0.swiftName == name }),
           case let .enumeration(cases) = model.kind {
            if let match = cases.first(where: { $0.value == raw }) {
                return "." + Naming.escaped(match.swiftName)
            }
            return "." + Naming.escaped(catchAllName(for: cases)) + "(" + Renderer.stringLiteral(raw) + ")"
        }
        return Renderer.stringLiteral(raw)
    }
}
