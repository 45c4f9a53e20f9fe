/// Spec -> CodeModel. Reads only the validated `Spec` (never JSON) and never reports a spec error:
/// everything it could trip over was checked by the Validator. Output follows the spec's own order.
///
/// The shape it writes (docs/generated-code.md): the API is a caseless enum, a namespace holding
/// `defaults` (what every endpoint shares), one typed value per endpoint (`Translator+Endpoints`),
/// a nested namespace per group, one `Call` enum per level whose cases build the requests
/// (`Translator+Calls`), and the models (`Translator+Models`).
struct Translator: Sendable {
    let spec: Spec
    let options: GeneratorOptions

    /// Most typed factories in one extension when a spec is written in parts.
    static let factoriesPerPiece = 200

    /// Names declared by the spec that hide runtime names (see `runtime(_:)`).
    let shadowingNames: Set<String>
    /// Levels whose `Call` enum can be `Hashable`: every parameter type is, and so is every group's `Call`.
    let hashableLevels: Set<[String]>
    /// The spec's models by Swift name, for `model(named:)`.
    private let modelsByName: [String: Model]
    /// Swift names of the spec's object models (the large ones: see `carriesObjectModel`).
    let objectModelNames: Set<String>
    /// The body key holding a page's items, by the Swift name of the model that holds it.
    let pageItemsKeys: [String: String]
    /// Swift names of the object models a discriminated union decodes from the container it read
    /// its discriminator from (see `Translator.objectAlternativeNames(in:)`).
    let objectAlternativeNames: Set<String>
    /// Written before model names (`StravaAPI.`) in code that is not lexically inside the API's
    /// namespace: an extension of a group (`extension StravaAPI.Activities`) does not see the API's
    /// nested types. Nil at the top level and in models.
    var modelQualifier: String?

    init(spec: Spec, options: GeneratorOptions) {
        self.spec = spec
        self.options = options
        self.shadowingNames = Translator.shadowingNames(in: spec)
        self.hashableLevels = Translator.hashableLevels(in: spec)
        self.modelsByName = Dictionary(spec.models.map { ($0.swiftName, $0) }, uniquingKeysWith: { first, _ in first })
        self.objectModelNames = Set(spec.models.compactMap { model in
            if case .object = model.kind { return model.swiftName } else { return nil }
        })
        self.pageItemsKeys = Translator.pageItemsKeys(in: spec)
        self.objectAlternativeNames = Translator.objectAlternativeNames(in: spec)
        self.modelQualifier = nil
    }

    /// The spec's model of this Swift name; nil for a type the module defines itself.
    func model(named name: String) -> Model? { modelsByName[name] }

    /// The translator for code of `level`: in a group, model names are qualified with the API's.
    func scoped(to level: Level) -> Translator {
        var copy = self
        copy.modelQualifier = level.isAPI ? nil : apiTypeName
        return copy
    }

    /// The access modifier written wherever a generated declaration is visible to users.
    var access: AccessModifier { options.accessLevel.rawValue }

    /// A runtime type's name as written in code: qualified with the module when the spec declares a
    /// type of the same name (a group `auth` nests an `Auth` enum that would hide the runtime's `Auth`).
    func runtime(_ name: String) -> TypeName {
        shadowingNames.contains(name) ? .member(.named(RuntimeNames.module), name) : .named(name)
    }

    /// Type names the generated file declares that could hide a runtime name.
    static func shadowingNames(in spec: Spec) -> Set<String> {
        var names: Set<String> = [spec.api.swiftName]
        func visit(_ group: Group) {
            names.insert(group.swiftName)
            group.groups.forEach(visit)
        }
        spec.api.groups.forEach(visit)
        // The types generated for endpoints' responses (an endpoint `response` declares `ResponseHeaders`).
        func visitEndpoints(_ group: Group) {
            for endpoint in group.endpoints { names.formUnion(endpoint.generatedTypeNames) }
            group.groups.forEach(visitEndpoints)
        }
        visitEndpoints(spec.api)
        for model in spec.models { names.insert(model.swiftName) }
        return names
    }

    /// The API type's name as written in code.
    var apiTypeName: String { spec.api.swiftName }
    /// The API type.
    var apiType: TypeName { .named(apiTypeName) }

    /// One level of the API: the API itself or a group, with where it sits.
    struct Level: Sendable {
        var group: Group
        /// Group keys from the API down (empty for the API).
        var keys: [String]
        /// `StravaAPI.Activities`.
        var qualifiedName: TypeName
        /// The same, for documentation text: `StravaAPI.Activities`.
        var displayName: String
        /// The parent level's qualified name; nil for the API.
        var parent: TypeName?
        /// The cases that lead from the API's `Call` to this level's: `["activities"]`.
        var casePath: [Identifier]

        var isAPI: Bool { parent == nil }
    }

