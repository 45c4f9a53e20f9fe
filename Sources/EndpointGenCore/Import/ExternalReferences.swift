// A document split over several files (`$ref: './schemas/pet.yaml'`,
// `$ref: 'common.yaml#/components/schemas/Error'`) put together into one tree, before the importer
// reads it:
//
// - a reference where a schema goes (under `schema`, in `components/schemas` or `definitions`, in a
//   schema's `properties`, `items`, `allOf`...) becomes a component of its own, named after what it
//   points at (`Error`, or the file's name: `pet`), and a local `$ref` to it. So models keep their
//   names, and schemas that refer to each other across files (recursive models) work;
// - any other reference (a path item, an operation, a parameter, a response) is replaced by what
//   it points at. Such references that come back to themselves are an error;
// - only files inside the root document's folder are read, each once; a URL, a file outside the
//   folder, a missing file or a pointer that names nothing is an error at the `$ref`.
//
// Nodes keep the file, line and column they were read from; `sources` maps the pointers of the
// tree to `schemas/pet.yaml#/properties/id`, relative to the root document's folder.

import Foundation

final class ExternalReferences {
    var diagnostics = Diagnostics()
    let sources = ImportPointerMap()

    private let rootFile: String
    private let rootNode: JSONNode
    private let files: ImportFiles?
    /// Where schemas go: `components/schemas` (3.x) or `definitions` (Swagger 2.0).
    private let schemasPath: [String]
    private let schemasPointer: String

    private struct Target: Hashable {
        var file: String
        var fragment: String
    }

    private struct File {
        /// Absolute, symbolic links resolved.
        var path: String
        /// As diagnostics name it: the root document's path as given, others beside it.
        var display: String
        /// Relative to the root document's folder (`schemas/pet.yaml`); "" for the root document.
        var relative: String
        var root: JSONNode
    }

    private var rootPath = ""
    /// The file that holds the schemas' map when the root document refers to one for it.
    private var schemasMapFile: String?
    private var rootDirectory = ""
    private var rootDisplayDirectory = ""
    private var loaded: [String: Result<File, ImportFileError>] = [:]
    private var schemaNames: [Target: String] = [:]
    /// Lowercased, as the importer's UpperCamelCase names would collide.
    private var usedSchemaNames: Set<String> = []
    private var pending: [(target: Target, name: String)] = []
    private var inlining: [Target] = []
    private var inlineCount = 0
    /// References replaced by their target, at most: a few files that each refer to the next twice
    /// would otherwise expand exponentially.
    static let inlineLimit = 100_000

    private enum Context {
        case other
        case schema
        /// An object whose members are schemas (`properties`, `components/schemas`, `definitions`).
        case schemas
        /// Values (examples, defaults, enums): no reference is followed in them.
        case data
    }

    init(rootFile: String, root: JSONNode, files: ImportFiles?, schemasPath: [String]) {
        self.rootFile = rootFile
        self.rootNode = root
        self.files = files
        self.schemasPath = schemasPath
        self.schemasPointer = "#/" + schemasPath.joined(separator: "/")
    }

    /// Whether a `$ref` anywhere in the tree names something other than a pointer into it.
    static func hasExternalReferences(_ node: JSONNode) -> Bool {
        switch node.value {
        case let .object(members):
            for member in members {
                if member.key == "$ref", case let .string(ref) = member.value.value, !ref.hasPrefix("#") { return true }
                if hasExternalReferences(member.value) { return true }
            }
            return false
        case let .array(items):
            return items.contains(where: hasExternalReferences)
        default:
            return false
        }
    }

