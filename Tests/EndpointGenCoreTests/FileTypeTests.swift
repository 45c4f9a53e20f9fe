import Foundation
import Testing
@testable import EndpointGenCore

/// The `File` type string: where a spec may use it, where it may not, and what it generates.
@Suite struct FileTypeTests {
    private func validate(_ endpoint: String, models: String = "{}") -> (Spec?, [String]) {
        validateText("""
        { "baseURL": "https://api.example.com",
          "endpoints": { "e": \(endpoint) },
          "models": \(models) }
        """)
    }

    @Test func fileIsATypeOfTheGrammar() throws {
        let (spec, errors) = validate(#"{ "method": "POST", "path": "/u", "body": { "type": "Upload", "encoding": "multipart" }, "response": "File" }"#,
                                      models: #"{ "Upload": { "properties": { "file": "File", "more": "[File]?" } } }"#)
        #expect(errors.isEmpty, "\(errors)")
        let endpoint = try #require(spec?.api.endpoints.first)
        #expect(endpoint.response.type == .file)
        guard case let .object(properties)? = spec?.models.first?.kind else { Issue.record("no object model"); return }
        #expect(properties.map(\.type) == [.file, .optional(.array(.file))])
    }

    @Test func aFileBodyIsBinaryWithoutSayingSo() throws {
        let (plain, plainErrors) = validate(#"{ "method": "PUT", "path": "/f", "body": "File" }"#)
        #expect(plainErrors.isEmpty, "\(plainErrors)")
        #expect(plain?.api.endpoints.first?.body == Body(type: .file, encoding: .binary, contentType: nil))
        let (typed, typedErrors) = validate(#"{ "method": "PUT", "path": "/f", "body": { "type": "File", "contentType": "image/png" } }"#)
        #expect(typedErrors.isEmpty, "\(typedErrors)")
        #expect(typed?.api.endpoints.first?.body == Body(type: .file, encoding: .binary, contentType: "image/png"))
        let (_, json) = validate(#"{ "method": "PUT", "path": "/f", "body": { "type": "File", "encoding": "json" } }"#)
        #expect(json == [#"Test.endpoints.json:2:94: error: a File body is sent as raw bytes: leave 'encoding' out or write "binary""#])
        let (_, text) = validate(#"{ "method": "PUT", "path": "/f", "body": { "type": "File", "encoding": "text" } }"#)
        #expect(text == ["Test.endpoints.json:2:94: error: a text body must be 'String', not 'File'"])
        let (_, binaryString) = validate(#"{ "method": "PUT", "path": "/f", "body": { "type": "String", "encoding": "binary" } }"#)
        #expect(binaryString == ["Test.endpoints.json:2:96: error: a binary body must be 'Data' or 'File', not 'String'"])
    }

    @Test func whereAFileCannotGo() {
        let (_, optional) = validate(#"{ "method": "GET", "path": "/f", "response": "File?" }"#)
        #expect(optional == ["Test.endpoints.json:2:68: error: a response of files must be 'File' itself (the whole body), not 'File?'"])
        let (_, array) = validate(#"{ "method": "GET", "path": "/f", "response": { "type": "[File]" } }"#)
        #expect(array == ["Test.endpoints.json:2:78: error: a response of files must be 'File' itself (the whole body), not '[File]'"])
        let (_, error) = validate(#"{ "method": "GET", "path": "/f", "errors": { "404": "File" } }"#)
        #expect(error == ["Test.endpoints.json:2:75: error: an error body cannot be or hold a 'File': error bodies are decoded from JSON"])
        let (_, parameter) = validate(#"{ "method": "GET", "path": "/f", "parameters": { "f": "File?" } }"#)
        #expect(parameter.count == 1)
        #expect(parameter.first?.contains("'File?'") == true)
        let (_, model) = validate(#"{ "method": "GET", "path": "/f" }"#, models: #"{ "File": { "properties": { "a": "Int" } } }"#)
        #expect(model == ["Test.endpoints.json:3:15: error: model name: 'File' is a type that generated code uses; choose another name"])
        let (_, lower) = validate(#"{ "method": "GET", "path": "/f", "response": "file" }"#)
        #expect(lower == ["Test.endpoints.json:2:69: error: unknown type 'file'; did you mean 'File'?"])
    }

    @Test func generatedCodeNamesTheRuntimeFileQualified() throws {
        let (spec, errors) = validate(#"{ "method": "PUT", "path": "/f", "body": "File", "response": "File" }"#)
        #expect(errors.isEmpty, "\(errors)")
        let source = try Generator.render(#require(spec), options: GeneratorOptions())
        #expect(source.contains("public static func e(body: EndpointRuntime.File) -> Endpoint<EndpointRuntime.File>"))
        #expect(source.contains("decoder: .file"))
        #expect(source.contains("DataBody(body)"))
    }
}