    /// Every level, the API first, depth first in spec order.
    func allLevels() -> [Level] {
        var result: [Level] = []
        func visit(_ group: Group, keys: [String], qualifiedName: TypeName, displayName: String, parent: TypeName?, casePath: [Identifier]) {
            result.append(Level(group: group, keys: keys, qualifiedName: qualifiedName, displayName: displayName, parent: parent,
                                casePath: casePath))
            for child in group.groups {
                let name = child.swiftName
                visit(child, keys: keys + [child.key], qualifiedName: .member(qualifiedName, name), displayName: displayName + "." + name,
                      parent: qualifiedName, casePath: casePath + [Identifier(child.caseName)])
            }
        }
        visit(spec.api, keys: [], qualifiedName: apiType, displayName: apiTypeName, parent: nil, casePath: [])
        return result
    }

    func translate() -> SwiftFile {
        let levels = allLevels()
        var declarations: [Declaration] = [versionCheck(), apiNamespace(factories: factories(for: levels[0]))]
        for level in levels.dropFirst() {
            declarations.append(groupNamespace(level, factories: factories(for: level)))
        }
        declarations.append(Declaration(kind: .lineComment(
            "The endpoints as cases: what middleware, stubs and logs match on. Each builds its request.")))
        for level in levels {
            declarations.append(callEnum(for: level))
        }
        if !spec.models.isEmpty {
            declarations.append(Declaration(kind: .lineComment("Models")))
            declarations.append(Declaration(kind: .extension(ExtensionDecl(
                extendedType: apiType, members: spec.models.map(modelDeclaration)))))
        }
        declarations.append(samplesDeclaration())
        if options.service { declarations += serviceDeclarations() }
        return sourceFile(header: "Generated by endpoint-gen from \(spec.fileName). DO NOT EDIT.", declarations: declarations)
    }

    /// A generated file: its header line, its imports, its declarations.
    ///
    /// The imports carry the generated code's access level (`public import EndpointRuntime`), so the
    /// file compiles in a target with `InternalImportsByDefault`; but a module is imported publicly
    /// only when the file's declarations name one of its types: an unused public import is a
    /// warning (a part holding only plain models names no runtime type; an empty part, none).
    func sourceFile(header: String, declarations: [Declaration]) -> SwiftFile {
        sourceFile(header: header, publicImports: PublicImports(of: declarations), declarations: declarations)
    }

    /// `sourceFile(header:declarations:)` with the imports made public already decided (a part's
    /// declarations are rendered, and let go, before its file is put together).
    func sourceFile(header: String, publicImports: PublicImports, declarations: [Declaration]) -> SwiftFile {
        let importAccess: AccessModifier? = options.accessLevel == .internal ? nil : access
        return SwiftFile(headerComments: [header],
                         imports: [Import(access: publicImports.foundation ? importAccess : nil, module: "Foundation"),
                                   Import(access: publicImports.runtime ? importAccess : nil, module: RuntimeNames.module)],
                         declarations: declarations)
    }

    /// Which modules some declarations name a type of, and so which a file holding them imports
    /// with the generated code's access level.
    struct PublicImports: Sendable {
        var foundation = false
        var runtime = false

        init() {}

        init(of declarations: [Declaration]) {
            foundation = Translator.names(declarations) { if case let .named(name) = $0 { Translator.foundationTypes.contains(name) } else { false } }
            runtime = Translator.names(declarations) { type in
                switch type {
                case let .named(name): return RuntimeNames.typeNames.contains(name)
                case let .member(.named(module), _): return module == RuntimeNames.module
                default: return false
                }
            }
        }

        /// What either needs.
        func union(_ other: PublicImports) -> PublicImports {
            var result = self
            result.foundation = foundation || other.foundation
            result.runtime = runtime || other.runtime
            return result
        }
    }

    /// The Foundation types a spec's type strings can name.
    static let foundationTypes: Set<String> = ["Date", "UUID", "URL", "Data"]

    /// Whether any type written in `declarations` (parts of types included) is one `matches` picks.
    static func names(_ declarations: [Declaration], _ matches: (TypeName) -> Bool) -> Bool {
        func names(_ type: TypeName?) -> Bool {
            guard let type else { return false }
            if matches(type) { return true }
            switch type {
            case .named: return false
            case let .member(base, _): return names(base)
            case let .generic(base, arguments): return names(base) || arguments.contains(where: names)
            case let .array(element), let .optional(element), let .existential(element), let .opaque(element): return names(element)
            case let .dictionary(key, value): return names(key) || names(value)
            }
        }
        func parameters(_ list: [FunctionParameter]) -> Bool { list.contains { names($0.type) } }
        // Only what other modules see needs a public import: what a private or internal declaration
        // names does not (`private var _customer: Indirect<...>`, or the internal
        // `init(from container: KeyedDecodingContainer<ModelKey>)` of a union's alternative, in a
        // part with nothing else of the runtime, made Swift warn that the public import was not used).
        // A declaration without a modifier is internal, but for a protocol's requirements, which are
        // as visible as the protocol, and an enum's cases, which have none.
        func isSeen(_ access: AccessModifier?) -> Bool { access == "public" || access == "open" || access == "package" }
        func visit(_ declaration: Declaration, requirement: Bool = false) -> Bool {
            switch declaration.kind {
            case let .enumeration(decl): return isSeen(decl.access) && (decl.inheritance.contains(where: names) || decl.members.contains { visit($0) })
            case let .structure(decl): return isSeen(decl.access) && (decl.inheritance.contains(where: names) || decl.members.contains { visit($0) })
            case let .extension(decl): return decl.conformances.contains(where: names) || decl.members.contains { visit($0) }
            case let .enumCase(decl): return parameters(decl.associatedValues)
            case let .variable(decl): return (requirement || isSeen(decl.access)) && (names(decl.type) || decl.initializer.map(names) ?? false)
            case let .function(decl): return (requirement || isSeen(decl.access)) && (parameters(decl.parameters) || names(decl.returnType))
            case let .protocol(decl):
                return isSeen(decl.access) && (decl.inheritance.contains(where: names) || decl.members.contains { visit($0, requirement: true) })
            case .typeAlias, .lineComment: return false
            }
        }
        func names(_ expression: Expression) -> Bool {
            // A stored property's initializer is public API too (`static let defaults = APIDefaults(...)`).
            switch expression {
            case let .type(type), let .metatype(type): return names(type)
            case let .call(callee, _, _): return names(callee)
            case let .member(base, _): return names(base)
            default: return false
            }
        }
        return declarations.contains { visit($0) }
    }

