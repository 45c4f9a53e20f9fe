// Swagger 2.0 -> the OpenAPI 3.0 tree the importer reads. Each translated node keeps the line and
// column of the 2.0 node it stands for, and `sources` maps the 3.0 pointers back to the 2.0 ones
// (`#/components/schemas` -> `#/definitions`; a request body -> the `body` parameter; a form body's
// property -> its `formData` parameter), so every warning names the document as written.
//
// host + basePath + schemes -> servers; `definitions`, `parameters`, `responses`,
// `securityDefinitions` -> components; `body` -> requestBody; `formData` -> a form or multipart
// body (`type: file` -> a binary string, a file part); `collectionFormat` -> style and explode;
// `produces` and `consumes` (global, per operation) -> the media types; `x-nullable` -> `nullable`.

import Foundation

final class Swagger2Converter {
    let root: JSONNode
    var diagnostics = Diagnostics()
    var warnings: [ImportStageWarning] = []
    /// 3.0 pointers -> 2.0 pointers. An operation's entries are recorded only when a warning asks for
    /// one of its pointers (`fillSources(for:)`): most operations have none, and recording them all
    /// would cost more than the translation itself. (Weak: the map holds the converter to fill itself.)
    private weak var sources: ImportPointerMap?
    private var recording = true
    private var filled: Set<String> = []
    /// While an operation is translated again for its pointers: its warnings and errors were given.
    private var silent = false
    /// False while an operation is translated for the first time: its 2.0 pointers are needed only by a
    /// warning or an error, which most operations do not have, so none is built (`at` gives "").
    /// A warning or error met then sets `deferred`, and the part of the operation it was met in (its
    /// parameters and body, its responses) is translated again with them (`withPointersOnDemand`).
    private var pointers = true
    private var deferred = false
    /// The document's `consumes` (an operation without its own uses it).
    private var globalConsumesNode: JSONNode?

    private var globalConsumes: [String]?
    private var globalProduces: [String]?
    private var definitionNames: Set<String> = []
    private var responseNames: Set<String> = []
    /// Shared parameters by name (`#/parameters/limit`).
    private var sharedParameters: [String: JSONNode] = [:]

    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch"]
    /// Whether `key` of a non-body parameter (and of a header, and of `items`) describes its value.
    /// (A switch: the keys are short strings, compared without hashing.)
    static func isValueKey(_ key: String) -> Bool {
        // By length first: most keys are then compared with one or two candidates, or none.
        switch key.utf8.count {
        case 4: return key == "type" || key == "enum"
        case 5: return key == "items"
        case 6: return key == "format"
        case 7: return key == "default" || key == "maximum" || key == "minimum" || key == "pattern"
        case 8: return key == "maxItems" || key == "minItems"
        case 9: return key == "maxLength" || key == "minLength"
        case 10: return key == "multipleOf"
        case 11: return key == "uniqueItems"
        case 16: return key == "exclusiveMaximum" || key == "exclusiveMinimum"
        default: return false
        }
    }

    /// Whether `location` is a non-body location 3.0 has (`cookie` is not 2.0, but the importer reports it).
    private static func isListedLocation(_ location: String?) -> Bool {
        location == "query" || location == "header" || location == "path" || location == "cookie"
    }

    private static func isMethod(_ key: String) -> Bool {
        switch key {
        case "get", "put", "post", "delete", "options", "head", "patch": return true
        default: return false
        }
    }

    init(root: JSONNode, sources: ImportPointerMap) {
        self.root = root
        self.sources = sources
    }

    private func record(_ pointer3: @autoclosure () -> String, _ pointer2: @autoclosure () -> String) {
        guard recording else { return }
        sources?.record(pointer3(), pointer2())
    }

    /// A pointer, built only when pointers are (see `pointers`).
    private func at(_ pointer: @autoclosure () -> String) -> String {
        pointers ? pointer() : ""
    }

    /// `part` of an operation, translated without pointers while they are off; translated again with
    /// them when it met a warning or an error, so its messages name their places. (A part builds all
    /// the pointers it uses, so the rest of the operation is not translated twice.)
    /// A parameter that met one is translated again on its own (`listedParameterOnDemand`), its
    /// messages given then; when something else in the part met one too, those are taken back and the
    /// whole part is translated again, so the messages keep their order.
    private func withPointersOnDemand<T>(_ part: () -> T) -> T {
        guard !pointers else { return part() }
        deferred = false
        let givenWarnings = warnings.count
        let givenDiagnostics = diagnostics
        let result = part()
        guard deferred else { return result }
        warnings.removeSubrange(givenWarnings...)
        diagnostics = givenDiagnostics
        pointers = true
        defer { pointers = false }
        return part()
    }

    /// `listedParameter` of the operation's own parameter at `index` of its list, which is the
    /// `position`th of the 3.0 list: while pointers are off and it meets a warning or an error, it
    /// alone is translated again with them (not the whole part it is in).
    private func listedParameterOnDemand(_ parameter: Parameter, operationPointer makePointer: () -> String, position: Int) -> JSONNode? {
        guard !pointers, let index = parameter.index else {
            return listedParameter(parameter, pointer3: at(makePointer() + "/parameters/\(position)"))
        }
        let deferredBefore = deferred
        deferred = false
        let result = listedParameter(parameter, pointer3: "")
        guard deferred else {
            deferred = deferredBefore
            return result
        }
        deferred = deferredBefore
        pointers = true
        defer { pointers = false }
        let operationPointer = makePointer()
        let withPointers = resolveParameter(parameter.raw, usePointer: operationPointer + "/parameters/\(index)", index: index)
        return listedParameter(withPointers, pointer3: operationPointer + "/parameters/\(position)")
    }

    /// Records the entries of the operation `pointer` lies in, by translating it again (its warnings
    /// and errors were given the first time).
    func fillSources(for pointer: String) {
        guard pointer.hasPrefix("#/paths/") else { return }
        let tokens = pointer.split(separator: "/", maxSplits: 4, omittingEmptySubsequences: false)
        guard tokens.count >= 4, Self.methods.contains(String(tokens[3])) else { return }
        let key = tokens[0...3].joined(separator: "/")
        guard filled.insert(key).inserted else { return }
        let path = tokens[2].replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        guard let item = root.importMember("paths")?.importMember(path), item.importMember("$ref") == nil,
              let operation = item.importMember(String(tokens[3])), operation.importMembers != nil else { return }
        silent = true
        recording = true
        _ = self.operation(operation, pointer: { key }, inherited: pathBodyParameters(item, pointer: "#/paths/" + tokens[2]))
        silent = false
    }