    func run() -> JSONNode? {
        if let files, rootFile != "<stdin>", rootFile != "-" {
            let absolute = rootFile.hasPrefix("/") ? rootFile : files.currentDirectory + "/" + rootFile
            rootPath = files.realPath(URL(fileURLWithPath: absolute).standardized.path)
            rootDirectory = Self.directory(of: rootPath)
            rootDisplayDirectory = Self.directory(of: rootFile)
            if rootDisplayDirectory == rootFile { rootDisplayDirectory = "" }
            loaded[rootPath] = .success(File(path: rootPath, display: rootFile, relative: "", root: rootNode))
        }
        let root = File(path: rootPath, display: rootFile, relative: "", root: rootNode)

        // A component that is only a reference to another file takes the file's schema under its own name.
        let existing = Self.node(at: schemasPath, in: rootNode)?.importMembers ?? []
        for member in existing { usedSchemaNames.insert(member.key.lowercased()) }
        if !rootPath.isEmpty {
            for member in existing { nameReferencedSchema(of: member, in: root) }
        }

        // The schemas' map may itself be a file (SendGrid's `schemas: {$ref: './spec/components/schemas.json'}`):
        // each schema in it is a component under its own key, so a reference to one from elsewhere
        // (`schemas.json#/campaign_response`) names that component rather than a copy of it.
        if !rootPath.isEmpty, let map = Self.node(at: schemasPath, in: rootNode),
           let ref = map.importMember("$ref")?.importString, !ref.hasPrefix("#"),
           let target = target(of: ref, in: root, at: map, quiet: true), target.file != rootPath,
           let (mapFile, schemas) = resolve(target, at: nil, ref: ref) {
            schemasMapFile = mapFile.path
            for member in schemas.importMembers ?? [] {
                let component = Target(file: target.file, fragment: target.fragment + "/" + OANode.escape(member.key))
                guard schemaNames[component] == nil else { continue }
                schemaNames[component] = member.key
                usedSchemaNames.insert(member.key.lowercased())
                nameReferencedSchema(of: member, in: mapFile)
            }
        }

        var tree = walk(rootNode, in: root, pointer: "#", context: .other)
        var added: [JSONNode.Member] = []
        var index = 0
        while index < pending.count {
            let (target, name) = pending[index]
            index += 1
            guard let (file, node) = resolve(target, at: nil, ref: "") else { continue }
            let pointer = schemasPointer + "/" + OANode.escape(name)
            let content = walk(node, in: file, pointer: pointer, context: .schema)
            sources.record(pointer, sourcePointer(target, file: file))
            added.append(JSONNode.Member(key: name, keyLocation: content.location, value: content))
        }
        if !added.isEmpty { tree = Self.appending(added, at: schemasPath[...], to: tree) }
        return diagnostics.hasErrors ? nil : tree
    }

    /// A component that is only a reference to another file (`Owner: {$ref: './schemas/owner.yaml'}`,
    /// in the root document's schemas or in a file that is their map) gives that file's schema its key.
    private func nameReferencedSchema(of member: JSONNode.Member, in file: File) {
        guard let ref = member.value.importMember("$ref")?.importString, !ref.hasPrefix("#"),
              let target = target(of: ref, in: file, at: member.value, quiet: true), target.file != rootPath,
              schemaNames[target] == nil else { return }
        schemaNames[target] = member.key
    }

    // MARK: Walking

    private func walk(_ node: JSONNode, in file: File, pointer: String, context: Context) -> JSONNode {
        if context == .data { return node }
        switch node.value {
        case let .array(items):
            let itemContext: Context = context == .schemas ? .other : context
            return JSONNode(.array(items.enumerated().map { walk($0.element, in: file, pointer: pointer + "/\($0.offset)", context: itemContext) }),
                            at: node.location)
        case let .object(members):
            if let ref = members.first(where: { $0.key == "$ref" })?.value.importString {
                return reference(ref, node: node, in: file, pointer: pointer, context: context)
            }
            var out: [JSONNode.Member] = []
            out.reserveCapacity(members.count)
            // A discriminator's mapping is read once its alternatives are walked and named.
            var discriminatorIndex: Int?
            for member in members {
                let childPointer = pointer + "/" + OANode.escape(member.key)
                if context == .schema, member.key == "discriminator" {
                    discriminatorIndex = out.count
                    out.append(member)
                    continue
                }
                let child = childContext(member.key, parent: context, pointer: pointer, file: file)
                out.append(JSONNode.Member(key: member.key, keyLocation: member.keyLocation,
                                           value: walk(member.value, in: file, pointer: childPointer, context: child)))
            }
            if let discriminatorIndex {
                out[discriminatorIndex].value = discriminator(out[discriminatorIndex].value, in: file)
            }
            return JSONNode(.object(out), at: node.location)
        default:
            return node
        }
    }

    private func childContext(_ key: String, parent: Context, pointer: String, file: File) -> Context {
        switch parent {
        case .data: return .data
        case .schemas: return .schema
        case .schema:
            switch key {
            case "properties", "patternProperties", "definitions", "$defs", "dependentSchemas": return .schemas
            case "items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else", "additionalItems",
                 "unevaluatedItems", "unevaluatedProperties", "contentSchema", "allOf", "anyOf", "oneOf", "prefixItems":
                return .schema
            default: return .data
            }
        case .other:
            switch key {
            case "schema", "itemSchema": return .schema
            case "schemas" where pointer.hasSuffix("/components"): return .schemas
            case "definitions" where pointer == "#": return .schemas
            // Under `responses`, `default` is the response for any other status, not a value.
            case "default" where pointer.hasSuffix("/responses"): return .other
            case "example", "value", "default", "enum", "const": return .data
            default: return .other
            }
        }
    }

