// The stages in front of the OpenAPI 3 importer. A document split over several files is put
// together into one tree (`ExternalReferences`), and a Swagger 2.0 document is translated into
// the OpenAPI 3.0 tree the importer reads (`Swagger2Converter`). Every node keeps the line and
// column (and file) it was read from, and `ImportPointerMap` turns the JSON pointers of the tree the
// importer walks back into the pointers of what was written, so a warning names the user's own
// document: `#/definitions/Pet/properties/id`, `schemas/pet.yaml#/properties/id`.

import Foundation

/// How the importer reads the files a document refers to (`$ref: './schemas/pet.yaml'`). The library
/// does not touch the disk itself: the command line passes `ImportFiles.disk`-like readers.
package struct ImportFiles: Sendable {
    /// The bytes of the file at `path` (absolute, standardized), or an error message
    /// (`no such file`).
    package var read: @Sendable (_ path: String) -> Result<Data, ImportFileError>
    /// `path` (absolute) with its symbolic links resolved, to check that a reference stays inside
    /// the root document's folder.
    package var realPath: @Sendable (_ path: String) -> String
    /// The current directory, to make a relative document path absolute.
    package var currentDirectory: String

    package init(read: @escaping @Sendable (String) -> Result<Data, ImportFileError>,
                realPath: @escaping @Sendable (String) -> String = { $0 },
                currentDirectory: String) {
        self.read = read
        self.realPath = realPath
        self.currentDirectory = currentDirectory
    }
}

package struct ImportFileError: Error, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}

/// Pointers of the tree the importer reads -> pointers of what was written. Only nodes whose place
/// changed are recorded; the rest follow from their nearest recorded ancestor
/// (`#/components/schemas` -> `#/definitions`, so `#/components/schemas/Pet/properties/id` ->
/// `#/definitions/Pet/properties/id`). Looked up only when a warning is given.
final class ImportPointerMap {
    private var entries: [String: String] = [:]
    /// A map applied after this one (the files a Swagger 2.0 document was put together from).
    var next: ImportPointerMap?
    /// Records the entries a pointer needs, when they are recorded on demand.
    var fill: ((String) -> Void)?
    /// Turns a mapped pointer into the written one where the translation moved a node inside what
    /// it copied (a Swagger 2.0 `items` list read as `anyOf`).
    var correct: ((String) -> String)?

    var isEmpty: Bool { entries.isEmpty }

    func record(_ pointer: String, _ source: String) {
        entries[pointer] = source
    }

    /// The written pointer of `pointer`: its own entry, else its nearest recorded ancestor's with the
    /// rest appended, else itself. Then through `next`.
    func source(of pointer: String) -> String {
        fill?(pointer)
        var mapped = pointer
        if !entries.isEmpty {
            var prefix = Substring(pointer)
            while true {
                if let found = entries[String(prefix)] {
                    mapped = found + pointer.dropFirst(prefix.count)
                    break
                }
                guard let slash = prefix.lastIndex(of: "/") else { break }
                prefix = prefix[..<slash]
            }
        }
        if let correct { mapped = correct(mapped) }
        return next?.source(of: mapped) ?? mapped
    }

    /// A pointer as the importer prints it: one pointer, or `<use> (<component>)` for a referenced
    /// parameter; each part is translated.
    func translate(_ text: String) -> String {
        if text.hasSuffix(")"), let open = text.range(of: " (#", options: .backwards) {
            let use = String(text[..<open.lowerBound])
            let target = String(text[text.index(open.lowerBound, offsetBy: 2)..<text.index(before: text.endIndex)])
            let first = source(of: use)
            let second = source(of: target)
            return first == second ? first : "\(first) (\(second))"
        }
        return source(of: text)
    }

    /// A message with each word that is a pointer (`alternative #/components/schemas/A/oneOf/0 is ...`)
    /// translated.
    func translatePointers(in message: String) -> String {
        guard message.contains(" #/") else { return message }
        return message.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.hasPrefix("#/") ? source(of: String(word)) : String(word)
        }.joined(separator: " ")
    }
}