    /// A path item's `body` and `formData` parameters, which go to each of its operations.
    private func pathBodyParameters(_ item: JSONNode, pointer: String) -> [Parameter] {
        var result: [Parameter] = []
        for (index, raw) in (item.importMember("parameters")?.importItems ?? []).enumerated() {
            let parameter = resolveParameter(raw, usePointer: pointer + "/parameters/\(index)")
            if parameter.resolved, parameter.location == "body" || parameter.location == "formData" { result.append(parameter) }
        }
        return result
    }

    /// The `swagger` key's value as written (`"2.0"`; YAML's unquoted `2.0` is a number), nil when absent.
    static func swaggerVersion(of root: JSONNode) -> (version: String, location: SourceLocation)? {
        guard let node = root.importMember("swagger") else { return nil }
        switch node.value {
        case let .string(text): return (text, node.location)
        case let .number(text): return (text == "2" ? "2.0" : text, node.location)
        default: return (ImportJSONWriter.compact(ImportJSON(node)), node.location)
        }
    }

    private func warn(_ kind: ImportWarning, _ pointer: @autoclosure () -> String, _ location: SourceLocation,
                      _ message: @autoclosure () -> String) {
        guard !silent else { return }
        guard pointers else {
            deferred = true
            return
        }
        warnings.append(ImportStageWarning(kind: kind, pointer: pointer(), location: location, message: message()))
    }

    private static func child(_ pointer: String, _ key: String) -> String { pointer + "/" + OANode.escape(key) }
    private func child(_ pointer: String, _ key: String) -> String { pointers ? Self.child(pointer, key) : "" }

    private static func strings(_ node: JSONNode?) -> [String]? {
        guard let items = node?.importItems else { return nil }
        return items.compactMap(\.importString)
    }

    // MARK: The document

    func convert() -> JSONNode? {
        guard let members = root.importMembers else { return nil }
        globalConsumesNode = root.importMember("consumes")
        globalConsumes = Self.strings(globalConsumesNode)
        globalProduces = Self.strings(root.importMember("produces"))
        definitionNames = Set(root.importMember("definitions")?.importMembers?.map(\.key) ?? [])
        responseNames = Set(root.importMember("responses")?.importMembers?.map(\.key) ?? [])
        for member in root.importMember("parameters")?.importMembers ?? [] {
            sharedParameters[member.key] = member.value
        }

        var out: [JSONNode.Member] = []
        var components: [JSONNode.Member] = []
        let swaggerLocation = root.importMember("swagger")?.location ?? root.location
        out.append(JSONNode.Member(key: "openapi", keyLocation: swaggerLocation, value: .string("3.0.3", at: swaggerLocation)))
        if let info = members.first(where: { $0.key == "info" }) { out.append(info) }
        if let servers = servers() { out.append(JSONNode.Member(key: "servers", keyLocation: servers.location, value: servers)) }

        for member in members {
            switch member.key {
            case "swagger", "info", "host", "basePath", "schemes", "consumes", "produces":
                continue
            case "paths":
                out.append(JSONNode.Member(key: "paths", keyLocation: member.keyLocation, value: paths(member.value)))
            case "definitions":
                record("#/components/schemas", "#/definitions")
                var schemas: [JSONNode.Member] = []
                for definition in member.value.importMembers ?? [] {
                    schemas.append(JSONNode.Member(key: definition.key, keyLocation: definition.keyLocation,
                                                   value: schema(definition.value)))
                }
                components.append(JSONNode.Member(key: "schemas", keyLocation: member.keyLocation,
                                                  value: JSONNode(.object(schemas), at: member.value.location)))
            case "parameters":
                components.append(sharedParameters(member))
            case "responses":
                components.append(sharedResponses(member))
            case "securityDefinitions":
                record("#/components/securitySchemes", "#/securityDefinitions")
                var schemes: [JSONNode.Member] = []
                for scheme in member.value.importMembers ?? [] {
                    schemes.append(JSONNode.Member(key: scheme.key, keyLocation: scheme.keyLocation,
                                                   value: securityScheme(scheme.value, pointer2: Self.child("#/securityDefinitions", scheme.key))))
                }
                components.append(JSONNode.Member(key: "securitySchemes", keyLocation: member.keyLocation,
                                                  value: JSONNode(.object(schemes), at: member.value.location)))
            default:
                out.append(member)
            }
        }
        if !components.isEmpty {
            out.append(JSONNode.Member(key: "components", keyLocation: components[0].keyLocation,
                                       value: JSONNode(.object(components), at: components[0].keyLocation)))
        }
        return JSONNode(.object(out), at: root.location)
    }

    /// The document's shared `parameters` as `components.parameters` (body and form parameters go
    /// with the operations that use them).
    private func sharedParameters(_ member: JSONNode.Member) -> JSONNode.Member {
        var parameters: [JSONNode.Member] = []
        for shared in member.value.importMembers ?? [] {
            let pointer2 = Self.child("#/parameters", shared.key)
            let written = shared.value.importMember("in")
            let location = written?.importString
            if location == "body" || location == "formData" { continue }
            if written != nil, !Self.isListedLocation(location) {
                invalidLocation(shared.value, name: shared.key)
                continue
            }
            let pointer3 = Self.child("#/components/parameters", shared.key)
            parameters.append(JSONNode.Member(key: shared.key, keyLocation: shared.keyLocation,
                                              value: parameter(shared.value, pointer2: pointer2, pointer3: pointer3)))
        }
        record("#/components/parameters", "#/parameters")
        return JSONNode.Member(key: "parameters", keyLocation: member.keyLocation, value: JSONNode(.object(parameters), at: member.value.location))
    }

    /// The document's shared `responses` as `components.responses`.
    private func sharedResponses(_ member: JSONNode.Member) -> JSONNode.Member {
        var responses: [JSONNode.Member] = []
        for shared in member.value.importMembers ?? [] {
            let pointer3 = Self.child("#/components/responses", shared.key)
            responses.append(JSONNode.Member(
                key: shared.key, keyLocation: shared.keyLocation,
                value: response(shared.value, pointer2: Self.child("#/responses", shared.key), pointer3: pointer3,
                                produces: globalProduces)))
        }
        record("#/components/responses", "#/responses")
        return JSONNode.Member(key: "responses", keyLocation: member.keyLocation, value: JSONNode(.object(responses), at: member.value.location))
    }