    private func reference(_ ref: String, node: JSONNode, in file: File, pointer: String, context: Context) -> JSONNode {
        // A pointer into the root document stays as it is.
        if ref.hasPrefix("#"), file.relative.isEmpty { return node }
        guard let target = target(of: ref, in: file, at: node, quiet: false) else { return node }
        if target.file == rootPath {
            return replacingReference(in: node, with: "#" + target.fragment)
        }
        if context == .schema {
            if let name = schemaNames[target], pointer == schemasPointer + "/" + OANode.escape(name),
               file.relative.isEmpty || file.path == schemasMapFile {
                // The component that names the file's schema: it holds the schema itself.
                guard let (targetFile, targetNode) = resolve(target, at: node, ref: ref) else { return node }
                sources.record(pointer, sourcePointer(target, file: targetFile))
                return walk(targetNode, in: targetFile, pointer: pointer, context: .schema)
            }
            guard resolve(target, at: node, ref: ref) != nil else { return node }
            return replacingReference(in: node, with: schemasPointer + "/" + OANode.escape(schemaName(for: target)))
        }
        if inlining.contains(target) {
            diagnostics.error("'\(ref)' leads back to itself through other references; only schemas may refer to themselves",
                              at: node.importMember("$ref")?.location ?? node.location)
            return node
        }
        inlineCount += 1
        guard inlineCount <= Self.inlineLimit else {
            if inlineCount == Self.inlineLimit + 1 {
                diagnostics.error("the document's references expand to more than \(Self.inlineLimit) copies; not followed",
                                  at: node.importMember("$ref")?.location ?? node.location)
            }
            return node
        }
        guard let (targetFile, targetNode) = resolve(target, at: node, ref: ref) else { return node }
        inlining.append(target)
        defer { inlining.removeLast() }
        sources.record(pointer, sourcePointer(target, file: targetFile))
        return walk(targetNode, in: targetFile, pointer: pointer, context: context)
    }

    /// A discriminator whose `mapping` names schemas by reference (DigitalOcean's
    /// `A: 'models/domain_record_types.yml#/domain_record_a'`): each such value names the component
    /// its schema became as an alternative, as the alternatives' `$ref`s do, so the importer matches
    /// them. A bare schema name, a pointer into the root document, and a schema that is no
    /// alternative's stay as written. Read after the alternatives are walked.
    private func discriminator(_ node: JSONNode, in file: File) -> JSONNode {
        guard var members = node.importMembers, let index = members.firstIndex(where: { $0.key == "mapping" }),
              var mapping = members[index].value.importMembers else { return node }
        for position in mapping.indices {
            guard case let .string(value) = mapping[position].value.value else { continue }
            let isReference = value.contains("#") || value.contains("/") || [".yaml", ".yml", ".json"].contains { value.lowercased().hasSuffix($0) }
            guard isReference, !(value.hasPrefix("#") && file.relative.isEmpty),
                  let target = target(of: value, in: file, at: mapping[position].value, quiet: true) else { continue }
            let ref: String
            if target.file == rootPath {
                ref = "#" + target.fragment
            } else {
                // Only a schema that is a component already (an alternative's): one that is not is
                // left as written, for the importer to report as no alternative.
                guard let name = schemaNames[target] else { continue }
                ref = schemasPointer + "/" + OANode.escape(name)
            }
            mapping[position].value = .string(ref, at: mapping[position].value.location)
        }
        members[index].value = JSONNode(.object(mapping), at: members[index].value.location)
        return JSONNode(.object(members), at: node.location)
    }

    private func replacingReference(in node: JSONNode, with ref: String) -> JSONNode {
        guard let members = node.importMembers else { return node }
        return JSONNode(.object(members.map { member in
            guard member.key == "$ref" else { return member }
            return JSONNode.Member(key: "$ref", keyLocation: member.keyLocation, value: .string(ref, at: member.value.location))
        }), at: node.location)
    }

    private func schemaName(for target: Target) -> String {
        if let name = schemaNames[target] { return name }
        var base: String
        if let last = target.fragment.split(separator: "/").last {
            base = OANode.unescape(String(last))
        } else {
            base = (target.file as NSString).lastPathComponent
            if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        }
        if base.isEmpty { base = "Schema" }
        var name = base
        var number = 2
        while usedSchemaNames.contains(name.lowercased()) {
            name = "\(base)\(number)"
            number += 1
        }
        usedSchemaNames.insert(name.lowercased())
        schemaNames[target] = name
        pending.append((target, name))
        return name
    }

    private func sourcePointer(_ target: Target, file: File) -> String {
        file.relative + "#" + target.fragment
    }

    // MARK: Files

