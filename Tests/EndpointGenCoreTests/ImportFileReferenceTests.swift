import Foundation
import Synchronization
import Testing
@testable import EndpointGenCore

/// Documents split over several files, written by each test into a temporary folder: references to
/// files in the root document's folder are followed, each file is read once, and problems are errors
/// at the `$ref`, in the file that holds it.
@Suite struct ImportFileReferenceTests {
    /// A temporary folder and an `ImportFiles` reading it that counts each file's reads.
    final class Tree: Sendable {
        let root: URL
        let reads = Mutex<[String: Int]>([:])

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-gen-refs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        var files: ImportFiles {
            ImportFiles(
                read: { [self] path in
                    reads.withLock { $0[path, default: 0] += 1 }
                    guard let data = FileManager.default.contents(atPath: path) else { return .failure(ImportFileError("no such file")) }
                    return .success(data)
                },
                realPath: { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path },
                currentDirectory: root.path)
        }

        /// Imports `path` (relative to the folder, as a command run there would name it).
        func importDocument(_ path: String, version: ImportFormatVersion = .two) throws -> (ImportResult, [String]) {
            let data = try Data(contentsOf: root.appendingPathComponent(path))
            let result = OpenAPIImporter.importDocument(data, fileName: path, options: ImportOptions(name: "Split", formatVersion: version),
                                                        files: files)
            return (result, result.diagnostics.sorted.map(\.description))
        }
    }

    static func spec(_ result: ImportResult) -> [String: Any] {
        result.specJSON.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
    }

    static let root = """
        openapi: 3.0.3
        info: {title: Split, version: '1'}
        servers:
        - url: https://split.example.com
        paths:
          /pets:
            $ref: './paths/pets.yaml'
          /pets/{id}:
            get:
              operationId: getPet
              parameters:
              - $ref: 'common.yaml#/components/parameters/id'
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        $ref: './schemas/pet.yaml'
                '404':
                  $ref: 'common.yaml#/components/responses/NotFound'
        components:
          schemas:
            Owner:
              $ref: './schemas/owner.yaml'
        """

    static func writeTree(_ tree: Tree) throws {
        try tree.write("api/openapi.yaml", root)
        try tree.write("api/paths/pets.yaml", """
            get:
              operationId: listPets
              parameters:
              - name: Accept
                in: header
                schema: {type: string}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: array
                        items:
                          $ref: '../schemas/pet.yaml'
            """)
        try tree.write("api/schemas/pet.yaml", """
            type: object
            required: [id]
            properties:
              id: {type: integer, format: int64}
              owner:
                $ref: './owner.yaml'
              friends:
                type: array
                items:
                  $ref: '#'
            """)
        try tree.write("api/schemas/owner.yaml", """
            type: object
            properties:
              name: {type: string}
              pets:
                type: array
                items:
                  $ref: './pet.yaml'
            """)
        try tree.write("api/common.yaml", """
            components:
              parameters:
                id: {name: id, in: path, required: true, schema: {type: integer, format: int64}}
              responses:
                NotFound:
                  description: not found
                  content:
                    application/json:
                      schema:
                        $ref: '#/components/schemas/Problem'
              schemas:
                Problem:
                  type: object
                  properties:
                    message: {type: string, maxLength: [1]}
            """)
    }