    /// `schemes` x (`host` + `basePath`) -> servers, HTTPS first. No host: the base path alone, a
    /// relative server the importer reports.
    private func servers() -> JSONNode? {
        let host = root.importMember("host")
        let basePathNode = root.importMember("basePath")
        var basePath = basePathNode?.importString ?? ""
        if !basePath.isEmpty, !basePath.hasPrefix("/") { basePath = "/" + basePath }
        guard let hostNode = host, let hostName = hostNode.importString, !hostName.isEmpty else {
            guard let basePathNode else { return nil }
            record("#/servers", "#/basePath")
            record("#/servers/0", "#/basePath")
            record("#/servers/0/url", "#/basePath")
            let server = JSONNode.object([("url", .string(basePath.isEmpty ? "/" : basePath, at: basePathNode.location))],
                                         at: basePathNode.location)
            return JSONNode(.array([server]), at: basePathNode.location)
        }
        var schemes: [(name: String, index: Int?, location: SourceLocation)] = []
        let schemesNode = root.importMember("schemes")
        for (index, item) in (schemesNode?.importItems ?? []).enumerated() {
            guard let name = item.importString?.lowercased() else { continue }
            if name == "http" || name == "https" {
                schemes.append((name, index, item.location))
            } else {
                warn(.extraServer, "#/schemes/\(index)", item.location, "scheme '\(name)' is not HTTP; dropped")
            }
        }
        if schemes.isEmpty {
            warn(.relativeServer, schemesNode == nil ? "#/host" : "#/schemes", schemesNode?.location ?? hostNode.location,
                 "no HTTP scheme given; 'https' assumed for '\(hostName)'")
            schemes = [("https", nil, hostNode.location)]
        }
        schemes = schemes.filter { $0.name == "https" } + schemes.filter { $0.name != "https" }
        record("#/servers", schemesNode == nil ? "#/host" : "#/schemes")
        var list: [JSONNode] = []
        for (position, scheme) in schemes.enumerated() {
            let url = scheme.name + "://" + hostName + basePath
            record("#/servers/\(position)", scheme.index.map { "#/schemes/\($0)" } ?? "#/host")
            record("#/servers/\(position)/url", "#/host")
            list.append(.object([("url", .string(url, at: hostNode.location))], at: scheme.location))
        }
        return JSONNode(.array(list), at: hostNode.location)
    }

    // MARK: Paths and operations

    /// A parameter as listed (`raw`) and as defined (`node`: the shared one when `raw` refers to it).
    /// (A class: it is passed around and kept in lists, and a copy of a struct of two nodes and five
    /// strings retains each of them.)
    private final class Parameter {
        let raw: JSONNode
        let node: JSONNode
        /// The 2.0 pointer of the definition, and of the list entry.
        let pointer: String
        let usePointer: String
        /// The shared parameter's name when `raw` is a `$ref` to one.
        let shared: String?
        /// Its index in the operation's own `parameters` (nil for one of the path item's).
        var index: Int?
        /// False for a `$ref` the converter cannot follow: it is passed on as written, and the importer reports it.
        let resolved: Bool

        /// The definition's `name` and `in` (read once: they are asked for often).
        let name: String?
        let location: String?

        init(raw: JSONNode, node: JSONNode, pointer: String, usePointer: String, shared: String?, resolved: Bool) {
            self.raw = raw
            self.node = node
            self.pointer = pointer
            self.usePointer = usePointer
            self.shared = shared
            self.resolved = resolved
            // (Found in locals and stored once: each write to a stored property of a class, once it is
            // initialized, is checked for exclusive access.)
            var name: String?, location: String?
            var named = false, placed = false
            for member in node.importMembers ?? [] where !(named && placed) {
                if !named, member.key == "name" {
                    named = true
                    name = member.value.importString
                } else if !placed, member.key == "in" {
                    placed = true
                    location = member.value.importString
                }
            }
            self.name = name
            self.location = location
        }
    }

    private func resolveParameter(_ raw: JSONNode, usePointer: String, index: Int) -> Parameter {
        let parameter = resolveParameter(raw, usePointer: usePointer)
        parameter.index = index
        return parameter
    }

    private func resolveParameter(_ raw: JSONNode, usePointer: String) -> Parameter {
        if let ref = raw.importMember("$ref")?.importString {
            if ref.hasPrefix("#/parameters/") {
                let token = String(Substring(ref.utf8.dropFirst("#/parameters/".utf8.count)))
                let name = OANode.unescape(token)
                // (On UTF-8 bytes: Foundation's `contains` searches as NSString does.)
                if !token.utf8.contains(UInt8(ascii: "/")), let target = sharedParameters[name] {
                    return Parameter(raw: raw, node: target, pointer: at("#/parameters/" + token), usePointer: usePointer,
                                     shared: name, resolved: true)
                }
            }
            return Parameter(raw: raw, node: raw, pointer: usePointer, usePointer: usePointer, shared: nil, resolved: false)
        }
        return Parameter(raw: raw, node: raw, pointer: usePointer, usePointer: usePointer, shared: nil, resolved: true)
    }

    private func invalidLocation(_ node: JSONNode, name: String) {
        guard !silent else { return }
        guard pointers else {
            deferred = true
            return
        }
        let written = node.importMember("in")
        let text = written.map { $0.importString ?? ImportJSONWriter.compact(ImportJSON($0)) } ?? ""
        diagnostics.error("parameter '\(node.importMember("name")?.importString ?? name)': 'in: \(text)' is not a "
                          + "Swagger 2.0 location (query, header, path, formData or body)", at: written?.location ?? node.location)
    }

    private func paths(_ paths: JSONNode) -> JSONNode {
        guard let members = paths.importMembers else { return paths }
        // (Lists are given their sizes up front here and below: growing one copies it.)
        var out: [JSONNode.Member] = []
        out.reserveCapacity(members.count)
        for member in members {
            guard let itemMembers = member.value.importMembers, member.value.importMember("$ref") == nil else {
                out.append(member)
                continue
            }
            // The path's pointer (escaped, so not free) is built when its parameters are recorded or
            // an operation's pointers are asked for.
            let itemParameters = member.value.importMember("parameters")?.importItems ?? []
            let itemPointer = itemParameters.isEmpty ? nil : Self.child("#/paths", member.key)
            let pointer = itemPointer ?? ""
            // Path-level parameters: non-body ones stay there; body and form ones go to each operation.
            var pathParameters: [Parameter] = []
            var kept: [JSONNode] = []
            for (index, raw) in itemParameters.enumerated() {
                let usePointer = pointer + "/parameters/\(index)"
                let parameter = resolveParameter(raw, usePointer: usePointer)
                if parameter.resolved, parameter.location == "body" || parameter.location == "formData" {
                    pathParameters.append(parameter)
                } else if let converted = listedParameter(parameter, pointer3: pointer + "/parameters/\(kept.count)") {
                    kept.append(converted)
                }
            }
            var item: [JSONNode.Member] = []
            item.reserveCapacity(itemMembers.count)
            for itemMember in itemMembers {
                if itemMember.key == "parameters" {
                    if !kept.isEmpty {
                        item.append(JSONNode.Member(key: "parameters", keyLocation: itemMember.keyLocation,
                                                    value: JSONNode(.array(kept), at: itemMember.value.location)))
                    }
                } else if Self.isMethod(itemMember.key), itemMember.value.importMembers != nil {
                    recording = false
                    pointers = false
                    let converted = operation(itemMember.value, pointer: { Self.child(itemPointer ?? Self.child("#/paths", member.key), itemMember.key) },
                                              inherited: pathParameters)
                    pointers = true
                    recording = true
                    item.append(JSONNode.Member(key: itemMember.key, keyLocation: itemMember.keyLocation, value: converted))
                } else {
                    item.append(itemMember)
                }
            }
            out.append(JSONNode.Member(key: member.key, keyLocation: member.keyLocation, value: JSONNode(.object(item), at: member.value.location)))
        }
        return JSONNode(.object(out), at: paths.location)
    }

