import Foundation
import Testing

/// Swagger 2.0 documents and documents split over several files through the command line: `import`
/// and `generate` (the way the plugins read a document) read the files beside the document.
@Suite struct SwaggerAndSplitDocumentCommandTests {
    static let swagger = """
        {
          "swagger": "2.0",
          "info": {"title": "Pets", "version": "1"},
          "host": "pets.example.com",
          "basePath": "/v1",
          "schemes": ["https"],
          "paths": {
            "/pets": {
              "get": {
                "operationId": "listPets",
                "parameters": [{"name": "tags", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "tsv"}],
                "responses": {"200": {"description": "ok", "schema": {"type": "array", "items": {"$ref": "#/definitions/Pet"}}}}
              },
              "post": {
                "operationId": "addPet",
                "consumes": ["multipart/form-data"],
                "parameters": [{"name": "photo", "in": "formData", "type": "file", "required": true}],
                "responses": {"204": {"description": "ok"}}
              }
            }
          },
          "definitions": {"Pet": {"type": "object", "properties": {"name": {"type": "string"}}}}
        }
        """

    @Test func importReadsSwagger2() throws {
        let scratch = try Scratch()
        try scratch.write(Self.swagger, to: "pets.json")
        let run = try scratch.run("import", "pets.json", "--output", "Pets.endpoints.json")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote Pets.endpoints.json (2 endpoints, 2 models)\n")
        #expect(run.stderr == "pets.json:11:122: warning: #/paths/~1pets/get/parameters/0/collectionFormat: collectionFormat 'tsv' of 'tags' has no OpenAPI 3 equivalent; sent as form (name=a&name=b)\n")
        let spec = try #require(scratch.read("Pets.endpoints.json"))
        #expect(spec.contains(#""baseURL": "https://pets.example.com/v1""#))
        #expect(spec.contains(#""photo": "File""#))
        let validation = try scratch.run("validate", "Pets.endpoints.json")
        #expect(validation.status == 0, "\(validation.stderr)")
    }

    /// `generate` of a `<Name>.openapi.yaml` whose schemas live in other files, run from another folder.
    @Test func generateFollowsReferencesToFilesBesideTheDocument() throws {
        let scratch = try Scratch()
        try scratch.write("""
            openapi: 3.0.3
            info: {title: Split, version: '1'}
            servers: [{url: 'https://split.example.com'}]
            paths:
              /pets/{id}:
                get:
                  operationId: getPet
                  parameters:
                  - {name: id, in: path, required: true, schema: {type: integer}}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: 'schemas/pet.yaml'}
            """, to: "Sources/API/Split.openapi.yaml")
        try scratch.write("""
            type: object
            properties:
              name: {type: string}
              shape: {oneOf: [{type: string}, {type: integer}], discriminator: {propertyName: x}}
              parent: {$ref: '#'}
            """, to: "Sources/API/schemas/pet.yaml")
        let run = try scratch.run("generate", "Sources/API/Split.openapi.yaml", "--output", "out")
        #expect(run.status == 0, "\(run.stderr)")
        let swift = try #require(scratch.read("out/Split.swift"))
        #expect(swift.contains("struct Pet"))
        // A warning about the other file names it, its line and column, and its own pointer.
        #expect(run.stderr.contains("Sources/API/schemas/pet.yaml:4:"))
        #expect(run.stderr.contains("schemas/pet.yaml#/properties/shape"))

        // A reference that leaves the document's folder is an error, and nothing is written.
        try scratch.write("type: string\n", to: "Sources/secret.yaml")
        try scratch.write("""
            openapi: 3.0.3
            info: {title: Out, version: '1'}
            paths:
              /a: {$ref: '../secret.yaml'}
            """, to: "Sources/API/Out.openapi.yaml")
        let refused = try scratch.run("generate", "Sources/API/Out.openapi.yaml", "--output", "out")
        #expect(refused.status == 1)
        #expect(refused.stderr == "Sources/API/Out.openapi.yaml:4:14: error: '../secret.yaml' leaves the document's folder; only files in 'Sources/API' and below are read\n")
        #expect(!scratch.exists("out/Out.swift"))
    }
}
