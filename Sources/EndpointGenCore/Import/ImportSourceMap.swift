// Where each value of an imported spec came from in the OpenAPI document. `generate` and the plugins
// validate the imported spec as a tree (`documentTree`) whose every value stands at the document's own
// line and column: the operation, schema, property or parameter it was made from, so a problem the
// Validator finds there names that place.

import Foundation

/// The document places of an imported spec's values, by the spec's JSON pointers
/// (`/groups/pets/endpoints/listPets/parameters/limit`, `/models/Pet/properties/name`).
package struct ImportSourceMap: Sendable, Hashable {
    /// Spec JSON pointer -> the place in the document of what that spec value was made from.
    var places: [String: SourceLocation]
    /// The document's first value: the place of whatever no entry covers.
    var documentStart: SourceLocation

    /// The document place of the spec value at `pointer`: that of the pointer itself when recorded,
    /// else of the nearest recorded value holding it (the endpoint, the model), else the document's start.
    package func documentLocation(ofSpecPointer pointer: String) -> SourceLocation {
        var tokens = pointer.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        while !tokens.isEmpty {
            if let place = places[tokens.joined(separator: "/")] { return place }
            tokens.removeLast()
        }
        return places[""] ?? documentStart
    }

    /// The JSON pointer of the value written at each of `locations` in `specJSON` (the value or key
    /// that starts there, else the last one starting before it: the string a column points into).
    /// Nil for all when the text does not parse. The spec is read once, however many places.
    package static func specPointers(at locations: [SourceLocation], inSpec specJSON: String) -> [String?] {
        var ignored = Diagnostics()
        guard !locations.isEmpty,
              let root = JSONParser.parse(Data(specJSON.utf8), fileName: locations[0].file, diagnostics: &ignored) else {
            return locations.map { _ in nil }
        }
        // Every value and key with its place; the writer's order is the text's, so a stable sort keeps
        // a key before its value and a container before what it holds.
        var starts: [(line: Int, column: Int, pointer: String)] = []
        var stack: [(node: JSONNode, pointer: String)] = [(root, "")]
        while let (node, pointer) = stack.popLast() {
            starts.append((node.location.line, node.location.column, pointer))
            switch node.value {
            case let .object(members):
                for member in members.reversed() {
                    let memberPointer = pointer + "/" + OANode.escape(member.key)
                    stack.append((member.value, memberPointer))
                    starts.append((member.keyLocation.line, member.keyLocation.column, memberPointer))
                }
            case let .array(items):
                for (index, item) in items.enumerated().reversed() { stack.append((item, pointer + "/\(index)")) }
            default:
                break
            }
        }
        let sorted = starts.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
        return locations.map { location in
            // The last start at or before the place.
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if (sorted[middle].line, sorted[middle].column) <= (location.line, location.column) { low = middle + 1 } else { high = middle }
            }
            return low == 0 ? nil : sorted[low - 1].pointer
        }
    }

    /// `documentLocation(ofSpecPointer:)` of the value at `location` in `specJSON`.
    package func documentLocation(ofSpecLocation location: SourceLocation, inSpec specJSON: String) -> SourceLocation {
        documentLocations(ofSpecLocations: [location], inSpec: specJSON)[0]
    }

    /// `documentLocation(ofSpecPointer:)` of the values at `locations` in `specJSON`.
    package func documentLocations(ofSpecLocations locations: [SourceLocation], inSpec specJSON: String) -> [SourceLocation] {
        Self.specPointers(at: locations, inSpec: specJSON).map { pointer in
            pointer.map(documentLocation(ofSpecPointer:)) ?? documentStart
        }
    }
}