    /// `private typealias _RequiresEndpointRuntime = EndpointRuntimeVersion2`: fails to compile
    /// against a runtime of another major version.
    func versionCheck() -> Declaration {
        Declaration(kind: .typeAlias(TypeAliasDecl(access: "private", name: "_RequiresEndpointRuntime",
                                                   existingType: runtime(RuntimeNames.versionMarker))))
    }

    /// Whether a parameter of this type lets the `Call` enum be `Hashable`: every type of the spec
    /// is, except a type the user defines in the module, which the generator cannot see.
    static func isHashable(_ type: TypeRef) -> Bool {
        switch type {
        case .builtin, .json, .file, .void: return true
        case let .model(_, defined): return defined
        case let .array(element), let .dictionary(element), let .optional(element): return isHashable(element)
        }
    }

    static func hashableLevels(in spec: Spec) -> Set<[String]> {
        var result: Set<[String]> = []
        @discardableResult
        func visit(_ group: Group, keys: [String]) -> Bool {
            var hashable = group.endpoints.allSatisfy { endpoint in
                endpoint.parameters.allSatisfy { isHashable($0.type) } && (endpoint.body.map { isHashable($0.type) } ?? true)
            }
            for child in group.groups where !visit(child, keys: keys + [child.key]) { hashable = false }
            if hashable { result.insert(keys) }
            return hashable
        }
        visit(spec.api, keys: [])
        return result
    }

    /// The labelled values of an endpoint's case and typed factory: parameters in spec order, then `body`.
    func signature(of endpoint: Endpoint) -> [FunctionParameter] {
        var values = endpoint.parameters.map { parameter in
            FunctionParameter(label: label(parameter.swiftName), type: swiftType(parameter.type),
                      defaultValue: defaultExpression(parameter.defaultValue, type: parameter.type))
        }
        if let body = endpoint.body {
            values.append(FunctionParameter(label: "body", type: swiftType(body.type),
                                    defaultValue: body.type.isOptional ? .nilLiteral : nil))
        }
        return values
    }

    /// A name from the spec used as an argument label (the renderer escapes it as a label).
    func label(_ name: String) -> Identifier { Identifier(name) }

    /// The names bound by `case let .name(a, b)`, in the order of `signature(of:)`.
    func bindings(of endpoint: Endpoint) -> [Identifier] {
        var names = endpoint.parameters.map { Identifier($0.swiftName) }
        if endpoint.body != nil { names.append("body") }
        return names
    }

    // MARK: Documentation

    /// Doc comment lines from a description (nil or blank: none).
    func documentation(_ description: String?) -> [String] {
        guard let description else { return [] }
        let lines = description.linesAtAnyBreak.map { $0.trimmingTrailingWhitespace() }
        var trimmed = lines
        while let last = trimmed.last, last.isEmpty { trimmed.removeLast() }
        while let first = trimmed.first, first.isEmpty { trimmed.removeFirst() }
        return trimmed
    }

    func endpointDocumentation(_ endpoint: Endpoint) -> [String] {
        var lines = documentation(endpoint.description)
        let described = endpoint.parameters.filter { !documentation($0.description).isEmpty }
        if !described.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("- Parameters:")
            for parameter in described {
                let text = documentation(parameter.description)
                lines.append("  - \(parameter.swiftName): \(text[0])")
                lines.append(contentsOf: text.dropFirst().map { "    \($0)" })
            }
        }
        return lines
    }

    func deprecationAttributes(_ deprecation: Endpoint.Deprecation?) -> [Attribute] {
        switch deprecation {
        case nil: return []
        case .deprecated: return [.deprecated(message: nil)]
        case let .message(message): return [.deprecated(message: message)]
        }
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var scalars = Substring(self)
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(scalars)
    }
}