    @Test func aTreeOfFilesImportsWithModelsNamedAfterTheirFiles() throws {
        let tree = try Tree()
        try Self.writeTree(tree)
        let (result, lines) = try tree.importDocument("api/openapi.yaml")
        #expect(!result.diagnostics.hasErrors, "\(lines)")
        let spec = Self.spec(result)
        let models = try #require(spec["models"] as? [String: Any])
        // `Owner` names its file's schema; the others are named after their file or pointer.
        #expect(Set(models.keys) == ["Owner", "Pet", "Problem"])
        // Models that refer to each other across files (and a file to itself, `#`) stay typed.
        let pet = try #require((models["Pet"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(pet["owner"] as? String == "Owner?")
        #expect(pet["friends"] as? String == "[Pet]?")
        #expect(((models["Owner"] as? [String: Any])?["properties"] as? [String: Any])?["pets"] as? String == "[Pet]?")
        let endpoints = try #require(((spec["groups"] as? [String: Any])?["pets"] as? [String: Any])?["endpoints"] as? [String: Any])
        #expect((endpoints["listPets"] as? [String: Any])?["response"] as? String == "[Pet]")
        let getPet = try #require(endpoints["getPet"] as? [String: Any])
        #expect(getPet["parameters"] as? [String: String] == ["id": "Int64"])
        #expect(getPet["errors"] as? [String: String] == ["404": "Problem"])

        // A warning about a node of another file names that file, its line and column, and its own pointer.
        #expect(lines == ["api/paths/pets.yaml:4:5: warning: paths/pets.yaml#/get/parameters/0: header parameter 'Accept' is set by the runtime (OpenAPI ignores it too); dropped"])

        // Each file is read once (the root document is given as data).
        let reads = tree.reads.withLock { $0 }
        #expect(reads.count == 4)
        #expect(reads.values.allSatisfy { $0 == 1 }, "\(reads)")

        let generated = Generator.generate(specData: Data(try #require(result.specJSON).utf8), fileName: "Split.endpoints.json",
                                           options: GeneratorOptions())
        #expect(generated.diagnostics.all.filter { $0.severity == .error }.isEmpty)
    }

    @Test func referencesThatCannotBeFollowedAreErrorsAtTheirPosition() throws {
        let tree = try Tree()
        try Self.writeTree(tree)
        try tree.write("outside.yaml", "type: string\n")
        try tree.write("api/loop1.yaml", "get: {$ref: './loop2.yaml'}\n")
        try tree.write("api/loop2.yaml", "$ref: './loop1.yaml#/get'\n")
        try tree.write("api/bad.yaml", """
            openapi: 3.0.3
            info: {title: Bad, version: '1'}
            paths:
              /a:
                $ref: 'https://example.com/a.yaml'
              /b:
                $ref: '../outside.yaml'
              /c:
                $ref: './nope.yaml'
              /d:
                $ref: './loop1.yaml'
              /e:
                $ref: 'common.yaml#/nothing/here'
              /f:
                $ref: 'common.yaml#anchor'
            """)
        let (result, lines) = try tree.importDocument("api/bad.yaml")
        #expect(result.specJSON == nil)
        #expect(lines == [
            "api/bad.yaml:5:11: error: 'https://example.com/a.yaml' is a URL; only references to files beside the document are followed (download it and refer to the file)",
            "api/bad.yaml:7:11: error: '../outside.yaml' leaves the document's folder; only files in 'api' and below are read",
            "api/bad.yaml:9:11: error: cannot read 'api/nope.yaml' (referenced as './nope.yaml'): no such file",
            "api/bad.yaml:13:11: error: 'common.yaml#/nothing/here' does not resolve: api/common.yaml has nothing at '#/nothing/here'",
            "api/bad.yaml:15:11: error: 'common.yaml#anchor': only JSON pointers (#/...) are followed after '#'",
            "api/loop1.yaml:1:13: error: './loop2.yaml' leads back to itself through other references; only schemas may refer to themselves",
        ])
        #expect(tree.reads.withLock { $0 }.keys.contains { $0.hasSuffix("outside.yaml") } == false)
    }

    @Test func aSymbolicLinkOutOfTheFolderIsRefused() throws {
        let tree = try Tree()
        try tree.write("secret/data.yaml", "type: string\n")
        try tree.write("api/openapi.json", """
            {"openapi": "3.0.3", "info": {"title": "L", "version": "1"}, "servers": [{"url": "https://l.example.com"}],
             "paths": {"/a": {"get": {"operationId": "a", "responses": {"200": {"description": "ok",
               "content": {"application/json": {"schema": {"$ref": "link/data.yaml"}}}}}}}}}
            """)
        try FileManager.default.createSymbolicLink(at: tree.root.appendingPathComponent("api/link"),
                                                   withDestinationURL: tree.root.appendingPathComponent("secret"))
        let (result, lines) = try tree.importDocument("api/openapi.json")
        #expect(result.specJSON == nil)
        #expect(lines == ["api/openapi.json:3:56: error: 'link/data.yaml' leaves the document's folder; only files in 'api' and below are read"])
    }

    @Test func withoutFileAccessOrFromStandardInputOtherFilesAreErrors() throws {
        let document = Data(#"{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"$ref": "a.yaml"}}}"#.utf8)
        let noFiles = OpenAPIImporter.importDocument(document, fileName: "api.json", options: ImportOptions())
        #expect(noFiles.specJSON == nil)
        #expect(noFiles.diagnostics.sorted.map(\.description) == ["api.json:1:87: error: 'a.yaml' refers to another file; other files are not read here"])
        let tree = try Tree()
        let stdin = OpenAPIImporter.importDocument(document, fileName: "<stdin>", options: ImportOptions(), files: tree.files)
        #expect(stdin.diagnostics.sorted.first?.description.contains("cannot be read for a document read from standard input") == true)
    }

    /// A Swagger 2.0 document split over files: definitions from another file, warnings naming that
    /// file's own pointer.
    @Test func aSplitSwagger2Document() throws {
        let tree = try Tree()
        try tree.write("swagger.yaml", """
            swagger: '2.0'
            info: {title: S, version: '1'}
            host: s.example.com
            schemes: [https]
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                  - $ref: 'parameters.yaml#/tags'
                  responses:
                    '200':
                      description: ok
                      schema:
                        type: array
                        items: {$ref: 'definitions.yaml#/Item'}
            """)
        try tree.write("parameters.yaml", """
            tags:
              name: tags
              in: query
              type: array
              items: {type: string}
              collectionFormat: tsv
            """)
        try tree.write("definitions.yaml", """
            Item:
              type: object
              properties:
                id: {type: integer}
                parent: {$ref: '#/Item'}
            """)
        let (result, lines) = try tree.importDocument("swagger.yaml")
        #expect(!result.diagnostics.hasErrors, "\(lines)")
        let spec = Self.spec(result)
        #expect(((spec["models"] as? [String: Any])?["Item"] as? [String: Any]) != nil)
        #expect(lines == ["parameters.yaml:6:21: warning: parameters.yaml#/tags/collectionFormat: collectionFormat 'tsv' of 'tags' has no OpenAPI 3 equivalent; sent as form (name=a&name=b)"])
    }

    /// DigitalOcean's tree: every operation's `default` response is a reference to a shared file.
    /// Under `responses`, `default` is a response to follow, not a value to keep as written (656
    /// of DigitalOcean's operations lost their error response to that, each with a warning); a
    /// schema's `default` stays a value.
    @Test func aDefaultResponseInAnotherFileIsFollowed() throws {
        let tree = try Tree()
        try tree.write("spec/api.yaml", """
            openapi: 3.0.3
            info: {title: Split, version: '1'}
            servers:
            - url: https://split.example.com
            paths:
              /v2/items:
                get:
                  $ref: 'resources/items/list.yml'
            """)
        try tree.write("spec/resources/items/list.yml", """
            operationId: listItems
            parameters:
            - name: per_page
              in: query
              schema: {type: integer, default: 20}
            responses:
              '200':
                description: ok
                content:
                  application/json:
                    schema: {type: array, items: {type: string}}
              default:
                $ref: '../../shared/responses/unexpected_error.yml'
            """)
        try tree.write("spec/shared/responses/unexpected_error.yml", """
            description: There was an unexpected error.
            content:
              application/json:
                schema:
                  $ref: '../models/problem.yml'
            """)
        try tree.write("spec/shared/models/problem.yml", """
            type: object
            properties:
              id: {type: string}
              message: {type: string}
            """)
        let (result, lines) = try tree.importDocument("spec/api.yaml")
        #expect(!result.diagnostics.hasErrors, "\(lines)")
        #expect(lines.isEmpty, "\(lines)")
        let spec = Self.spec(result)
        #expect((spec["models"] as? [String: Any])?["Problem"] != nil, "\((spec["models"] as? [String: Any])?.keys.sorted() ?? [])")
        let endpoints = try #require(((spec["groups"] as? [String: Any])?["items"] as? [String: Any])?["endpoints"] as? [String: Any])
        let list = try #require(endpoints["listItems"] as? [String: Any], "\(endpoints.keys.sorted())")
        #expect((list["errors"] as? [String: String])?["default"] == "Problem", "\(list)")
        // The parameter's `default` is still a value.
        let perPage = try #require((list["parameters"] as? [String: Any])?["per_page"] as? [String: Any], "\(list)")
        #expect((perPage["default"] as? NSNumber)?.intValue == 20, "\(perPage)")
    }

    /// SendGrid's tree: the schemas' map is a file (`schemas: {$ref: './schemas.json'}`), and
    /// operations refer to its members (`schemas.json#/campaign_response`). Each is one model under
    /// its own key; before, every schema referred to that way was a second model (`CampaignResponse2`,
    /// 136 of SendGrid's, each with a warning).
    @Test func schemasOfAMapInAnotherFileAreOneModelEach() throws {
        let tree = try Tree()
        try tree.write("api.yaml", """
            openapi: 3.0.3
            info: {title: Split, version: '1'}
            servers:
            - url: https://split.example.com
            paths:
              /pets/{id}:
                $ref: './paths/pets.yaml#/pet'
            components:
              schemas:
                $ref: './components/schemas.yaml'
            """)
        try tree.write("paths/pets.yaml", """
            pet:
              get:
                operationId: getPet
                parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
                responses:
                  '200':
                    description: ok
                    content:
                      application/json:
                        schema:
                          $ref: '../components/schemas.yaml#/pet'
            """)
        try tree.write("components/schemas.yaml", """
            pet:
              type: object
              properties:
                owner:
                  $ref: '#/owner'
                toy:
                  $ref: '#/toy'
            owner:
              type: object
              properties:
                name: {type: string}
            toy:
              $ref: './models/toy.yaml'
            """)
        // A member that is only a reference to another file gives that file's schema its key.
        try tree.write("components/models/toy.yaml", """
            type: object
            properties:
              squeaks: {type: boolean}
            """)
        let (result, lines) = try tree.importDocument("api.yaml")
        #expect(!result.diagnostics.hasErrors, "\(lines)")
        #expect(lines.isEmpty, "\(lines)")
        let spec = Self.spec(result)
        let models = try #require(spec["models"] as? [String: Any])
        #expect(Set(models.keys) == ["Pet", "Owner", "Toy"])
        #expect(((models["Pet"] as? [String: Any])?["properties"] as? [String: Any])?["toy"] as? String == "Toy?")
        #expect(((models["Pet"] as? [String: Any])?["properties"] as? [String: Any])?["owner"] as? String == "Owner?")
        let endpoints = try #require(((spec["groups"] as? [String: Any])?["pets"] as? [String: Any])?["endpoints"] as? [String: Any])
        #expect((endpoints["getPet"] as? [String: Any])?["response"] as? String == "Pet", "\(endpoints)")
    }

    /// DigitalOcean's domain records: an `anyOf` of schemas in another file whose discriminator maps
    /// wire values to those files' schemas (`A: 'models/records.yml#/record_a'`). The mapping names the
    /// components the schemas become, so the union is decoded by `type`; before, every mapping entry
    /// was dropped with a warning and the wire values were lost.
    @Test func aDiscriminatorMappingToSchemasInAnotherFileFollowsThem() throws {
        let tree = try Tree()
        try tree.write("api.yaml", """
            openapi: 3.0.3
            info: {title: Split, version: '1'}
            servers:
            - url: https://split.example.com
            paths:
              /records:
                post:
                  operationId: createRecord
                  requestBody:
                    content:
                      application/json:
                        schema:
                          anyOf:
                          - $ref: 'models/records.yml#/record_a'
                          - $ref: 'models/records.yml#/record_mx'
                          discriminator:
                            propertyName: type
                            mapping:
                              A: 'models/records.yml#/record_a'
                              MX: 'models/records.yml#/record_mx'
                              TXT: 'models/records.yml#/record_txt'
                  responses:
                    '204': {description: created}
            """)
        try tree.write("models/records.yml", """
            record_a:
              type: object
              properties:
                type: {type: string}
                data: {type: string}
            record_mx:
              type: object
              properties:
                type: {type: string}
                data: {type: string}
                priority: {type: integer}
            record_txt:
              type: object
              properties:
                type: {type: string}
            """)
        let (result, lines) = try tree.importDocument("api.yaml")
        #expect(!result.diagnostics.hasErrors, "\(lines)")
        // A mapping to a schema that is no alternative is reported as the document writes it, and makes no model.
        #expect(lines.count == 1 && lines[0].hasSuffix("discriminator value 'TXT' names 'models/records.yml#/record_txt', which is not one of the anyOf alternatives; dropped"),
                "\(lines)")
        let models = try #require(Self.spec(result)["models"] as? [String: Any])
        #expect(models["RecordTxt"] == nil, "\(models.keys.sorted())")
        let union = try #require(models.values.compactMap { $0 as? [String: Any] }.first { $0["discriminator"] != nil }, "\(models)")
        #expect(union["oneOf"] as? [String] == ["RecordA", "RecordMx"], "\(union)")
        let discriminator = union["discriminator"] as? [String: Any]
        #expect(discriminator?["property"] as? String == "type")
        #expect(discriminator?["mapping"] as? [String: String] == ["A": "RecordA", "MX": "RecordMx"], "\(union)")
    }
}
