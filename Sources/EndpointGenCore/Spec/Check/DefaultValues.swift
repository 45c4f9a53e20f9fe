import Foundation

/// A `default` of a parameter or a property, read against its type. The checker reports why one
/// does not fit; the resolver reads the value of one that does.
enum DefaultValues {
    /// The default as a `DefaultValue`, or nil after reporting why `node` does not fit `type`. From
    /// `models` it reads each model's enum values (nil for an object model), which enum models hold
    /// integers, and each union model's alternatives in order (`visiting`: the unions already being
    /// tried, so a union listing itself cannot loop).
    static func value(_ node: JSONNode, type: TypeRef, what: String, models: ModelIndex, visiting: Set<String> = [],
                      diagnostics: inout Diagnostics) -> DefaultValue? {
        switch type {
        case .optional(let wrapped):
            if case .null = node.value { return .null }
            return value(node, type: wrapped, what: what, models: models, visiting: visiting, diagnostics: &diagnostics)
        case .builtin(let builtin):
            return builtinValue(node, builtin: builtin, type: type, what: what, diagnostics: &diagnostics)
        case .model(let name, true) where models.unionAlternatives[name] != nil:
            return unionValue(node, union: name, what: what, models: models, visiting: visiting, diagnostics: &diagnostics)
        case .model(let name, true):
            return enumValue(node, model: name, type: type, what: what, models: models, diagnostics: &diagnostics)
        case .array(let element):
            guard case .array(let elements) = node.value else {
                return mismatch(node, type: type, expected: "an array", what: what, diagnostics: &diagnostics)
            }
            var values: [DefaultValue] = []
            for item in elements {
                guard let value = value(item, type: element, what: what, models: models, visiting: visiting,
                                        diagnostics: &diagnostics) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .model, .json, .file, .dictionary, .void:
            diagnostics.error("a default is not supported for the type '\(type.specText)' (\(what))", at: node.location)
            return nil
        }
    }

    /// Reports that `node` is not of the JSON kind `expected` that `type` takes.
    /// Whether `text`, a JSON string, is a value of `builtin`: any text for `String`, a UUID for
    /// `UUID`, a URL written exactly as `URL` writes it for `URL`; nothing else takes a string. The one rule for such defaults, which
    /// the importer follows too.
    static func textFits(_ text: String, _ builtin: TypeRef.Builtin) -> Bool {
        switch builtin {
        case .string: return true
        case .uuid: return UUID(uuidString: text) != nil
        // Exactly as written: `URL(string:)` percent-encodes what some platforms refuse (a space, a
        // brace), and a generated `URL(string: "...")!` must not trap on any of them.
        case .url: return !text.isEmpty && URL(string: text)?.absoluteString == text
        default: return false
        }
    }

    /// Whether `text`, a number as written, is a whole number that `builtin` (`Int`, `Int64`, `Int32`)
    /// holds: the one rule for integer defaults, which the importer follows too.
    static func integerFits(_ text: String, _ builtin: TypeRef.Builtin) -> Bool {
        builtin == .int32 ? Int32(text) != nil : Int64(text) != nil
    }

    private static func mismatch(_ node: JSONNode, type: TypeRef, expected: String, what: String,
                                 diagnostics: inout Diagnostics) -> DefaultValue? {
        diagnostics.error("the default of \(what) must be \(expected) for the type '\(type.specText)', found \(Validation.kind(of: node))",
                          at: node.location)
        return nil
    }

    /// A default for a builtin type (`type` is `.builtin(builtin)`, for messages).
    private static func builtinValue(_ node: JSONNode, builtin: TypeRef.Builtin, type: TypeRef, what: String,
                                     diagnostics: inout Diagnostics) -> DefaultValue? {
        func mismatch(_ expected: String, diagnostics: inout Diagnostics) -> DefaultValue? {
            DefaultValues.mismatch(node, type: type, expected: expected, what: what, diagnostics: &diagnostics)
        }
        switch (builtin, node.value) {
        case (.string, .string(let text)):
            return .string(text)
        case (.int, .number(let text)), (.int32, .number(let text)), (.int64, .number(let text)):
            guard JSONParser.isValidNumber(text) else { return nil }
            guard integerFits(text, builtin) else {
                diagnostics.error("the default of \(what) must be a whole number that fits '\(builtin.rawValue)', found \(text)", at: node.location)
                return nil
            }
            return .integer(text)
        case (.double, .number(let text)), (.float, .number(let text)):
            guard JSONParser.isValidNumber(text) else { return nil }
            return .number(text)
        case (.bool, .bool(let flag)):
            return .bool(flag)
        case (.uuid, .string(let text)):
            guard textFits(text, .uuid) else {
                diagnostics.error("the default of \(what) is not a UUID: '\(text)'", at: node.location)
                return nil
            }
            return .string(text)
        case (.url, .string(let text)):
            guard textFits(text, .url) else {
                diagnostics.error("the default of \(what) is not a URL: '\(text)'", at: node.location)
                return nil
            }
            return .string(text)
        case (.date, _), (.data, _):
            diagnostics.error("a default is not supported for the type '\(builtin.rawValue)' (\(what))", at: node.location)
            return nil
        case (.string, _), (.uuid, _), (.url, _): return mismatch("a string", diagnostics: &diagnostics)
        case (.int, _), (.int32, _), (.int64, _): return mismatch("a whole number", diagnostics: &diagnostics)
        case (.double, _), (.float, _): return mismatch("a number", diagnostics: &diagnostics)
        case (.bool, _): return mismatch("true or false", diagnostics: &diagnostics)
        }
    }

    /// A default for the union `name`: the first alternative that accepts it.
    private static func unionValue(_ node: JSONNode, union name: String, what: String, models: ModelIndex, visiting: Set<String>,
                                   diagnostics: inout Diagnostics) -> DefaultValue? {
        let alternatives = models.unionAlternatives[name] ?? []
        if !visiting.contains(name) {
            for alternative in alternatives {
                var ignored = Diagnostics()
                if let inner = value(node, type: alternative, what: what, models: models, visiting: visiting.union([name]),
                                     diagnostics: &ignored) {
                    return .alternative(alternative, inner)
                }
            }
        }
        let found: String
        if case .string(let text) = node.value { found = "'\(text)'" } else { found = Validation.kind(of: node) }
        var message = "the default of \(what) fits no alternative of the union '\(name)' "
            + "(\(alternatives.map(\.specText).joined(separator: ", "))), found \(found)"
        if case .string(let text) = node.value {
            let values = alternatives.flatMap { alternative -> [String] in
                guard case .model(let enumName, _) = alternative, !models.integerEnumModels.contains(enumName),
                      let kind = models.modelKinds[enumName], let values = kind else { return [] }
                return values
            }
            if let suggestion = Naming.didYouMean(text, candidates: values) { message += "; did you mean '\(suggestion)'?" }
        }
        diagnostics.error(message, at: node.location)
        return nil
    }

    /// A default for the model `name` (`type`): a value of an enum model; an object model takes none.
    private static func enumValue(_ node: JSONNode, model name: String, type: TypeRef, what: String, models: ModelIndex,
                                  diagnostics: inout Diagnostics) -> DefaultValue? {
        if let kind = models.modelKinds[name], let values = kind, models.integerEnumModels.contains(name) {
            guard case .number(let text) = node.value else { return mismatch(node, type: type, expected: "a whole number", what: what, diagnostics: &diagnostics) }
            guard values.contains(text) else {
                diagnostics.error("the default of \(what) must be a value of the enum '\(name)' (\(values.joined(separator: ", "))), found \(text)",
                                  at: node.location)
                return nil
            }
            return .enumCase(text)
        }
        if let kind = models.modelKinds[name], let values = kind {
            guard case .string(let text) = node.value else { return mismatch(node, type: type, expected: "a string", what: what, diagnostics: &diagnostics) }
            guard values.contains(text) else {
                diagnostics.error("the default of \(what) must be a value of the enum '\(name)' (\(Validation.list(values))), found '\(text)'",
                                  at: node.location)
                return nil
            }
            return .enumCase(text)
        }
        diagnostics.error("a default is not supported for the object model type '\(name)' (\(what))", at: node.location)
        return nil
    }
}
