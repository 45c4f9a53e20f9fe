import Foundation
import Testing
@testable import EndpointGenCore

/// specs/endpoint-spec.schema.json must describe exactly the keys and values the Validator accepts.
@Suite struct ValidatorSchemaTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schemaURL = repositoryRoot.appendingPathComponent("specs/endpoint-spec.schema.json")

    static func loadSchema() throws -> JSONNode {
        var diagnostics = Diagnostics()
        let node = JSONParser.parse(try Data(contentsOf: schemaURL), fileName: "endpoint-spec.schema.json", diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        return try #require(node)
    }

    /// The value at a path of object keys and array indices.
    static func value(_ node: JSONNode, _ path: [String]) -> JSONNode? {
        var current = node
        for step in path {
            switch current.value {
            case .object(let members):
                guard let next = members.first(where: { $0.key == step })?.value else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(step), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    static func keys(_ node: JSONNode, _ path: [String]) -> [String] {
        guard let object = value(node, path), case .object(let members) = object.value else { return [] }
        return members.map(\.key)
    }

    static func strings(_ node: JSONNode, _ path: [String]) -> [String] {
        guard let array = value(node, path), case .array(let elements) = array.value else { return [] }
        return elements.compactMap { if case .string(let text) = $0.value { return text } else { return nil } }
    }

    @Test func everyAcceptedKeyIsInTheSchemaAndNoOther() throws {
        let schema = try Self.loadSchema()
        let pairs: [([String], [String])] = [
            (["properties"], SpecKeys.topLevel),
            (["$defs", "group", "properties"], SpecKeys.group),
            (["$defs", "endpoint", "properties"], SpecKeys.endpoint),
            (["$defs", "parameterObject", "properties"], SpecKeys.parameter),
            (["$defs", "bodyObject", "properties"], SpecKeys.body),
            (["$defs", "responseObject", "properties"], SpecKeys.response),
            (["$defs", "apiKeyAuth", "properties"], SpecKeys.auth),
            (["$defs", "objectModel", "properties"], SpecKeys.objectModel),
            (["$defs", "enumModel", "properties"], SpecKeys.enumModel),
            (["$defs", "oneOfModel", "properties"], SpecKeys.oneOfModel),
            (["$defs", "anyOfModel", "properties"], SpecKeys.anyOfModel),
            (["$defs", "discriminatorObject", "properties"], SpecKeys.discriminator),
            (["$defs", "propertyObject", "properties"], SpecKeys.property),
            (["$defs", "pagination", "properties"], SpecKeys.pagination),
        ]
        for (path, accepted) in pairs {
            #expect(Set(Self.keys(schema, path)) == Set(accepted), "\(path.joined(separator: "/"))")
        }
        // Every object in the schema that lists properties refuses others, as the Validator does.
        for (path, _) in pairs {
            let owner = Array(path.dropLast())
            #expect(Self.value(schema, owner + ["additionalProperties"])?.value == .bool(false), "\(owner)")
        }
    }

    @Test func everyAcceptedValueIsInTheSchema() throws {
        let schema = try Self.loadSchema()
        #expect(Self.strings(schema, ["$defs", "endpoint", "properties", "method", "enum"]) == SpecKeys.methods)
        #expect(Self.strings(schema, ["properties", "dateFormat", "enum"]) == SpecKeys.dateFormats)
        #expect(Self.strings(schema, ["$defs", "bodyObject", "properties", "encoding", "enum"]) == SpecKeys.encodings)
        #expect(Self.strings(schema, ["$defs", "parameterObject", "properties", "style", "enum"]) == SpecKeys.styles)
        #expect(Self.strings(schema, ["$defs", "responseObject", "properties", "stream", "enum"]) == SpecKeys.streams)
        #expect(Self.strings(schema, ["$defs", "parameterObject", "properties", "in", "enum"]) == SpecKeys.parameterLocations)
        #expect(Self.strings(schema, ["$defs", "apiKeyAuth", "properties", "in", "enum"]) == Auth.APIKeyLocation.allCases.map(\.rawValue))
        #expect(Self.strings(schema, ["$defs", "auth", "oneOf", "0", "enum"]) + ["apiKey"] == SpecKeys.authNames)
        #expect(Self.strings(schema, ["$defs", "pagination", "properties", "style", "enum"]) == SpecKeys.paginationStyles)
        #expect(Self.strings(schema, ["required"]) == ["baseURL"])
        #expect(Self.strings(schema, ["$defs", "endpoint", "required"]) == ["method"])
    }

    /// The example specs the Validator accepts also pass the schema, checked by python3's
    /// `jsonschema` where it is installed (the test is skipped elsewhere).
    @Test(.enabled(if: pythonJSONSchemaAvailable()))
    func exampleSpecsPassTheSchema() throws {
        let root = Self.repositoryRoot
        var specs = [root.appendingPathComponent("Tests/EndpointGenCoreTests/Fixtures/ValidSpecs/StravaAPI.endpoints.json")]
        if let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent("specs"), includingPropertiesForKeys: nil) {
            for case let url as URL in enumerator where url.lastPathComponent.hasSuffix(".endpoints.json") { specs.append(url) }
        }
        specs.sort { $0.path < $1.path }
        #expect(specs.count >= 2)
        for spec in specs {
            let (validated, diagnostics) = Generator.validate(specData: try Data(contentsOf: spec), fileName: spec.lastPathComponent,
                                                              moduleTypes: ReferenceTests.moduleTypes)
            #expect(validated != nil, "\(spec.lastPathComponent): \(diagnostics.all.prefix(3))")
        }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1], encoding="utf-8"))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            failed = 0
            for path in sys.argv[2:]:
                for error in validator.iter_errors(json.load(open(path, encoding="utf-8"))):
                    failed += 1
                    print(path, list(error.absolute_path), error.message[:200])
            sys.exit(1 if failed else 0)
            """
        let (status, output) = try runPython(script, arguments: [Self.schemaURL.path] + specs.map(\.path))
        #expect(status == 0, "\(output)")
    }

    /// The schema refuses what the Validator refuses structurally (a few bad specs from the corpus).
    @Test(.enabled(if: pythonJSONSchemaAvailable()))
    func schemaRefusesStructurallyBadSpecs() throws {
        let directory = fixturesDirectory.appendingPathComponent("BadSpecs")
        let files = ["UnknownTopLevelKeys", "UnknownEndpointKeys", "UnknownNestedKeys", "UnknownMethods", "MissingMethod",
                     "MissingBaseURL", "BadDateFormat", "BadEncodings", "UnknownAuth", "BadStatusCodes", "WrongValueTypes", "BadModels",
                     "BadAuthAlternatives", "BadGroupAndEndpointBaseURLs", "BadStatusAndErrorHeaders"]
        let script = """
            import json, sys, jsonschema
            validator = jsonschema.Draft202012Validator(json.load(open(sys.argv[1], encoding="utf-8")))
            accepted = [p for p in sys.argv[2:] if validator.is_valid(json.load(open(p, encoding="utf-8")))]
            print("\\n".join(accepted))
            sys.exit(1 if accepted else 0)
            """
        let paths = files.map { directory.appendingPathComponent($0 + ".endpoints.json").path }
        let (status, output) = try runPython(script, arguments: [Self.schemaURL.path] + paths)
        #expect(status == 0, "accepted by the schema: \(output)")
    }
}

func pythonJSONSchemaAvailable() -> Bool {
    (try? runPython("import jsonschema", arguments: []).status) == 0
}

func runPython(_ script: String, arguments: [String]) throws -> (status: Int32, output: String) {
    try runTool(["python3", "-c", script] + arguments)
}

/// Runs a tool found on the PATH; returns its exit status and its standard output and error together.
func runTool(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