    /// A query, header, path (or cookie, which the importer reports) parameter as the 3.0 list holds it;
    /// nil (with an error) for a location Swagger 2.0 does not have.
    private func listedParameter(_ parameter: Parameter, pointer3: String) -> JSONNode? {
        record(pointer3, parameter.usePointer)
        guard parameter.resolved else { return parameter.raw }
        if let shared = parameter.shared {
            // Reported where it is defined.
            if parameter.node.importMember("in") != nil, !Self.isListedLocation(parameter.location) { return nil }
            let at = parameter.raw.location
            return JSONNode(.object([JSONNode.Member(key: "$ref", keyLocation: at,
                                                     value: .string("#/components/parameters/" + OANode.escape(shared), at: at))]), at: at)
        }
        if parameter.node.importMember("in") != nil, !Self.isListedLocation(parameter.location) {
            invalidLocation(parameter.node, name: parameter.name ?? "?")
            return nil
        }
        return self.parameter(parameter.node, pointer2: parameter.pointer, pointer3: pointer3)
    }

    /// The operation's parameters as listed, then the path-level body and form parameters it does not
    /// override (same name and location).
    private func listedParameters(_ node: JSONNode, pointer: String, inherited: [Parameter]) -> [Parameter] {
        let items = node.importMember("parameters")?.importItems ?? []
        var listed: [Parameter] = []
        listed.reserveCapacity(items.count + inherited.count)
        for (index, raw) in items.enumerated() {
            listed.append(resolveParameter(raw, usePointer: at(pointer + "/parameters/\(index)"), index: index))
        }
        for parameter in inherited where !listed.contains(where: { $0.resolved && $0.name == parameter.name && $0.location == parameter.location }) {
            listed.append(parameter)
        }
        return listed
    }

    /// The operation's query, header and path parameters, and its body: the body parameter, or its
    /// form parameters as a form body.
    private func parametersAndBody(_ listed: [Parameter], pointer makePointer: () -> String, consumes: [String]?,
                                   consumesNode: JSONNode?) -> ([JSONNode], JSONNode?) {
        var parameters: [JSONNode] = []
        parameters.reserveCapacity(listed.count)
        var body: Parameter?
        var form: [Parameter] = []
        for parameter in listed {
            switch parameter.resolved ? parameter.location : nil {
            case "body":
                if body == nil {
                    body = parameter
                } else {
                    warn(.invalidOperation, parameter.usePointer, parameter.raw.location,
                         "an operation has one body parameter; '\(parameter.name ?? "?")' dropped")
                }
            case "formData":
                form.append(parameter)
            default:
                if let converted = listedParameterOnDemand(parameter, operationPointer: makePointer, position: parameters.count) {
                    parameters.append(converted)
                }
            }
        }
        if body != nil {
            for parameter in form {
                warn(.invalidOperation, parameter.usePointer, parameter.raw.location,
                     "an operation with a body parameter has no form parameters; '\(parameter.name ?? "?")' dropped")
            }
            form = []
        }
        var requestBody: JSONNode?
        if let body {
            requestBody = self.requestBody(body, consumes: consumes, consumesNode: consumesNode, pointer3: at(makePointer() + "/requestBody"))
        } else if !form.isEmpty {
            requestBody = formBody(form, consumes: consumes, consumesNode: consumesNode, pointer3: at(makePointer() + "/requestBody"))
        }
        return (parameters, requestBody)
    }

    /// `makePointer` gives the operation's pointer, built only while pointers are (see `pointers`).
    private func operation(_ node: JSONNode, pointer makePointer: () -> String, inherited: [Parameter]) -> JSONNode {
        let ownConsumes = node.importMember("consumes")
        let consumes = Self.strings(ownConsumes) ?? globalConsumes
        let consumesNode = ownConsumes ?? globalConsumesNode
        let produces = Self.strings(node.importMember("produces")) ?? globalProduces

        let (parameters, requestBody) = withPointersOnDemand {
            parametersAndBody(listedParameters(node, pointer: at(makePointer()), inherited: inherited), pointer: makePointer,
                              consumes: consumes, consumesNode: consumesNode)
        }

        var out: [JSONNode.Member] = []
        out.reserveCapacity((node.importMembers?.count ?? 0) + 1)
        var bodyPlaced = false
        func placeBody(_ location: SourceLocation) {
            guard let requestBody, !bodyPlaced else { return }
            out.append(JSONNode.Member(key: "requestBody", keyLocation: location, value: requestBody))
            bodyPlaced = true
        }
        for member in node.importMembers ?? [] {
            switch member.key {
            case "parameters":
                if !parameters.isEmpty {
                    out.append(JSONNode.Member(key: "parameters", keyLocation: member.keyLocation,
                                               value: JSONNode(.array(parameters), at: member.value.location)))
                }
                placeBody(member.keyLocation)
            case "consumes", "produces":
                continue
            case "schemes":
                let written = Set(Self.strings(member.value) ?? [])
                if written != Set(Self.strings(root.importMember("schemes")) ?? []) {
                    withPointersOnDemand {
                        warn(.extraServer, Self.child(makePointer(), "schemes"), member.keyLocation,
                             "operation-level schemes are not supported; dropped (the document's are used)")
                    }
                }
            case "responses":
                let responses = withPointersOnDemand {
                    self.responses(member.value, pointer: at(makePointer() + "/responses"), produces: produces)
                }
                out.append(JSONNode.Member(key: "responses", keyLocation: member.keyLocation, value: responses))
            default:
                out.append(member)
            }
        }
        placeBody(requestBody?.location ?? node.location)
        return JSONNode(.object(out), at: node.location)
    }

    // MARK: Parameters