    /// The file and pointer `ref` names, relative to `file`; nil (reported unless `quiet`) when it
    /// cannot be read.
    private func target(of ref: String, in file: File, at node: JSONNode, quiet: Bool) -> Target? {
        func fail(_ message: String) -> Target? {
            if !quiet { diagnostics.error(message, at: node.importMember("$ref")?.location ?? node.location) }
            return nil
        }
        let hash = ref.firstIndex(of: "#")
        let pathPart = String(ref[..<(hash ?? ref.endIndex)])
        let fragment = hash.map { String(ref[ref.index(after: $0)...]) } ?? ""
        if !fragment.isEmpty, !fragment.hasPrefix("/") {
            return fail("'\(ref)': only JSON pointers (#/...) are followed after '#'")
        }
        if pathPart.isEmpty { return Target(file: file.path, fragment: fragment) }
        if pathPart.contains("://") || pathPart.hasPrefix("//") || pathPart.lowercased().hasPrefix("urn:") {
            return fail("'\(ref)' is a URL; only references to files beside the document are followed (download it and refer to the file)")
        }
        guard let files, !rootPath.isEmpty else {
            return fail(files == nil
                ? "'\(ref)' refers to another file; other files are not read here"
                : "'\(ref)' refers to another file, which cannot be read for a document read from standard input")
        }
        let decoded = pathPart.removingPercentEncoding ?? pathPart
        let absolute = decoded.hasPrefix("/") ? decoded : Self.directory(of: file.path) + "/" + decoded
        let path = files.realPath(URL(fileURLWithPath: absolute).standardized.path)
        let inside = rootDirectory == "/" ? path.hasPrefix("/") : path.hasPrefix(rootDirectory + "/")
        guard inside else {
            return fail("'\(ref)' leaves the document's folder; only files in '\(rootDisplayDirectory.isEmpty ? "." : rootDisplayDirectory)' and below are read")
        }
        if case let .failure(error)? = load(path) {
            return fail("cannot read '\(display(of: path))' (referenced as '\(ref)'): \(error.message)")
        }
        return Target(file: path, fragment: fragment)
    }

    private func display(of path: String) -> String {
        let relative = String(path.dropFirst(rootDirectory == "/" ? 1 : rootDirectory.count + 1))
        return rootDisplayDirectory.isEmpty ? relative : rootDisplayDirectory + "/" + relative
    }

    /// Reads and parses a file, once.
    private func load(_ path: String) -> Result<File, ImportFileError>? {
        if let known = loaded[path] { return known }
        guard let files else { return nil }
        let result: Result<File, ImportFileError>
        switch files.read(path) {
        case let .failure(error):
            result = .failure(error)
        case let .success(data):
            let display = display(of: path)
            var parseDiagnostics = Diagnostics()
            let node = DocumentFormat.detect(data, fileName: display).parse(data, fileName: display, diagnostics: &parseDiagnostics)
            diagnostics.append(contentsOf: parseDiagnostics)
            if let node, !parseDiagnostics.hasErrors {
                let relative = String(path.dropFirst(rootDirectory == "/" ? 1 : rootDirectory.count + 1))
                result = .success(File(path: path, display: display, relative: relative, root: node))
            } else {
                result = .failure(ImportFileError("it is not valid JSON or YAML"))
            }
        }
        loaded[path] = result
        return result
    }

    /// The file and node a target names; nil (reported at `node` when given) when the pointer names nothing.
    private func resolve(_ target: Target, at node: JSONNode?, ref: String) -> (File, JSONNode)? {
        guard case let .success(file)? = loaded[target.file] else { return nil }
        var current = file.root
        if !target.fragment.isEmpty {
            for token in target.fragment.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
                let key = OANode.unescape(String(token))
                if let items = current.importItems, let index = Int(key), items.indices.contains(index) {
                    current = items[index]
                } else if let next = current.importMember(key) {
                    current = next
                } else {
                    if let node {
                        diagnostics.error("'\(ref)' does not resolve: \(file.display) has nothing at '#\(target.fragment)'",
                                          at: node.importMember("$ref")?.location ?? node.location)
                    }
                    return nil
                }
            }
        }
        return (file, current)
    }

    // MARK: Helpers

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func node(at path: [String], in root: JSONNode) -> JSONNode? {
        var current = root
        for key in path {
            guard let next = current.importMember(key) else { return nil }
            current = next
        }
        return current
    }

    /// `tree` with `members` appended to the object at `path` (made when missing).
    private static func appending(_ members: [JSONNode.Member], at path: ArraySlice<String>, to tree: JSONNode) -> JSONNode {
        guard let key = path.first else {
            return JSONNode(.object((tree.importMembers ?? []) + members), at: tree.location)
        }
        var existing = tree.importMembers ?? []
        if let index = existing.firstIndex(where: { $0.key == key }) {
            existing[index].value = appending(members, at: path.dropFirst(), to: existing[index].value)
        } else {
            let empty = JSONNode(.object([]), at: members[0].keyLocation)
            existing.append(JSONNode.Member(key: key, keyLocation: members[0].keyLocation,
                                            value: appending(members, at: path.dropFirst(), to: empty)))
        }
        return JSONNode(.object(existing), at: tree.location)
    }
}
