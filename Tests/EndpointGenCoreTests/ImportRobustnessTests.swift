import Foundation
import Testing
import TestSupport
@testable import EndpointGenCore

/// Never a crash, never an invalid spec: each real document with many single nodes replaced by a
/// value of another kind (deterministically chosen) either imports to a spec the Validator accepts,
/// or is reported as an error.
@Suite struct ImportRobustnessTests {
    static let replacements: [ImportJSON] = [
        .null, .bool(true), .number("-1"), .number("1.5e3"), .string(""), .string("{x}"), .string("#/components/schemas/Nope"),
        .array([]), .array([.string("null"), .string("string")]), .object([]),
        .object([("$ref", .string("#/paths"))]), .object([("type", .string("object"))]),
        .object([("oneOf", .array([.object([])]))]), .object([("enum", .array([.string(""), .string("_"), .null]))]),
    ]

    // Google Books (190 kB) is left out to keep the run short; it is imported whole by ImportDocumentTests.
    @Test(arguments: ["pet-store-3.0.json", "tomtom-3.0.json"])
    func mutatedDocumentsImportToValidSpecsOrErrors(_ file: String) throws {
        let data = try Data(contentsOf: try ImportTestSupport.fixture(file))
        var diagnostics = Diagnostics()
        let root = try #require(JSONParser.parse(data, fileName: file, diagnostics: &diagnostics))
        let original = ImportJSON(root)
        let nodeCount = Self.count(original)
        var generator = SplitMix(seed: 42)
        let rounds = file.hasPrefix("tomtom") ? 40 : 80
        for round in 0..<rounds {
            let target = Int.random(in: 0..<nodeCount, using: &generator)
            let replacement = Self.replacements.randomElement(using: &generator) ?? .null
            var index = 0
            let mutated = Self.replace(original, target: target, with: replacement, index: &index)
            let text = ImportJSONWriter.write(mutated)
            let result = OpenAPIImporter.importDocument(Data(text.utf8), fileName: file, name: "Mutated")
            if let spec = result.specJSON {
                let (_, validation) = Generator.validate(specData: Data(spec.utf8), fileName: "Mutated.endpoints.json")
                let errors = validation.all.filter { $0.severity == .error }
                #expect(errors.isEmpty, "round \(round), node \(target) -> \(ImportJSONWriter.compact(replacement)): \(errors.prefix(3).map(\.description))")
            } else {
                #expect(result.diagnostics.hasErrors, "round \(round): no spec and no error")
            }
        }
    }

    /// Unions, discriminators, streams and headers, broken in the ways a document can break them.
    static let versionTwoReplacements: [ImportJSON] = replacements + [
        .object([("oneOf", .array([.object([("$ref", .string("#"))]), .object([("type", .string("integer")), ("enum", .array([.number("1"), .number("1.5")]))])]))]),
        .object([("anyOf", .array([.object([("$ref", .string("#/components/schemas"))]), .bool(true), .number("3")]))]),
        .object([("allOf", .array([.object([("nullable", .bool(true))]), .object([("oneOf", .array([]))])]))]),
        .object([("discriminator", .object([("propertyName", .number("1")), ("mapping", .object([("x", .array([]))]))]))]),
        .object([("type", .array([.string("string"), .string("array"), .string("null")])), ("items", .object([("$ref", .string("#/paths"))]))]),
        .object([("text/event-stream", .object([("itemSchema", .bool(false))])), ("application/jsonl", .string("x"))]),
        .object([("Link", .object([("$ref", .string("#/components/headers/nope"))])), ("", .object([]))]),
    ]

    /// The GitHub-like and OpenAI-like documents, mutated, in both format versions: never a crash,
    /// a spec or an error, the same bytes twice; version 1 specs validate today.
    @Test(arguments: ["github-like-3.0.json", "openai-like-3.0.json"])
    func mutatedIdiomDocumentsImportInBothVersions(_ file: String) throws {
        let data = try Data(contentsOf: try ImportTestSupport.fixture(file))
        var diagnostics = Diagnostics()
        let root = try #require(JSONParser.parse(data, fileName: file, diagnostics: &diagnostics))
        let original = ImportJSON(root)
        let nodeCount = Self.count(original)
        var generator = SplitMix(seed: 7)
        for round in 0..<60 {
            let target = Int.random(in: 0..<nodeCount, using: &generator)
            let replacement = Self.versionTwoReplacements.randomElement(using: &generator) ?? .null
            var index = 0
            let text = Data(ImportJSONWriter.write(Self.replace(original, target: target, with: replacement, index: &index)).utf8)
            for version in ImportFormatVersion.allCases {
                let options = ImportOptions(name: "Mutated", formatVersion: version)
                let result = OpenAPIImporter.importDocument(text, fileName: file, options: options)
                #expect(OpenAPIImporter.importDocument(text, fileName: file, options: options).specJSON == result.specJSON)
                guard let spec = result.specJSON else {
                    #expect(result.diagnostics.hasErrors, "round \(round): no spec and no error")
                    continue
                }
                #expect((try? JSONSerialization.jsonObject(with: Data(spec.utf8))) is [String: Any], "round \(round)")
                if version == .one {
                    let (_, validation) = Generator.validate(specData: Data(spec.utf8), fileName: "Mutated.endpoints.json")
                    let errors = validation.all.filter { $0.severity == .error }
                    #expect(errors.isEmpty, "round \(round), node \(target) -> \(ImportJSONWriter.compact(replacement)): \(errors.prefix(3).map(\.description))")
                }
            }
        }
    }

    static func count(_ value: ImportJSON) -> Int {
        switch value {
        case let .array(items): return 1 + items.map(count).reduce(0, +)
        case let .object(members): return 1 + members.map { count($0.1) }.reduce(0, +)
        default: return 1
        }
    }

    /// The value with its `target`-th node (pre-order) replaced.
    static func replace(_ value: ImportJSON, target: Int, with replacement: ImportJSON, index: inout Int) -> ImportJSON {
        if index == target { index += count(value); return replacement }
        index += 1
        switch value {
        case let .array(items):
            return .array(items.map { replace($0, target: target, with: replacement, index: &index) })
        case let .object(members):
            return .object(members.map { ($0.0, replace($0.1, target: target, with: replacement, index: &index)) })
        default:
            return value
        }
    }
}
