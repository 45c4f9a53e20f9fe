import Foundation

/// The access level written on every declaration of a generated file.
package enum AccessLevel: String, Sendable, Hashable, CaseIterable {
    case `public`
    case `package`
    case `internal`
}

/// Options that change the generated Swift (and so are part of its identity: same spec + same options, same bytes).
package struct GeneratorOptions: Sendable, Hashable {
    package var accessLevel: AccessLevel
    /// How many files each spec is written as; `nil` chooses: one per 1,000 of its size (`PartRule`).
    package var parts: Int?
    /// Types the module defines itself that specs may use without declaring them in `models`
    /// (the config's `"moduleTypes"`). Any other undefined name is an error.
    package var moduleTypes: Set<String>
    /// Whether the server side is generated too: `<API>.Service` and `<API>.handler(_:)` (the
    /// config's `"service": true`, the command line's `--service`).
    package var service: Bool

    package init(accessLevel: AccessLevel = .public, parts: Int? = nil, moduleTypes: Set<String> = [], service: Bool = false) {
        self.accessLevel = accessLevel
        self.parts = parts
        self.moduleTypes = moduleTypes
        self.service = service
    }
}

/// One generated Swift file.
package struct GeneratedFile: Sendable, Hashable {
    /// The file name without `.swift`: `StravaAPI`, then `StravaAPI+Part2`, ... for a spec in parts.
    package var name: String
    package var swift: String

    package init(name: String, swift: String) {
        self.name = name
        self.swift = swift
    }
}

/// What `Generator.generate` produces: the Swift files, or none when the spec has errors.
package struct GeneratorResult: Sendable {
    /// The files in order; the first is `<outputName>.swift`.
    package var files: [GeneratedFile]
    package var diagnostics: Diagnostics

    /// The first file's Swift (the whole output of a spec written as one file).
    package var swift: String? { files.first?.swift }
    /// The first file's name: the spec's output name.
    package var outputName: String? { files.first?.name }

    package init(files: [GeneratedFile], diagnostics: Diagnostics) {
        self.files = files
        self.diagnostics = diagnostics
    }
}