/// A warning a stage gives before the importer runs, its pointer already the written one.
struct ImportStageWarning {
    var kind: ImportWarning
    var pointer: String
    var location: SourceLocation
    var message: String
}

enum ImportFrontEnd {
    struct Prepared {
        var root: JSONNode
        var sources: ImportPointerMap?
        var warnings: [ImportStageWarning]
    }

    /// The tree the importer reads: `root` with other files' references followed and a Swagger 2.0
    /// document translated. Nil when that fails (the errors are in `diagnostics`).
    static func prepare(_ root: JSONNode, fileName: String, files: ImportFiles?, diagnostics: inout Diagnostics) -> Prepared? {
        var tree = root
        var fileSources: ImportPointerMap?
        var warnings: [ImportStageWarning] = []
        let swagger = Swagger2Converter.swaggerVersion(of: root)
        if ExternalReferences.hasExternalReferences(root) {
            let bundler = ExternalReferences(rootFile: fileName, root: root, files: files,
                                             schemasPath: swagger != nil ? ["definitions"] : ["components", "schemas"])
            let bundled = bundler.run()
            diagnostics.append(contentsOf: bundler.diagnostics)
            guard let bundled, !diagnostics.hasErrors else { return nil }
            tree = bundled
            fileSources = bundler.sources
        }
        if let swagger {
            guard swagger.version == "2.0" else {
                diagnostics.error("this is a Swagger \(swagger.version) document; only Swagger 2.0 and OpenAPI 3.0 and 3.1 are read",
                                  at: swagger.location)
                return nil
            }
            let sources = ImportPointerMap()
            let converter = Swagger2Converter(root: tree, sources: sources)
            let converted = converter.convert()
            diagnostics.append(contentsOf: converter.diagnostics)
            guard let converted, !diagnostics.hasErrors else { return nil }
            // The converter's own warnings name 2.0 pointers: only the files' map applies to them.
            warnings = converter.warnings.map { warning in
                var warning = warning
                if let fileSources { warning.pointer = fileSources.translate(warning.pointer) }
                return warning
            }
            sources.next = fileSources
            sources.fill = { [converter] pointer in converter.fillSources(for: pointer) }
            sources.correct = { [converter] pointer in converter.writtenPointer(pointer) }
            return Prepared(root: converted, sources: sources, warnings: warnings)
        }
        return Prepared(root: tree, sources: fileSources, warnings: warnings)
    }
}

extension OpenAPIImportContext {
    /// A stage's warning, counted and reported like the importer's own (its pointer is not translated again).
    func stageWarning(_ warning: ImportStageWarning) {
        guard reported.insert("\(warning.location) \(warning.pointer) \(warning.message)").inserted else { return }
        diagnostics.warning("\(warning.pointer): \(warning.message)", at: warning.location)
        warningCounts[warning.kind.rawValue, default: 0] += 1
    }
}

/// Building JSON nodes that keep the place they stand for.
extension JSONNode {
    static func object(_ members: [(String, JSONNode)], at location: SourceLocation) -> JSONNode {
        JSONNode(.object(members.map { JSONNode.Member(key: $0.0, keyLocation: $0.1.location, value: $0.1) }), at: location)
    }

    static func string(_ text: String, at location: SourceLocation) -> JSONNode {
        JSONNode(.string(text), at: location)
    }

    func importMember(_ key: String) -> JSONNode? {
        guard case let .object(members) = value else { return nil }
        // Lengths first: most keys differ in length, which is cheaper to see than a string comparison.
        let length = key.utf8.count
        return members.first(where: { $0.key.utf8.count == length && $0.key == key })?.value
    }

    var importMembers: [JSONNode.Member]? {
        guard case let .object(members) = value else { return nil }
        return members
    }

    var importItems: [JSONNode]? {
        guard case let .array(items) = value else { return nil }
        return items
    }

    var importString: String? {
        guard case let .string(text) = value else { return nil }
        return text
    }
}