    /// A query, header or path parameter: its value keys become its `schema`, `collectionFormat` its
    /// `style` and `explode`.
    private func parameter(_ node: JSONNode, pointer2: String, pointer3: String) -> JSONNode {
        guard let members = node.importMembers else { return node }
        record(pointer3, pointer2)
        record(pointer3 + "/schema", pointer2)
        record(pointer3 + "/style", pointer2 + "/collectionFormat")
        record(pointer3 + "/explode", pointer2 + "/collectionFormat")
        var out: [JSONNode.Member] = []
        out.reserveCapacity(members.count + 2)
        var schemaPlaced = false
        for member in members {
            if Self.isValueKey(member.key) || member.key == "x-nullable" || member.key == "collectionFormat" {
                guard !schemaPlaced else { continue }
                schemaPlaced = true
                out.append(JSONNode.Member(key: "schema", keyLocation: member.keyLocation,
                                           value: valueSchema(node, pointer2: pointer2)))
                style(node, pointer2: pointer2, into: &out)
            } else if member.key == "schema" {
                // Not Swagger 2.0 for a non-body parameter, but unambiguous.
                out.append(JSONNode.Member(key: "schema", keyLocation: member.keyLocation, value: schema(member.value)))
                record(pointer3 + "/schema", pointer2 + "/schema")
            } else {
                out.append(member)
            }
        }
        return JSONNode(.object(out), at: node.location)
    }

    /// `collectionFormat` of an array parameter -> `style` and `explode` (a query's default, `csv`, is
    /// `form` without explode; `multi` is `form` exploded; `ssv` and `pipes` are `spaceDelimited` and
    /// `pipeDelimited`; `tsv` has no 3.0 equivalent).
    private func style(_ node: JSONNode, pointer2: String, into out: inout [JSONNode.Member]) {
        guard node.importMember("type")?.importString == "array" else { return }
        let location = node.importMember("in")?.importString ?? ""
        // (Looked up only for a warning: most parameters have none.)
        var name: String { node.importMember("name")?.importString ?? "?" }
        let formatNode = node.importMember("collectionFormat")
        let format = formatNode?.importString ?? "csv"
        let at = formatNode?.location ?? node.location
        // (Built only for a warning: most parameters have none.)
        var pointer: String { formatNode == nil ? pointer2 : pointer2 + "/collectionFormat" }
        func append(_ style: String, _ explode: Bool) {
            out.append(JSONNode.Member(key: "style", keyLocation: at, value: .string(style, at: at)))
            out.append(JSONNode.Member(key: "explode", keyLocation: at, value: JSONNode(.bool(explode), at: at)))
        }
        switch (location, format) {
        case ("query", "csv"): append("form", false)
        case ("query", "multi"): append("form", true)
        case ("query", "ssv"): append("spaceDelimited", false)
        case ("query", "pipes"): append("pipeDelimited", false)
        case ("query", _):
            warn(.parameterStyle, pointer, at, "collectionFormat '\(format)' of '\(name)' has no OpenAPI 3 equivalent; sent as form (name=a&name=b)")
        // A cookie's default is form, exploded (a cookie per element): csv joins them.
        case ("cookie", "csv"): append("form", false)
        case (_, "csv"):
            break
        default:
            warn(.parameterStyle, pointer, at, "collectionFormat '\(format)' of the \(location) parameter '\(name)' has no OpenAPI 3 equivalent; sent comma-separated")
        }
    }

    /// The schema of a non-body parameter, a header or `items`: its value keys (`type: file` -> a
    /// binary string, `x-nullable` -> `nullable`).
    /// `extra` (a form field's description) is appended to it.
    private func valueSchema(_ node: JSONNode, pointer2: String, appending extra: JSONNode.Member? = nil) -> JSONNode {
        if node.importMember("$ref") != nil {
            let converted = schema(node)
            guard let extra, var members = converted.importMembers else { return converted }
            members.append(extra)
            return JSONNode(.object(members), at: converted.location)
        }
        let members = node.importMembers ?? []
        var out: [JSONNode.Member] = []
        out.reserveCapacity(members.count + (extra == nil ? 0 : 1))
        for member in members {
            if Self.isValueKey(member.key) {
                if member.key == "type", member.value.importString == "file" {
                    out.append(JSONNode.Member(key: "type", keyLocation: member.keyLocation, value: .string("string", at: member.value.location)))
                    if node.importMember("format") == nil {
                        out.append(JSONNode.Member(key: "format", keyLocation: member.keyLocation, value: .string("binary", at: member.value.location)))
                    }
                } else if member.key == "items", let list = member.value.importItems, !list.isEmpty {
                    // Draft 4's tuple, as in a schema (`convertedSchema`).
                    let schemas = list.enumerated().map { valueSchema($1, pointer2: at(pointer2 + "/items/\($0)")) }
                    out.append(JSONNode.Member(key: "items", keyLocation: member.keyLocation,
                                               value: Self.tupleItems(schemas, keyLocation: member.keyLocation, at: member.value.location)))
                } else if member.key == "items" {
                    out.append(JSONNode.Member(key: "items", keyLocation: member.keyLocation,
                                               value: valueSchema(member.value, pointer2: at(pointer2 + "/items"))))
                    if let inner = member.value.importMember("collectionFormat"), member.value.importMember("type")?.importString == "array" {
                        warn(.parameterStyle, pointer2 + "/items/collectionFormat", inner.location,
                             "collectionFormat of nested arrays has no OpenAPI 3 equivalent; dropped")
                    }
                } else {
                    out.append(member)
                }
            } else if member.key == "x-nullable", node.importMember("nullable") == nil {
                out.append(JSONNode.Member(key: "nullable", keyLocation: member.keyLocation, value: member.value))
            }
        }
        if let extra { out.append(extra) }
        return JSONNode(.object(out), at: node.location)
    }

    // MARK: Bodies

    private static func isForm(_ mediaType: String) -> Bool {
        if mediaType == "application/json" { return false }
        let bare = Validation.bareMediaType(mediaType)
        return bare == "application/x-www-form-urlencoded" || bare == "multipart/form-data"
    }

    /// Each `consumes` list met, split once: reading a media type's parameters is not free, and most
    /// documents write the same few lists on many operations.
    private var splits: [[String]: (body: [String], form: [String])] = [:]

    /// `consumes` split into the media types of a body parameter and of form parameters.
    private func splitConsumes(_ consumes: [String]?) -> (body: [String], form: [String]) {
        let list = consumes ?? []
        if let split = splits[list] { return split }
        let split = (body: list.filter { !Self.isForm($0) }, form: list.filter(Self.isForm))
        splits[list] = split
        return split
    }