/// The core's entry point, used by the command line and by tests. Everything here is in memory.
package enum Generator {
    /// Loads, validates and renders one spec. `fileName` is used in diagnostics and in the header.
    package static func generate(specData: Data, fileName: String, options: GeneratorOptions) -> GeneratorResult {
        var (spec, diagnostics) = validate(specData: specData, fileName: fileName, moduleTypes: options.moduleTypes)
        if let spec, options.service { checkService(spec, diagnostics: &diagnostics) }
        guard let spec, !diagnostics.hasErrors else {
            return GeneratorResult(files: [], diagnostics: diagnostics)
        }
        return GeneratorResult(files: renderFiles(spec, options: options), diagnostics: diagnostics)
    }

    /// What `service` adds to the checks: the names it needs (`checkServiceNames`) and the routes
    /// its handler can tell apart (`checkServiceRoutes`).
    package static func checkService(_ spec: Spec, diagnostics: inout Diagnostics) {
        checkServiceNames(spec, diagnostics: &diagnostics)
        checkServiceRoutes(spec, diagnostics: &diagnostics)
    }

    /// Two endpoints of one method and path (below their base paths, placeholders alike whatever
    /// their names: `/users/{id}` and `/users/{name}`) are one route to `<API>.handler(_:)`, told apart
    /// by the media types the client sends them with (`Translator.routeConditions`: a body's
    /// `Content-Type`, a constant `Accept`). When those are the same too, the first in spec order
    /// answers and the other's requirement is never called: a warning at the second names both; the
    /// client is unaffected, so it is not an error.
    package static func checkServiceRoutes(_ spec: Spec, diagnostics: inout Diagnostics) {
        var all: [(endpoint: Endpoint, name: String)] = []
        func collect(_ group: Group, prefix: String) {
            for endpoint in group.endpoints { all.append((endpoint, prefix + endpoint.key)) }
            for child in group.groups { collect(child, prefix: prefix + child.key + ".") }
        }
        collect(spec.api, prefix: "")
        let routeConditions = Translator.routeConditions(of: all.map(\.endpoint), in: spec)
        var first: [String: [Translator.RouteConditions: (endpoint: Endpoint, name: String)]] = [:]
        // An endpoint whose route no other has (no conditions) cannot be mistaken for another.
        for ((endpoint, name), shared) in zip(all, routeConditions) {
            guard let conditions = shared?.normalized else { continue }
            let route = Translator.routeKey(endpoint, apiBaseURL: spec.baseURL)
            guard let earlier = first[route, default: [:]][conditions] else {
                first[route, default: [:]][conditions] = (endpoint, name)
                continue
            }
            let template = Translator.routeTemplate(endpoint, apiBaseURL: spec.baseURL)
            let location = earlier.endpoint.location
            let sameMedia = conditions == Translator.RouteConditions() ? "" : " with the same Content-Type, Accept and query items"
            diagnostics.warning("""
                '\(name)' is \(endpoint.method) \(template)\(sameMedia), the route of '\(earlier.name)' (line \(location.line)): \
                \(spec.api.swiftName).handler(_:) sends such requests to '\(earlier.name)', the first in spec order, and never \
                calls the requirement of '\(name)'; give one of them another method, path, base URL, body type, Accept or query
                """, at: endpoint.location)
        }
    }

    /// With `service`, the API type also declares `Service` and `handler(_:)`: a group, model or
    /// top-level endpoint of those names would collide with them.
    package static func checkServiceNames(_ spec: Spec, diagnostics: inout Diagnostics) {
        let service = "Service", handler = "handler"
        for group in spec.api.groups where group.swiftName == service {
            diagnostics.error("the group '\(group.key)' is named \(service) in Swift, which the generated service protocol \(spec.api.swiftName).\(service) needs (\"service\": true); rename the group", at: group.location)
        }
        for model in spec.models where model.swiftName == service {
            diagnostics.error("the model '\(model.key)' is named \(service) in Swift, which the generated service protocol \(spec.api.swiftName).\(service) needs (\"service\": true); rename the model", at: model.location)
        }
        for endpoint in spec.api.endpoints where endpoint.swiftName == handler {
            diagnostics.error("the endpoint '\(endpoint.key)' is named \(handler) in Swift, which the generated \(spec.api.swiftName).\(handler)(_:) needs (\"service\": true); rename the endpoint or put it in a group", at: endpoint.location)
        }
    }

    /// Translates and renders an already validated spec as one file (the back half of the pipeline).
    package static func render(_ spec: Spec, options: GeneratorOptions) -> String {
        let file = Translator(spec: spec, options: options).translate()
        return Renderer.render(file)
    }

    /// Translates and renders an already validated spec as `options.parts` files (or as many as
    /// ``partCount(for:)`` chooses).
    package static func renderFiles(_ spec: Spec, options: GeneratorOptions) -> [GeneratedFile] {
        let count = options.parts ?? partCount(for: spec)
        let translator = Translator(spec: spec, options: options)
        guard count > 1 else { return [GeneratedFile(name: spec.outputName, swift: Renderer.render(translator.translate()))] }
        // Each source of pieces is translated and rendered by one worker, on every core, which lets
        // the pieces' code model go once they are rendered: the whole spec's is never held at once.
        // The parts are packed by the lines the renderer wrote, as its printer counted them: no
        // second reckoning of how long a piece is.
        var pieces = translator.pieceSources().concurrentMap { source in
            translator.pieces(of: source).map { piece in
                let (text, lines) = Renderer.renderTopLevelCounted(piece.declarations)
                return RenderedPiece(text: text, lines: lines, publicImports: Translator.PublicImports(of: piece.declarations))
            }
        }.flatMap { $0 }
        let ranges = Translator.pack(sizes: pieces.map(\.lines), into: count)
        // The server side, when asked for, closes the last part.
        let service = options.service ? translator.serviceDeclarations() : []
        // A piece's text is let go once its part is written, so the whole output is not held twice.
        var files: [GeneratedFile] = []
        for (index, range) in ranges.enumerated() {
            let isLast = index == ranges.count - 1
            var publicImports = pieces[range].reduce(Translator.PublicImports()) { $0.union($1.publicImports) }
            var body: [String] = []
            for piece in range {
                body.append(pieces[piece].text)
                pieces[piece].text = ""
            }
            if isLast && !service.isEmpty {
                publicImports = publicImports.union(Translator.PublicImports(of: service))
                body.append(Renderer.renderTopLevel(service))
            }
            let file = translator.partFile(number: index + 1, of: count, publicImports: publicImports)
            files.append(GeneratedFile(name: index == 0 ? spec.outputName : partName(spec.outputName, index + 1),
                                       swift: Renderer.render(file, renderedDeclarations: body)))
        }
        return files
    }

    /// A piece of a large spec's output: its text, its lines, and the modules it names types of.
    private struct RenderedPiece: Sendable {
        var text: String
        var lines: Int
        var publicImports: Translator.PublicImports
    }

    /// How many files a spec is written as when not told: one per `sizePerPart` of its size (`PartRule`).
    package static func partCount(for spec: Spec) -> Int {
        PartRule.partCount(size: size(of: spec))
    }
    /// What the part count divides: 2 for each endpoint, 5 for each model, 1 for each member of a model.
    package static func size(of spec: Spec) -> Int {
        PartRule.size(endpoints: spec.api.endpointCount, models: spec.models.count,
                      members: spec.models.reduce(0) { $0 + $1.memberCount })
    }
    /// The size each file holds when the number of files is chosen automatically (`PartRule`).
    package static let sizePerPart = PartRule.sizePerPart
    /// The most files one spec may be written as.
    package static let maximumParts = PartRule.maximumParts

    /// How the header comment of every part of a spec written in parts begins (`2 of 3). DO NOT
    /// EDIT.` follows; the file's first line is `// ` and this comment). The command line recognises
    /// the parts it left behind by it.
    package static func partHeaderPrefix(specFileName: String) -> String {
        "Generated by endpoint-gen from \(specFileName) (part "
    }

    /// `StravaAPI+Part2`: the name of part `number` (2 or more) of the output `name`.
    package static func partName(_ name: String, _ number: Int) -> String { SpecFileNames.partName(name, number) }
}