extension OpenAPIImportContext {
    /// The map of the spec built from `endpoints` (each list with the pointer of the object holding it)
    /// and the models.
    func sourceMap(endpoints: [(pointer: String, endpoints: [ImportedEndpoint])], groups: [(pointer: String, source: OANode?)],
                   spec: ImportJSON) -> ImportSourceMap {
        var places: [String: SourceLocation] = ["": root.location]
        func record(_ pointer: String, _ node: OANode?) {
            if let node { places[pointer] = node.location }
        }
        record("/name", root["info"]?["title"])
        record("/description", root["info"]?["description"] ?? root["info"]?["title"])
        record("/baseURL", root["servers"]?.items?.first?["url"])
        record("/auth", root["security"])
        for (pointer, source) in groups { record(pointer, source) }
        for (container, list) in endpoints {
            for endpoint in list {
                guard let operation = endpoint.source else { continue }
                let base = container + "/" + OANode.escape(endpoint.key)
                recordEndpoint(endpoint, operation: operation, base: base, into: &places)
            }
        }
        guard case .object(let top) = spec, case .object(let models)? = top.first(where: { $0.0 == SpecKey.models.key })?.1 else {
            return ImportSourceMap(places: places, documentStart: root.location)
        }
        for (key, definition) in models {
            guard let source = modelSources[key] else { continue }
            let base = "/models/" + OANode.escape(key)
            places[base] = source.location
            for (name, property) in propertySources[key] ?? [:] {
                places[base + "/properties/" + OANode.escape(name)] = property.location
            }
            record(base + "/additionalProperties", source["additionalProperties"])
            record(base + "/discriminator", source["discriminator"])
            record(base + "/description", source["description"])
            guard case .object(let fields) = definition else { continue }
            for (field, value) in fields {
                guard case .array(let items) = value else { continue }
                switch field {
                case "oneOf", "anyOf":
                    record(base + "/" + field, source["oneOf"] ?? source["anyOf"] ?? source["type"])
                    for (index, item) in items.enumerated() {
                        guard case .string(let type) = item else { continue }
                        record(base + "/\(field)/\(index)", alternativeSources[key]?[type])
                    }
                case "enum":
                    record(base + "/enum", source["enum"])
                    let written = source["enum"]?.items ?? []
                    for (index, item) in items.enumerated() {
                        let text: String? = {
                            switch item {
                            case .string(let s): return s
                            case .number(let n): return n
                            default: return nil
                            }
                        }()
                        record(base + "/enum/\(index)", written.first { ($0.string ?? $0.number) == text })
                    }
                default:
                    break
                }
            }
        }
        return ImportSourceMap(places: places, documentStart: root.location)
    }

    private func recordEndpoint(_ endpoint: ImportedEndpoint, operation: OANode, base: String, into places: inout [String: SourceLocation]) {
        func record(_ pointer: String, _ node: OANode?) {
            if let node { places[pointer] = node.location }
        }
        places[base] = operation.location
        // The path item and its key in `paths` (when the item is written there, not referenced).
        let itemPointer = String(operation.pointer[..<(operation.pointer.lastIndex(of: "/") ?? operation.pointer.endIndex)])
        let method = OANode.unescape(String(operation.pointer[(operation.pointer.lastIndex(of: "/") ?? operation.pointer.startIndex)...].dropFirst()))
        if let item = lookup(pointer: itemPointer), let methodKey = item.keyLocation(method) { places[base + "/method"] = methodKey }
        if itemPointer.hasPrefix("#/paths/"), let pathKey = root["paths"]?.keyLocation(OANode.unescape(String(itemPointer.dropFirst("#/paths/".count)))) {
            places[base + "/path"] = pathKey
        }
        record(base + "/description", operation["summary"] ?? operation["description"])
        record(base + "/deprecated", operation["deprecated"])
        record(base + "/auth", operation["security"])
        record(base + "/body", operation["requestBody"])
        record(base + "/parameters", operation["parameters"])
        let responses = operation["responses"]
        for key in [SpecKey.response, .responses, .errors, .pagination, .sample].map(\.key) { record(base + "/" + key, responses) }
        for (status, _, response) in responses?.members ?? [] {
            record(base + "/responses/" + OANode.escape(status), response)
            record(base + "/errors/" + OANode.escape(status), response)
        }
        // Each parameter: where the operation (or its path item) lists the parameter of that wire name.
        guard case .object(let fields) = endpoint.value,
              case .object(let parameters)? = fields.first(where: { $0.0 == SpecKey.parameters.key })?.1 else { return }
        let listed = (operation["parameters"]?.items ?? []) + endpoint.pathParameters
        for (key, value) in parameters {
            var wireName = key
            if case .object(let entry) = value, case .string(let name)? = entry.first(where: { $0.0 == "name" })?.1 { wireName = name }
            record(base + "/parameters/" + OANode.escape(key), listed.first { resolveQuietly($0)?["name"]?.string == wireName })
        }
    }
}

extension ImportSourceMap {
    /// The imported spec as the JSON tree the Validator reads, each key and value placed at the
    /// document's place of what it was made from (`documentLocation(ofSpecPointer:)`: its own
    /// recorded place, else that of the nearest value holding it). No text is written or parsed.
    func documentTree(_ spec: ImportJSON) -> JSONNode {
        node(spec, pointer: "", inherited: places[""] ?? documentStart)
    }

    private func node(_ value: ImportJSON, pointer: String, inherited: SourceLocation) -> JSONNode {
        let place = places[pointer] ?? inherited
        switch value {
        case .null: return JSONNode(.null, at: place)
        case let .bool(flag): return JSONNode(.bool(flag), at: place)
        case let .number(text): return JSONNode(.number(text), at: place)
        case let .string(text): return JSONNode(.string(text), at: place)
        case let .array(items):
            return JSONNode(.array(items.enumerated().map { node($1, pointer: pointer + "/\($0)", inherited: place) }), at: place)
        case let .object(members):
            return JSONNode(.object(members.map { key, member in
                let memberPointer = pointer + "/" + OANode.escape(key)
                let value = node(member, pointer: memberPointer, inherited: place)
                return JSONNode.Member(key: key, keyLocation: value.location, value: value)
            }), at: place)
        }
    }
}