    private func requestBody(_ body: Parameter, consumes: [String]?, consumesNode: JSONNode?, pointer3: String) -> JSONNode {
        let node = body.node
        let pointer2 = body.pointer
        let schemaNode = node.importMember("schema")
        let converted = schemaNode.map(schema) ?? JSONNode(.object([]), at: node.location)
        var mediaTypes = splitConsumes(consumes).body
        if mediaTypes.isEmpty { mediaTypes = ["application/json"] }
        record(pointer3, pointer2)
        var out: [JSONNode.Member] = []
        out.reserveCapacity(3)
        if let description = node.importMember("description") {
            out.append(JSONNode.Member(key: "description", keyLocation: description.location, value: description))
        }
        let contentAt = consumesNode?.location ?? node.location
        out.append(content(mediaTypes, schema: converted, keyLocation: contentAt, location: contentAt, pointer3: pointer3,
                           source: pointer2, schemaSource: { pointer2 + "/schema" }))
        if let required = node.importMember("required") {
            out.append(JSONNode.Member(key: "required", keyLocation: required.location, value: required))
        }
        return JSONNode(.object(out), at: node.location)
    }

    /// `formData` parameters -> an object schema of one property per parameter, sent as a form, or as
    /// multipart when a parameter is a file (or `consumes` says so).
    private func formBody(_ parameters: [Parameter], consumes: [String]?, consumesNode: JSONNode?, pointer3: String) -> JSONNode {
        let first = parameters[0]
        let hasFile = parameters.contains { $0.node.importMember("type")?.importString == "file" }
        var mediaTypes = splitConsumes(consumes).form
        if mediaTypes.isEmpty { mediaTypes = [hasFile ? "multipart/form-data" : "application/x-www-form-urlencoded"] }
        record(pointer3, first.usePointer)

        var properties: [JSONNode.Member] = []
        var required: [JSONNode] = []
        var names: Set<String> = []
        for parameter in parameters {
            guard let name = parameter.name else {
                warn(.invalidOperation, parameter.usePointer, parameter.raw.location, "a form parameter needs a 'name'; dropped")
                continue
            }
            guard names.insert(name).inserted else {
                warn(.invalidOperation, parameter.usePointer, parameter.raw.location, "form parameter '\(name)' is listed twice; dropped")
                continue
            }
            let description = parameter.node.importMember("description")
                .map { JSONNode.Member(key: "description", keyLocation: $0.location, value: $0) }
            let property = valueSchema(parameter.node, pointer2: parameter.pointer, appending: description)
            if parameter.node.importMember("type")?.importString == "array",
               parameter.node.importMember("collectionFormat")?.importString != "multi" {
                let formatNode = parameter.node.importMember("collectionFormat")
                let format = formatNode?.importString ?? "csv"
                warn(.parameterStyle, formatNode == nil ? parameter.pointer : parameter.pointer + "/collectionFormat",
                     formatNode?.location ?? parameter.node.location,
                     "collectionFormat '\(format)'\(formatNode == nil ? " (Swagger 2.0's default)" : "") of the form field '\(name)' "
                        + "has no OpenAPI 3 equivalent; each item is sent as a field of its own (multi)")
            }
            properties.append(JSONNode.Member(key: name, keyLocation: parameter.raw.location, value: property))
            if case .bool(true)? = parameter.node.importMember("required")?.value { required.append(.string(name, at: parameter.raw.location)) }
            for mediaType in mediaTypes {
                record(Self.child(pointer3 + "/content", mediaType) + "/schema/properties/" + OANode.escape(name), parameter.pointer)
            }
        }
        let at = first.raw.location
        var schemaMembers = [JSONNode.Member(key: "type", keyLocation: at, value: .string("object", at: at)),
                             JSONNode.Member(key: "properties", keyLocation: at, value: JSONNode(.object(properties), at: at))]
        if !required.isEmpty { schemaMembers.append(JSONNode.Member(key: "required", keyLocation: at, value: JSONNode(.array(required), at: at))) }
        let schema = JSONNode(.object(schemaMembers), at: at)
        let contentAt = consumesNode?.location ?? at
        return JSONNode(.object([content(mediaTypes, schema: schema, keyLocation: contentAt, location: contentAt, pointer3: pointer3,
                                         source: first.usePointer, schemaSource: { first.usePointer })]), at: at)
    }

    /// The `content` member of a body or a response (`pointer3`): under each media type, `schema` (and,
    /// for a response, the example `examples` gives for that type), each placed where the schema is.
    /// `content` and each media type stand for `source`, the schemas for `schemaSource`, and an
    /// example for `examples`' member (`examplesPointer` + its media type).
    private func content(_ mediaTypes: [String], schema: JSONNode, keyLocation: SourceLocation, location: SourceLocation,
                         pointer3: String, source: String, schemaSource: () -> String,
                         examples: JSONNode? = nil, examplesPointer: @autoclosure () -> String = "") -> JSONNode.Member {
        let at = schema.location
        let contentPointer = recording ? pointer3 + "/content" : ""
        record(contentPointer, source)
        var content: [JSONNode.Member] = []
        content.reserveCapacity(mediaTypes.count)
        for mediaType in mediaTypes {
            // (Built only while pointers are recorded, like `record`'s arguments.)
            let mediaPointer = recording ? child(contentPointer, mediaType) : ""
            record(mediaPointer, source)
            record(mediaPointer + "/schema", schemaSource())
            var media = [JSONNode.Member(key: "schema", keyLocation: at, value: schema)]
            if let example = examples?.importMember(mediaType) {
                record(mediaPointer + "/example", Self.child(examplesPointer(), mediaType))
                media.append(JSONNode.Member(key: "example", keyLocation: example.location, value: example))
            }
            content.append(JSONNode.Member(key: mediaType, keyLocation: at, value: JSONNode(.object(media), at: at)))
        }
        return JSONNode.Member(key: "content", keyLocation: keyLocation, value: JSONNode(.object(content), at: location))
    }

    // MARK: Responses

    private func responses(_ node: JSONNode, pointer: String, produces: [String]?) -> JSONNode {
        guard let members = node.importMembers else { return node }
        var out: [JSONNode.Member] = []
        out.reserveCapacity(members.count)
        for member in members {
            let pointer3 = child(pointer, member.key)
            if member.key.hasPrefix("x-") {
                out.append(member)
                continue
            }
            if let ref = member.value.importMember("$ref")?.importString {
                let token = ref.hasPrefix("#/responses/") ? String(ref.dropFirst("#/responses/".count)) : ""
                let name = OANode.unescape(token)
                guard !token.isEmpty, !token.utf8.contains(UInt8(ascii: "/")), responseNames.contains(name),
                      let shared = root.importMember("responses")?.importMember(name) else {
                    out.append(member)
                    continue
                }
                if produces == globalProduces {
                    out.append(JSONNode.Member(key: member.key, keyLocation: member.keyLocation,
                                               value: .object([("$ref", .string("#/components/responses/" + token, at: member.value.location))],
                                                              at: member.value.location)))
                } else {
                    // The operation produces other media types than the shared response's: its own copy.
                    record(pointer3, "#/responses/" + token)
                    out.append(JSONNode.Member(key: member.key, keyLocation: member.keyLocation,
                                               value: response(shared, pointer2: "#/responses/" + token, pointer3: pointer3, produces: produces)))
                }
                continue
            }
            out.append(JSONNode.Member(key: member.key, keyLocation: member.keyLocation,
                                       value: response(member.value, pointer2: pointer3, pointer3: pointer3, produces: produces)))
        }
        return JSONNode(.object(out), at: node.location)
    }

    /// A response: its `schema` under each produced media type (a file: `application/octet-stream`
    /// unless a binary type is produced), its `examples` as each media type's `example`, its headers'
    /// value keys as their schemas.
    private func response(_ node: JSONNode, pointer2: String, pointer3: String, produces: [String]?) -> JSONNode {
        guard let members = node.importMembers, node.importMember("$ref") == nil else { return node }
        // (One with none of these, a description alone, reads the same in 3.0: not copied.)
        guard members.contains(where: { $0.key == "schema" || $0.key == "examples" || $0.key == "headers" }) else { return node }
        var out: [JSONNode.Member] = []
        out.reserveCapacity(members.count)
        for member in members {
            switch member.key {
            case "schema":
                let converted = schema(member.value)
                var mediaTypes = produces ?? []
                if member.value.importMember("type")?.importString == "file" {
                    mediaTypes = mediaTypes.filter { !OpenAPIImportContext.isJSON($0) }
                    if mediaTypes.isEmpty { mediaTypes = ["application/octet-stream"] }
                }
                if mediaTypes.isEmpty { mediaTypes = ["application/json"] }
                let schemaPointer = recording ? pointer2 + "/schema" : ""
                out.append(content(mediaTypes, schema: converted, keyLocation: member.keyLocation, location: member.value.location,
                                   pointer3: pointer3, source: schemaPointer, schemaSource: { schemaPointer },
                                   examples: node.importMember("examples"), examplesPointer: pointer2 + "/examples"))
            case "examples":
                continue
            case "headers":
                var headers: [JSONNode.Member] = []
                for header in member.value.importMembers ?? [] {
                    let header2 = child(pointer2 + "/headers", header.key)
                    let header3 = child(pointer3 + "/headers", header.key)
                    if pointer2 != pointer3 { record(header3, header2) }
                    record(header3 + "/schema", header2)
                    var converted: [(String, JSONNode)] = []
                    if let description = header.value.importMember("description") { converted.append(("description", description)) }
                    converted.append(("schema", valueSchema(header.value, pointer2: header2)))
                    if header.value.importMember("type")?.importString == "array",
                       let format = header.value.importMember("collectionFormat"), format.importString != "csv" {
                        warn(.parameterStyle, header2 + "/collectionFormat", format.location,
                             "collectionFormat '\(format.importString ?? "")' of the response header '\(header.key)' has no OpenAPI 3 equivalent; read comma-separated")
                    }
                    headers.append(JSONNode.Member(key: header.key, keyLocation: header.keyLocation,
                                                   value: .object(converted, at: header.value.location)))
                }
                out.append(JSONNode.Member(key: "headers", keyLocation: member.keyLocation, value: JSONNode(.object(headers), at: member.value.location)))
            default:
                out.append(member)
            }
        }
        return JSONNode(.object(out), at: node.location)
    }

    // MARK: Schemas

    /// A 2.0 schema as 3.0 reads it: `$ref`s to definitions point at components, `x-nullable` is
    /// `nullable`, `type: file` a binary string, a `discriminator` string its `propertyName`.
    func schema(_ node: JSONNode) -> JSONNode {
        convertedSchema(node) ?? node
    }

    /// The 3.0 form of a schema; nil when it reads the same.
    private func convertedSchema(_ node: JSONNode) -> JSONNode? {
        guard let members = node.importMembers else { return nil }
        // Most schemas read the same in 3.0: they are copied only from their first change on.
        var out: [JSONNode.Member]?
        func changed(at index: Int) {
            if out == nil {
                out = Array(members[..<index])
                out?.reserveCapacity(members.count + 1)
            }
        }
        for (index, member) in members.enumerated() {
            var value = member.value
            switch member.key {
            case "$ref":
                if let ref = value.importString {
                    let rewritten = rewrite(ref)
                    if rewritten != ref { changed(at: index); value = .string(rewritten, at: value.location) }
                }
            case "x-nullable":
                changed(at: index)
                guard node.importMember("nullable") == nil else { continue }
                out?.append(JSONNode.Member(key: "nullable", keyLocation: member.keyLocation, value: value))
                continue
            case "type":
                if value.importString == "file" {
                    changed(at: index)
                    out?.append(JSONNode.Member(key: "type", keyLocation: member.keyLocation, value: .string("string", at: value.location)))
                    if node.importMember("format") == nil {
                        out?.append(JSONNode.Member(key: "format", keyLocation: member.keyLocation, value: .string("binary", at: value.location)))
                    }
                    continue
                }
            case "discriminator":
                if let property = value.importString {
                    changed(at: index)
                    value = .object([("propertyName", .string(property, at: value.location))], at: value.location)
                }
            case "properties":
                if let properties = value.importMembers {
                    var converted: [JSONNode.Member]?
                    for (propertyIndex, property) in properties.enumerated() {
                        let schema = convertedSchema(property.value)
                        if converted == nil, schema != nil { converted = Array(properties[..<propertyIndex]) }
                        converted?.append(JSONNode.Member(key: property.key, keyLocation: property.keyLocation, value: schema ?? property.value))
                    }
                    if let converted { changed(at: index); value = JSONNode(.object(converted), at: value.location) }
                }
            case "items", "additionalProperties", "not", "allOf", "anyOf", "oneOf":
                if let items = value.importItems, !(member.key == "items" && items.isEmpty) {
                    let converted = items.map(convertedSchema)
                    // A list of schemas under `items` of a schema that is not an array (Slack's
                    // `latest: {items: [{$ref: message}, {type: null}]}`) can only say "one of these":
                    // as a tuple it would constrain arrays alone, and the value is never one.
                    if member.key == "items", !Self.saysArray(node), node.importMember("anyOf") == nil {
                        changed(at: index)
                        out?.append(JSONNode.Member(key: "anyOf", keyLocation: member.keyLocation,
                                                    value: JSONNode(.array(zip(items, converted).map { $1 ?? $0 }), at: value.location)))
                        continue
                    }
                    // Draft 4's tuple, `items: [A, B]` of an array (Slack's pins, a message or a file).
                    if member.key == "items" {
                        changed(at: index)
                        value = Self.tupleItems(zip(items, converted).map { $1 ?? $0 }, keyLocation: member.keyLocation, at: value.location)
                        out?.append(JSONNode.Member(key: member.key, keyLocation: member.keyLocation, value: value))
                        continue
                    }
                    if converted.contains(where: { $0 != nil }) {
                        changed(at: index)
                        value = JSONNode(.array(zip(items, converted).map { $1 ?? $0 }), at: value.location)
                    }
                } else if member.key != "allOf", member.key != "anyOf", member.key != "oneOf", let converted = convertedSchema(value) {
                    changed(at: index)
                    value = converted
                }
            default:
                break
            }
            out?.append(JSONNode.Member(key: member.key, keyLocation: member.keyLocation, value: value))
        }
        guard let out else { return nil }
        return JSONNode(.object(out), at: node.location)
    }

    /// `pointer` (of the 2.0 document, as the map gives it) with the steps the translation of an
    /// `items` list added taken back: a list read as `anyOf` (`.../latest/anyOf/1` ->
    /// `.../latest/items/1`), a tuple read as `items: {anyOf}` (`.../items/anyOf/1` -> `.../items/1`).
    /// Walked in the document; a pointer that leaves it is returned as it is.
    func writtenPointer(_ pointer: String) -> String {
        guard pointer.hasPrefix("#/"), pointer.contains("/anyOf") || pointer.contains("/items/") else { return pointer }
        var tokens = pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map { OANode.unescape(String($0)) }
        var node = root
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if let members = node.importMembers {
                if let child = members.first(where: { $0.key == token }) {
                    node = child.value
                } else if token == "anyOf", let items = node.importMember("items"), items.importItems != nil {
                    tokens[index] = "items"
                    node = items
                } else {
                    break
                }
                // A tuple's `items: [A, B]`, read as `items: {anyOf: [A, B]}`; `items: [A]` as `items: A`.
                if tokens[index] == "items", let items = node.importItems, index + 1 < tokens.count {
                    if tokens[index + 1] == "anyOf" {
                        tokens.remove(at: index + 1)
                    } else if items.count == 1, Int(tokens[index + 1]) == nil {
                        tokens.insert("0", at: index + 1)
                    }
                }
            } else if let items = node.importItems, let position = Int(token), items.indices.contains(position) {
                node = items[position]
            } else {
                break
            }
            index += 1
        }
        return "#/" + tokens.map(OANode.escape).joined(separator: "/")
    }

