import EndpointGenCore

/// Swift declarations for the model names a spec uses but does not define. The format takes such a
/// name to be a type the user defines in the same module, so a generated file alone does not compile
/// without them; the fuzz driver writes these beside each sampled file before type-checking it.
package enum FuzzStubs {
    package static func undefinedModels(in spec: Spec) -> [String] {
        var names = Set<String>()
        func visit(_ type: TypeRef) {
            switch type {
            case .model(let name, let defined): if !defined { names.insert(name) }
            case .array(let inner), .dictionary(let inner), .optional(let inner): visit(inner)
            case .builtin, .json, .file, .void: break
            }
        }
        func visit(_ group: Group) {
            for endpoint in group.endpoints {
                endpoint.parameters.forEach { visit($0.type) }
                if let body = endpoint.body { visit(body.type) }
                visit(endpoint.response.type)
                endpoint.response.alternatives.forEach { visit($0.type) }
                endpoint.response.headers.forEach { visit($0.type) }
                endpoint.overrides.errors.forEach { visit($0.type) }
            }
            group.groups.forEach(visit)
        }
        visit(spec.api)
        spec.errors.forEach { visit($0.type) }
        for model in spec.models {
            switch model.kind {
            case .object(let properties): properties.forEach { visit($0.type) }
            case .oneOf(let union): union.alternatives.forEach { visit($0.type) }
            case .anyOf(let alternatives): alternatives.forEach { visit($0.type) }
            case .enumeration, .integerEnumeration: break
            }
            if let additional = model.additionalProperties { visit(additional) }
        }
        return names.sorted()
    }

    /// A file declaring each name as an empty type usable anywhere the format allows a model.
    package static func source(for names: [String]) -> String {
        var text = "import Foundation\nimport EndpointRuntime\n"
        for name in names {
            text += """

            public struct `\(name)`: Codable, Hashable, Sendable, ParameterValue {
                public func parameterString(dateFormat: EndpointRuntime.DateFormat) -> String { "" }
            }

            """
        }
        return text
    }
}