    /// The `items` of draft 4's tuple `items: [A, B]` (of an array): each element one of them, as 3.0
    /// can say it, `{anyOf: [A, B]}`, without the order; one schema is `A` itself. Schemas and
    /// parameters' value keys read a tuple by this one rule.
    private static func tupleItems(_ schemas: [JSONNode], keyLocation: SourceLocation, at location: SourceLocation) -> JSONNode {
        if schemas.count == 1 { return schemas[0] }
        return JSONNode(.object([JSONNode.Member(key: "anyOf", keyLocation: keyLocation, value: JSONNode(.array(schemas), at: location))]), at: location)
    }

    /// Whether a schema says it is an array: its `type` is or lists `array`, or it has a keyword
    /// only arrays have (`additionalItems`, `minItems`, `maxItems`, `uniqueItems`).
    private static func saysArray(_ schema: JSONNode) -> Bool {
        if ["additionalItems", "minItems", "maxItems", "uniqueItems"].contains(where: { schema.importMember($0) != nil }) { return true }
        guard let type = schema.importMember("type") else { return false }
        if let single = type.importString { return single == "array" }
        return type.importItems?.contains { $0.importString == "array" } ?? false
    }

    /// `#/definitions/Pet` -> `#/components/schemas/Pet` (and responses, parameters) when it names one;
    /// any other reference stays as written, for the importer to follow or report.
    private func rewrite(_ ref: String) -> String {
        if let known = rewrittenReferences[ref] { return known }
        let result = rewriteOnce(ref)
        rewrittenReferences[ref] = result
        return result
    }

    /// References already rewritten: most are written many times.
    private var rewrittenReferences: [String: String] = [:]

    private func rewriteOnce(_ ref: String) -> String {
        // (On UTF-8 bytes.)
        func rewritten(_ prefix: String, _ names: Set<String>, _ replacement: String) -> String {
            let rest = ref.utf8.dropFirst(prefix.utf8.count)
            let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            let token = String(Substring(ref.utf8[rest.startIndex..<end]))
            return names.contains(OANode.unescape(token)) ? replacement + Substring(rest) : ref
        }
        guard ref.utf8.first == UInt8(ascii: "#") else { return ref }
        if ref.hasPrefix("#/definitions/") { return rewritten("#/definitions/", definitionNames, "#/components/schemas/") }
        if ref.hasPrefix("#/responses/") { return rewritten("#/responses/", responseNames, "#/components/responses/") }
        return ref
    }

    // MARK: Security

    /// basic -> http basic; apiKey as it is; oauth2's `flow` -> `flows` (`application` is
    /// `clientCredentials`, `accessCode` `authorizationCode`).
    private func securityScheme(_ node: JSONNode, pointer2: String) -> JSONNode {
        guard let members = node.importMembers else { return node }
        let type = node.importMember("type")?.importString
        var out: [(String, JSONNode)] = []
        switch type {
        case "basic":
            for member in members {
                if member.key == "type" {
                    out.append(("type", .string("http", at: member.value.location)))
                    out.append(("scheme", .string("basic", at: member.value.location)))
                } else {
                    out.append((member.key, member.value))
                }
            }
        case "oauth2":
            let flowNode = node.importMember("flow")
            let flowName: String
            switch flowNode?.importString {
            case "application": flowName = "clientCredentials"
            case "accessCode": flowName = "authorizationCode"
            case let other?: flowName = other
            case nil: flowName = "implicit"
            }
            var flow: [(String, JSONNode)] = []
            for key in ["authorizationUrl", "tokenUrl"] {
                if let value = node.importMember(key) { flow.append((key, value)) }
            }
            flow.append(("scopes", node.importMember("scopes") ?? JSONNode(.object([]), at: node.location)))
            for member in members where !["flow", "authorizationUrl", "tokenUrl", "scopes"].contains(member.key) {
                out.append((member.key, member.value))
            }
            let at = flowNode?.location ?? node.location
            out.append(("flows", .object([(flowName, .object(flow, at: at))], at: at)))
            let pointer3 = "#/components/securitySchemes" + pointer2.dropFirst("#/securityDefinitions".count)
            record(pointer3 + "/flows", pointer2 + (flowNode == nil ? "" : "/flow"))
        default:
            return node
        }
        return .object(out, at: node.location)
    }
}
