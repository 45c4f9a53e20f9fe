import Foundation
import Testing
@testable import EndpointGenCore

/// The OpenAPI -> spec mapping, rule by rule, on small hand-written documents. Every successful import
/// is also checked with the spec Validator.
@Suite struct ImportMappingTests {
    typealias T = ImportTestSupport

    // MARK: Servers

    @Test func firstServerWithVariableDefaultsBecomesBaseURL() {
        let json = """
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
             "servers": [{"url": "https://{region}.example.com/{version}/", "variables": {
                "region": {"default": "eu", "enum": ["eu", "us"]}, "version": {"default": "v2"}}},
                {"url": "https://backup.example.com"}],
             "paths": {}}
            """
        let imported = T.run(json)
        #expect(imported.spec["baseURL"] as? String == "https://eu.example.com/v2")
        #expect(imported.count("extra-server") == 2)  // the second server, the region's other value
        #expect(imported.warnings.contains { $0.contains("#/servers/1: only the first server is used") })
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func relativeServerIsResolvedAgainstLocalhostWithAWarning() {
        let json = """
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "servers": [{"url": "/api/v3"}], "paths": {}}
            """
        let imported = T.run(json)
        #expect(imported.spec["baseURL"] as? String == "http://localhost/api/v3")
        #expect(imported.count("relative-server") == 1)
        #expect(imported.warnings.first { $0.contains("#/servers/0/url") }?.hasPrefix("openapi.json:1:") == true)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func pathAndOperationServersBecomeTheEndpointsBaseURL() throws {
        let json = T.document(paths: """
            {"/files/content": {
               "servers": [{"url": "https://upload.example.com/api/2.0"}],
               "post": {"operationId": "upload", "responses": {"200": {"description": "ok"}}},
               "put": {"operationId": "replace", "servers": [{"url": "https://{region}.uploads.example.com/", "variables": {
                  "region": {"default": "eu", "enum": ["eu", "us"]}}}, {"url": "https://backup.example.com"}],
                  "responses": {"200": {"description": "ok"}}}},
             "/assets": {"get": {"operationId": "assets", "servers": [{"url": "/cdn/v1"}], "responses": {"200": {"description": "ok"}}}},
             "/same": {"get": {"operationId": "same", "servers": [{"url": "https://api.example.com/v1/"}], "responses": {"200": {"description": "ok"}}}},
             "/plain": {"get": {"operationId": "plain", "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.endpoint("upload", in: "files")?["baseURL"] as? String == "https://upload.example.com/api/2.0")
        // The operation's own wins over its path's; variables take their defaults; others are reported.
        #expect(imported.endpoint("replace", in: "files")?["baseURL"] as? String == "https://eu.uploads.example.com")
        #expect(imported.warnings.contains { $0.contains("#/paths/~1files~1content/put/servers/1: only the first server is used; 'https://backup.example.com' dropped") })
        #expect(imported.warnings.contains { $0.contains("server variable 'region' uses its default 'eu'") })
        // A relative server is on the document's server's host.
        #expect(imported.endpoint("assets", in: "assets")?["baseURL"] as? String == "https://api.example.com/cdn/v1")
        #expect(imported.count("relative-server") == 1)
        // The document's own server, or none: no baseURL of its own.
        #expect(imported.endpoint("same", in: "same")?["baseURL"] == nil)
        #expect(imported.endpoint("plain", in: "plain")?["baseURL"] == nil)
        #expect(!imported.warnings.contains { $0.contains("servers are not supported") })
        #expect(imported.validationErrors.isEmpty)
        let generated = try #require(Generator.generate(specData: Data(imported.text.utf8), fileName: "Test.endpoints.json", options: GeneratorOptions()).swift)
        #expect(generated.contains(#"request(.post, baseURL: "https://upload.example.com/api/2.0", [Path("files", "content")])"#), "\(generated)")
    }

    /// Box writes a path per grant type (`/oauth2/token#refresh`): the operations of such a path
    /// send to its own servers too, although the path they request has no fragment.
    @Test func pathServersHoldForAPathWrittenWithAFragment() throws {
        let json = T.document(paths: """
            {"/oauth2/token#refresh": {
               "servers": [{"url": "https://account.example.com"}],
               "post": {"operationId": "refreshToken", "responses": {"200": {"description": "ok"}}}},
             "/oauth2/token": {
               "post": {"operationId": "requestToken", "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.endpoint("refreshToken", in: "oauth2")?["baseURL"] as? String == "https://account.example.com")
        #expect(imported.endpoint("requestToken", in: "oauth2")?["baseURL"] == nil)
        #expect(imported.validationErrors.isEmpty)
    }

    /// OpenAI writes its beta operations as `/responses?beta=true`. The query is sent: each pair is a
    /// String query parameter whose default is its value (percent-decoded), so the request goes out as
    /// the path says; a query parameter the operation declares under that name is the one kept. A
    /// query that is not `name=value` pairs still drops its operations, with a warning.
    @Test func aQueryWrittenIntoThePathIsSentAsParameters() throws {
        let json = T.document(paths: """
            {"/responses?beta=true&mode=a%20b": {"post": {"operationId": "betaCreate", "responses": {"200": {"description": "ok"}}}},
             "/items/{id}?view=full": {"get": {"operationId": "getItem", "parameters": [
                 {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                 {"name": "view", "in": "query", "schema": {"type": "string", "enum": ["full", "short"]}}],
                 "responses": {"200": {"description": "ok"}}}},
             "/broken?=1": {"get": {"operationId": "broken", "responses": {"200": {"description": "ok"}}}},
             "/bare?flag": {"get": {"operationId": "bare", "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        let create = try #require(imported.endpoint("betaCreate", in: "responses"))
        #expect(create["path"] as? String == "/responses")
        let parameters = try #require(create["parameters"] as? [String: Any])
        #expect((parameters["beta"] as? [String: Any])?["type"] as? String == "String")
        #expect((parameters["beta"] as? [String: Any])?["default"] as? String == "true")
        #expect((parameters["mode"] as? [String: Any])?["default"] as? String == "a b")
        let item = try #require(imported.endpoint("getItem", in: "items"))
        #expect(item["path"] as? String == "/items/{id}")
        // The declared `view` is kept as declared (an optional enum), and the value the path writes is reported.
        #expect((item["parameters"] as? [String: Any])?["view"] as? String != nil, "\(item)")
        #expect(imported.warnings.contains { $0.contains("#/paths/~1items~1{id}?view=full/get/parameters/1: the query written into the path, 'view=full', names a parameter the operation declares") },
                "\(imported.warnings)")
        // No name, or no `=` (a bare `flag` is not `flag=`): dropped, with a warning each.
        #expect(imported.endpoint("broken", in: "broken") == nil)
        #expect(imported.endpoint("bare", in: "bare") == nil)
        #expect(imported.warnings.contains { $0.contains("the path '/broken?=1' contains a query ('?') that is not name=value pairs; its operations are dropped") },
                "\(imported.warnings)")
        #expect(imported.warnings.contains { $0.contains("the path '/bare?flag' contains a query ('?') that is not name=value pairs") }, "\(imported.warnings)")
        #expect(imported.warnings.count == 3, "\(imported.warnings)")
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")

        // The generated request sends the values when the caller leaves them.
        let generated = Generator.generate(specData: Data(imported.text.utf8), fileName: "Test.endpoints.json", options: GeneratorOptions())
        let swift = try #require(generated.swift, "\(generated.diagnostics.all)")
        #expect(swift.contains(#"betaCreate(beta: String = "true", mode: String = "a b")"#), "\(swift)")
        #expect(swift.contains(#"Query("beta", beta)"#) && swift.contains(#"Query("mode", mode)"#), "\(swift)")
    }

    /// A server that is no base URL once its variables take their defaults (DigitalOcean's
    /// `https://{agent_url}`, whose default is `{your-agent-url}`; its presigned uploads' `https://`)
    /// is reported and dropped: the operation sends to the document's server and the spec generates.
    @Test func aServerThatIsNoBaseURLIsDroppedWithAWarning() throws {
        let json = T.document(paths: """
            {"/chat": {"post": {"operationId": "chat", "responses": {"200": {"description": "ok"}},
               "servers": [{"url": "https://{agent_url}", "variables": {"agent_url": {"default": "{your-agent-url}"}}}]}},
             "/upload": {"put": {"operationId": "upload", "responses": {"200": {"description": "ok"}},
               "servers": [{"url": "https://"}]}},
             "/regional": {"get": {"operationId": "regional", "responses": {"200": {"description": "ok"}},
               "servers": [{"url": "https://{region}.example.com", "variables": {"region": {"default": "eu"}}}]}},
             "/anchored": {"get": {"operationId": "anchored", "responses": {"200": {"description": "ok"}},
               "servers": [{"url": "https://up.example.com/#uploads"}]}}}
            """)
        let imported = T.run(json)
        let chat = try #require(imported.endpoint("chat", in: "chat"))
        let upload = try #require(imported.endpoint("upload", in: "upload"))
        #expect(chat["baseURL"] == nil)
        #expect(upload["baseURL"] == nil)
        #expect(imported.endpoint("regional", in: "regional")?["baseURL"] as? String == "https://eu.example.com")
        // A fragment is never sent: the server without it.
        #expect(imported.endpoint("anchored", in: "anchored")?["baseURL"] as? String == "https://up.example.com")
        #expect(imported.warnings == [
            "openapi.json:6:24: warning: #/paths/~1chat/post/servers/0/url: server URL 'https://{agent_url}' with its variables' defaults is not a base URL: it must be an absolute http or https URL, found 'https://{your-agent-url}'; the document's base URL is used (set the base URL at run time)",
            "openapi.json:8:24: warning: #/paths/~1upload/put/servers/0/url: server URL 'https://' is not a base URL: it must have a host, found 'https://'; the document's base URL is used (set the base URL at run time)",
        ], "\(imported.lines)")
        #expect(imported.validationErrors.isEmpty)
    }

    /// The same for the document's own server: the base URL is the one used when there is none.
    @Test func aDocumentServerThatIsNoBaseURLFallsBackToLocalhost() throws {
        let json = T.document(paths: #"{"/a": {"get": {"operationId": "a", "responses": {"200": {"description": "ok"}}}}}"#)
            .replacingOccurrences(of: "https://api.example.com/v1", with: "https://{tenant}/v1")
        let imported = T.run(json)
        #expect(imported.spec["baseURL"] as? String == "http://localhost")
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings.first?.contains("server URL 'https://{tenant}/v1' is not a base URL") == true, "\(imported.lines)")
        #expect(imported.validationErrors.isEmpty)
    }

    // MARK: Names and groups

    @Test func operationsAreNamedFromOperationIdAndGroupedByFirstTag() throws {
        let json = T.document(paths: """
            {"/pets": {"get": {"operationId": "list_pets", "tags": ["Pet Store", "other"], "responses": {"200": {"description": "ok"}}}},
             "/orders/{id}": {"get": {"operationId": "GetOrder", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}], "responses": {"204": {"description": "none"}}}},
             "/{id}": {"delete": {"operationId": "remove", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": "none"}}}}}
            """, extra: #""tags": [{"name": "Pet Store", "description": "Pets."}]"#)
        let imported = T.run(json)
        let listPets = try #require(imported.endpoint("listPets", in: "petStore"))
        #expect(listPets["method"] as? String == "GET")
        #expect(listPets["path"] as? String == "/pets")
        #expect((imported.groups["petStore"] as? [String: Any])?["description"] as? String == "Pets.")
        // No tag: the first path segment; a first segment that is a placeholder: the top level.
        #expect(imported.endpoint("getOrder", in: "orders") != nil)
        #expect(imported.endpoint("remove") != nil)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func operationsWithoutIdAreNamedFromMethodAndPath() throws {
        let json = T.document(paths: """
            {"/search/{version}/nearby.{ext}": {"get": {"tags": ["search"], "parameters": [
                {"name": "version", "in": "path", "required": true, "schema": {"type": "integer"}},
                {"name": "ext", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        let endpoint = try #require(imported.endpoint("getSearchNearby", in: "search"))
        #expect(endpoint["path"] as? String == "/search/{version}/nearby.{ext}")
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func collidingEndpointNamesAreNumberedWithAWarning() throws {
        let json = T.document(paths: """
            {"/a": {"get": {"operationId": "fetch-item", "tags": ["t"], "responses": {"200": {"description": "ok"}}}},
             "/b": {"get": {"operationId": "fetch_item", "tags": ["t"], "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.endpoint("fetchItem", in: "t")?["path"] as? String == "/a")
        #expect(imported.endpoint("fetchItem2", in: "t")?["path"] as? String == "/b")
        #expect(imported.count("renamed") == 1)
        #expect(imported.warnings.contains { $0.contains("#/paths/~1b/get: endpoint name 'fetchItem' is already used") })
        #expect(imported.validationErrors.isEmpty)
        // Deterministic: the same input gives the same bytes.
        #expect(T.run(json).text == imported.text)
    }

    @Test func dottedOperationIdsLoseTheSharedPrefixAndTheGroup() {
        let json = T.document(paths: """
            {"/v/volumes": {"get": {"operationId": "books.volumes.list", "tags": ["volumes"], "responses": {"200": {"description": "ok"}}}},
             "/v/mine": {"get": {"operationId": "books.volumes.mybooks.list", "tags": ["volumes"], "responses": {"200": {"description": "ok"}}}},
             "/v/shelves": {"get": {"operationId": "books.bookshelves.list", "tags": ["shelves"], "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.endpoint("list", in: "volumes") != nil)
        #expect(imported.endpoint("mybooksList", in: "volumes") != nil)
        #expect(imported.endpoint("bookshelvesList", in: "shelves") != nil)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func aGroupNamedLikeAModelIsRenamed() {
        let json = T.document(paths: """
            {"/pet": {"get": {"operationId": "getPet", "tags": ["pet"], "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}}
            """, components: #"{"schemas": {"Pet": {"type": "object", "properties": {"id": {"type": "integer"}}}}}"#)
        let imported = T.run(json)
        #expect(imported.endpoint("getPet", in: "petEndpoints")?["response"] as? String == "Pet")
        #expect(imported.count("renamed") == 1)
        #expect(imported.validationErrors.isEmpty)
        // A model named like the API itself is renamed instead, and the group named like the API
        // puts its endpoints at the top level.
        let named = T.run(json, name: "Pet")
        #expect(named.endpoint("getPet")?["response"] as? String == "Pet2")
        #expect(named.models["Pet2"] != nil)
        #expect(named.validationErrors.isEmpty)
    }

    /// The name a renamed group takes is free of models and other groups too: DigitalOcean has the
    /// tag `Dedicated Inference`, a model `DedicatedInference` and a model `DedicatedInferenceEndpoints`.
    @Test func aRenamedGroupTakesANameNoModelOrGroupHas() throws {
        let json = T.document(paths: """
            {"/inference": {"get": {"operationId": "getInference", "tags": ["Dedicated Inference"], "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DedicatedInference"}}}}}}},
             "/endpoints": {"get": {"operationId": "listEndpoints", "tags": ["dedicatedInferenceEndpoints2"], "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DedicatedInferenceEndpoints"}}}}}}}}
            """, components: """
            {"schemas": {"DedicatedInference": {"type": "object", "properties": {"id": {"type": "integer"}}},
                         "DedicatedInferenceEndpoints": {"type": "object", "properties": {"url": {"type": "string"}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.endpoint("getInference", in: "dedicatedInferenceEndpoints3")?["response"] as? String == "DedicatedInference",
                "\(imported.groups.keys.sorted())")
        #expect(imported.endpoint("listEndpoints", in: "dedicatedInferenceEndpoints2") != nil, "\(imported.groups.keys.sorted())")
        #expect(imported.warnings.contains { $0.hasSuffix("group 'dedicatedInference' would shadow the type 'DedicatedInference'; renamed to 'dedicatedInferenceEndpoints3'") },
                "\(imported.warnings)")
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
    }

    // MARK: Parameters

    @Test func parametersArePlacedTypedAndMerged() throws {
        let json = T.document(paths: """
            {"/users/{user_id}/items": {
              "parameters": [
                {"$ref": "#/components/parameters/Trace"},
                {"name": "limit", "in": "query", "schema": {"type": "integer"}, "description": "overridden"}],
              "get": {"operationId": "items", "parameters": [
                {"name": "user_id", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}},
                {"name": "limit", "in": "query", "description": "Page size.", "schema": {"type": "integer", "format": "int32", "default": 20}},
                {"name": "since", "in": "query", "schema": {"type": "string", "format": "date-time"}},
                {"name": "If-None-Match", "in": "header", "schema": {"type": "string"}},
                {"name": "tags", "in": "query", "required": true, "schema": {"type": "array", "items": {"type": "string"}}}],
                "responses": {"200": {"description": "ok"}}}}}
            """, components: """
            {"parameters": {"Trace": {"name": "X-Trace", "in": "header", "required": true, "schema": {"type": "string", "format": "uuid"}}}}
            """)
        let imported = T.run(json)
        let endpoint = try #require(imported.endpoint("items", in: "users"))
        let parameters = try #require(endpoint["parameters"] as? [String: Any])
        #expect(parameters["user_id"] as? String == "Int64")
        let limit = try #require(parameters["limit"] as? [String: Any])
        #expect(limit["type"] as? String == "Int32")      // the operation's wins over the path item's
        #expect(limit["default"] as? Int == 20)          // a default makes it non-optional
        #expect(limit["description"] as? String == "Page size.")
        #expect(parameters["since"] as? String == "Date?")
        let ifNoneMatch = try #require(parameters["If-None-Match"] as? [String: Any])
        #expect(ifNoneMatch["in"] as? String == "header")
        #expect(ifNoneMatch["type"] as? String == "String?")
        let trace = try #require(parameters["X-Trace"] as? [String: Any])
        #expect(trace["in"] as? String == "header")
        #expect(trace["type"] as? String == "UUID")
        #expect(parameters["tags"] as? String == "[String]")
        // Required parameters come first, in the operation's order, then path-level ones.
        let keys = orderedKeys(of: "parameters", in: imported.text)
        #expect(keys == ["user_id", "tags", "X-Trace", "limit", "since", "If-None-Match"])
        #expect(imported.warnings.isEmpty)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func versionOneDropsCookieParametersWithAWarningNamingTheirPointer() {
        let json = """
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "servers": [{"url": "https://x.example"}],
             "paths": {"/pets": {"get": {"operationId": "pets", "parameters": [
               {"name": "a", "in": "query", "schema": {"type": "string"}},
               {"name": "b", "in": "query", "schema": {"type": "string"}},
               {"name": "session", "in": "cookie", "schema": {"type": "string"}}],
              "responses": {"200": {"description": "ok"}}}}}}
            """
        let imported = T.run(json)
        #expect(imported.warnings == [
            "openapi.json:5:4: warning: #/paths/~1pets/get/parameters/2: format version 1 has no cookie parameters; 'session' dropped (version 2 keeps them)",
        ])
        #expect(imported.count("cookie-parameter") == 1)
        let parameters = imported.endpoint("pets", in: "pets")?["parameters"] as? [String: Any]
        #expect(parameters?["session"] == nil)
        #expect(imported.validationErrors.isEmpty)
    }

    /// Version 2 keeps cookie parameters: a value, a flat list or a flat object (exploded or not); a
    /// name that is not a token is dropped.
    @Test func versionTwoKeepsCookieParameters() throws {
        let json = """
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "servers": [{"url": "https://x.example"}],
             "paths": {"/pets": {"get": {"operationId": "pets", "parameters": [
               {"name": "session", "in": "cookie", "required": true, "schema": {"type": "string"}},
               {"name": "ids", "in": "cookie", "schema": {"type": "array", "items": {"type": "integer"}}},
               {"name": "tags", "in": "cookie", "explode": false, "schema": {"type": "array", "items": {"type": "string"}}},
               {"name": "color", "in": "cookie", "schema": {"type": "object", "properties": {"r": {"type": "integer"}}}},
               {"name": "bad name", "in": "cookie", "schema": {"type": "string"}}],
              "responses": {"204": {"description": "none"}}}}}}
            """
        let imported = T.run(json, version: .two)
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
        let parameters = try #require(imported.endpoint("pets", in: "pets")?["parameters"] as? [String: Any])
        #expect(parameters["session"] as? [String: String] == ["type": "String", "in": "cookie"])
        #expect(parameters["ids"] as? [String: String] == ["type": "[Int]?", "in": "cookie"])
        #expect(parameters["tags"] as? [String: String] == ["type": "[String]?", "in": "cookie", "style": "comma"])
        #expect(parameters["color"] as? [String: String] == ["type": "PetsColor?", "in": "cookie"])
        #expect(parameters["bad name"] == nil)
        #expect(imported.warnings == [
            "openapi.json:7:4: warning: #/paths/~1pets/get/parameters/4: 'bad name' is not a valid cookie name; dropped",
        ])
    }

    @Test func arrayStylesAndUnsupportedStyles() throws {
        let json = T.document(paths: """
            {"/q": {"get": {"operationId": "q", "parameters": [
              {"name": "ids", "in": "query", "explode": false, "schema": {"type": "array", "items": {"type": "integer"}}},
              {"name": "tags", "in": "query", "style": "form", "schema": {"type": "array", "items": {"type": "string"}}},
              {"name": "piped", "in": "query", "style": "pipeDelimited", "schema": {"type": "array", "items": {"type": "string"}}},
              {"name": "filter", "in": "query", "style": "deepObject", "schema": {"type": "object", "properties": {"a": {"type": "string"}}}}],
              "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        let parameters = try #require(imported.endpoint("q", in: "q")?["parameters"] as? [String: Any])
        #expect((parameters["ids"] as? [String: Any])?["style"] as? String == "comma")
        #expect((parameters["ids"] as? [String: Any])?["type"] as? String == "[Int]?")
        #expect(parameters["tags"] as? String == "[String]?")
        #expect(parameters["piped"] as? String == "[String]?")
        #expect(parameters["filter"] as? String == "String?")   // an object cannot be sent in a query
        #expect(imported.count("parameter-style") == 2)       // pipeDelimited, deepObject
        #expect(imported.count("parameter-type") == 1)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func parameterKeysThatCollideAfterConversionAreRenamed() throws {
        let json = T.document(paths: """
            {"/items/{id}": {"get": {"operationId": "item", "parameters": [
              {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
              {"name": "id", "in": "query", "schema": {"type": "string"}},
              {"name": "page_size", "in": "query", "schema": {"type": "integer"}},
              {"name": "pageSize", "in": "query", "schema": {"type": "integer"}},
              {"name": "class", "in": "query", "schema": {"type": "string"}},
              {"name": "2fa", "in": "header", "schema": {"type": "string"}}],
              "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        let parameters = try #require(imported.endpoint("item", in: "items")?["parameters"] as? [String: Any])
        #expect(parameters["id"] as? String == "String")
        let idQuery = try #require(parameters["id_query"] as? [String: Any])
        #expect(idQuery["name"] as? String == "id")
        #expect(idQuery["in"] as? String == "query")   // its wire name matches the placeholder
        #expect(idQuery["type"] as? String == "String?")
        let pageSize = try #require(parameters["pageSize_query"] as? [String: Any])
        #expect(pageSize["name"] as? String == "pageSize")
        #expect(parameters["class"] as? String == "String?")  // a keyword: the generator escapes it
        #expect(imported.count("renamed") == 2)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func placeholdersWithoutParametersAndParametersWithoutPlaceholders() throws {
        let json = T.document(paths: """
            {"/a/{x}": {"get": {"operationId": "a", "parameters": [
              {"name": "y", "in": "path", "required": true, "schema": {"type": "string"}}],
              "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        let parameters = try #require(imported.endpoint("a", in: "a")?["parameters"] as? [String: Any])
        #expect(parameters["x"] as? String == "String")
        #expect(parameters["y"] == nil)
        #expect(imported.count("path-parameter") == 2)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func reservedHeadersAreDropped() {
        let json = T.document(paths: """
            {"/a": {"get": {"operationId": "a", "parameters": [
              {"name": "Accept", "in": "header", "schema": {"type": "string"}},
              {"name": "Authorization", "in": "header", "schema": {"type": "string"}}],
              "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.count("reserved-header") == 2)
        #expect(imported.endpoint("a", in: "a")?["parameters"] == nil)
        #expect(imported.validationErrors.isEmpty)
    }

    /// A component parameter that no operation can have (PagerDuty lists `header_Accept` on 379
    /// operations) is reported once, at the component, not at every operation that lists it.
    @Test func aComponentParameterNoOperationCanHaveIsReportedOnce() {
        let json = T.document(paths: """
            {"/a": {"get": {"operationId": "a", "parameters": [{"$ref": "#/components/parameters/accept"},
                                                                {"$ref": "#/components/parameters/session"}],
                            "responses": {"200": {"description": "ok"}}}},
             "/b": {"get": {"operationId": "b", "parameters": [{"$ref": "#/components/parameters/accept"},
                                                                {"$ref": "#/components/parameters/session"}],
                            "responses": {"200": {"description": "ok"}}}}}
            """, components: """
            {"parameters": {"accept": {"name": "Accept", "in": "header", "schema": {"type": "string"}},
                            "session": {"name": "session", "in": "cookie", "schema": {"type": "string"}}}}
            """)
        let imported = T.run(json)
        #expect(imported.warnings.count == 2, "\(imported.warnings)")
        #expect(imported.warnings.contains { $0.contains("#/components/parameters/accept: header parameter 'Accept' is set by the runtime") },
                "\(imported.warnings)")
        #expect(imported.warnings.contains { $0.contains("#/components/parameters/session: format version 1 has no cookie parameters") },
                "\(imported.warnings)")
        #expect(imported.endpoint("a", in: "a")?["parameters"] == nil)
        #expect(imported.endpoint("b", in: "b")?["parameters"] == nil)
        #expect(imported.validationErrors.isEmpty)
    }

    // MARK: Bodies

    @Test(arguments: [
        ("application/json", "Thing", nil, nil),
        ("application/merge-patch+json", "Thing", nil, "application/merge-patch+json"),
        ("application/x-www-form-urlencoded", "Thing", "form", nil),
        ("multipart/form-data", "Thing", "multipart", nil),
        ("application/octet-stream", "File", "binary", nil),
        ("image/png", "File", "binary", "image/png"),
        ("text/plain", "String", "text", nil),
        ("application/xml", "String", "text", "application/xml"),
    ] as [(String, String, String?, String?)])
    func requestBodyEncodings(mediaType: String, type: String, encoding: String?, contentType: String?) throws {
        let json = T.document(paths: """
            {"/t": {"post": {"operationId": "send", "requestBody": {"required": true, "content": {"\(mediaType)": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
              "responses": {"200": {"description": "ok"}}}}}
            """, components: #"{"schemas": {"Thing": {"type": "object", "properties": {"name": {"type": "string"}}}}}"#)
        let imported = T.run(json)
        let endpoint = try #require(imported.endpoint("send", in: "t"))
        if encoding == nil, contentType == nil {
            #expect(endpoint["body"] as? String == type)
        } else {
            let body = try #require(endpoint["body"] as? [String: Any])
            #expect(body["type"] as? String == type)
            #expect(body["encoding"] as? String == encoding)
            #expect(body["contentType"] as? String == contentType)
        }
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func jsonIsPreferredAndOtherContentTypesAreReported() throws {
        let json = T.document(paths: """
            {"/t": {"post": {"operationId": "send", "requestBody": {"content": {
                "application/xml": {"schema": {"type": "string"}},
                "application/json": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}}}},
              "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.endpoint("send", in: "t")?["body"] as? String == "TSendRequest")  // named after its group and endpoint
        #expect((imported.models["TSendRequest"] as? [String: Any]).flatMap { $0["properties"] as? [String: Any] }?["a"] as? String == "String")
        #expect(imported.count("content-type-alternative") == 1)
        #expect(imported.warnings.contains { $0.contains("#/paths/~1t/post/requestBody/content: only 'application/json' is kept; 'application/xml' dropped") })
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func bodiesTheFormatCannotSendAreAdjusted() throws {
        let json = T.document(paths: """
            {"/b": {
              "get": {"operationId": "search", "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
                      "responses": {"200": {"description": "ok", "content": {"*/*": {"schema": {"type": "string"}}}}}},
              "post": {"operationId": "list", "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "array", "items": {"type": "string"}}}}},
                       "parameters": [{"name": "bad header", "in": "header", "schema": {"type": "string"}}],
                       "responses": {"200": {"description": "ok"}}},
              "put": {"operationId": "anything", "requestBody": {"content": {"*/*": {"schema": {"type": "object", "additionalProperties": {"type": "integer"}}}}},
                      "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        // GET cannot carry a body.
        #expect(imported.endpoint("search", in: "b")?["body"] == nil)
        #expect(imported.endpoint("search", in: "b")?["response"] as? String == "String")
        // A form body must be an object: an array is sent as JSON.
        #expect(imported.endpoint("list", in: "b")?["body"] as? String == "[String]")
        #expect(imported.endpoint("list", in: "b")?["parameters"] == nil)   // 'bad header' is not a header name
        // A wildcard media type says nothing to send: JSON with no explicit content type.
        #expect(imported.endpoint("anything", in: "b")?["body"] as? String == "[String: Int]")
        #expect(imported.count("invalid-operation") == 2)
        #expect(imported.count("parameter-type") == 1)
        #expect(imported.validationErrors.isEmpty)
    }

    // MARK: Responses and errors

    @Test func successResponses() throws {
        let json = T.document(paths: """
            {"/r": {
              "get": {"operationId": "ok", "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}},
              "post": {"operationId": "created", "responses": {"201": {"description": "created", "content": {"application/json": {"schema": {"type": "integer"}}}}}},
              "delete": {"operationId": "gone", "responses": {"204": {"description": "no content"}}},
              "put": {"operationId": "anyTwo", "responses": {"2XX": {"description": "fine", "content": {"text/plain": {"schema": {"type": "string"}}}}}},
              "patch": {"operationId": "twoCodes", "responses": {
                  "202": {"description": "accepted", "content": {"application/json": {"schema": {"type": "boolean"}}}},
                  "200": {"description": "done", "content": {"application/json": {"schema": {"type": "number"}}}}}},
              "head": {"operationId": "bytes", "responses": {"200": {"description": "file", "content": {"image/png": {}}}}},
              "options": {"operationId": "noSuccess", "responses": {"default": {"description": "whatever"}}}}}
            """)
        let imported = T.run(json)
        func endpoint(_ name: String) -> [String: Any]? { imported.endpoint(name, in: "r") }
        #expect(endpoint("ok")?["response"] as? String == "[String]")
        let created = try #require(endpoint("created")?["response"] as? [String: Any])
        #expect(created["type"] as? String == "Int")
        #expect(created["status"] as? Int == 201)
        let gone = try #require(endpoint("gone")?["response"] as? [String: Any])
        #expect(gone["type"] as? String == "Void")
        #expect(gone["status"] as? Int == 204)
        let anyTwo = try #require(endpoint("anyTwo")?["response"] as? [String: Any])
        #expect(anyTwo["type"] as? String == "String")
        #expect(anyTwo["status"] == nil)
        #expect(anyTwo["contentType"] as? String == "text/plain")
        // Two success codes: the first (lowest) is typed, any 2xx accepted, the other reported.
        #expect(endpoint("twoCodes")?["response"] as? String == "Double")
        #expect(imported.count("other-success-response") == 1)
        let bytes = try #require(endpoint("bytes")?["response"] as? [String: Any])
        #expect(bytes["type"] as? String == "File")
        #expect(bytes["contentType"] as? String == "image/png")
        #expect(endpoint("noSuccess")?["response"] == nil)
        #expect(imported.validationErrors.isEmpty)
    }

    /// A download offering bytes beside JSON that is only "a string" (OpenAI's video content: MP4,
    /// WebP or JSON) keeps the bytes, a `File`, without a warning: decoding the video as JSON would
    /// fail. Several bytes types ask for none (no `contentType`, so no `Accept`); one asks for it.
    /// JSON with a real schema beside bytes stays JSON, the bytes reported. (Version 2: version 1
    /// keeps the first media type, JSON first, as it always did.)
    @Test func bytesBesideJSONThatIsOnlyAStringAreAFile() throws {
        let json = T.document(paths: """
            {"/videos/{id}/content": {"get": {"operationId": "video", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {
                 "application/json": {"schema": {"type": "string"}},
                 "video/mp4": {"schema": {"type": "string", "format": "binary"}},
                 "image/webp": {"schema": {"type": "string", "format": "binary"}}}}}}},
             "/skills/{id}/content": {"get": {"operationId": "skill", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {
                 "application/json": {"schema": {"type": "string"}}, "application/zip": {}}}}}},
             "/invoices/{id}": {"get": {"operationId": "invoice", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {
                 "application/json": {"schema": {"type": "object", "properties": {"total": {"type": "integer"}}}},
                 "application/pdf": {}}}}}}}
            """)
        let imported = T.run(json, version: .two)
        #expect(imported.endpoint("video", in: "videos")?["response"] as? String == "File")
        #expect(imported.endpoint("skill", in: "skills")?["response"] as? [String: String] == ["type": "File", "contentType": "application/zip"])
        #expect(imported.endpoint("invoice", in: "invoices")?["response"] as? String == "InvoicesInvoiceResponse")
        #expect(imported.warnings.count == 1, "\(imported.warnings)")
        #expect(imported.warnings.first?.contains("#/paths/~1invoices~1{id}/get/responses/200/content: only 'application/json' is kept; 'application/pdf' dropped") == true)
        #expect(imported.validationErrors.isEmpty)
    }

    /// Properties one Swift name would share keep both values: the later one gets a key of its own
    /// and its JSON name as `name` (version 2); version 1 has no `name` and drops it.
    @Test func propertiesSharingASwiftNameGetKeysOfTheirOwn() throws {
        let json = T.document(paths: """
            {"/roles": {"get": {"operationId": "roles", "responses": {"200": {"description": "ok", "content": {"application/json": {
               "schema": {"$ref": "#/components/schemas/Role"}}}}}}}}
            """, components: """
            {"schemas": {"Role": {"type": "object", "required": ["is_global"], "properties": {
               "is_global": {"type": "boolean"}, "isGlobal": {"type": "boolean"}, "isGlobal2": {"type": "string"}}}}}
            """)
        let imported = T.run(json, version: .two)
        let properties = try #require((imported.models["Role"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(properties["is_global"] as? String == "Bool")
        #expect(properties["isGlobal2"] as? String == "String?")
        #expect(properties["isGlobal3"] as? [String: String] == ["type": "Bool?", "name": "isGlobal"])
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings.first?.contains("#/components/schemas/Role/properties/isGlobal: property 'isGlobal' has the same Swift name as another ('isGlobal'); its key is 'isGlobal3', with \"name\": \"isGlobal\"") == true)
        #expect(imported.validationErrors.isEmpty)
        let generated = try #require(Generator.generate(specData: Data(imported.text.utf8), fileName: "Test.endpoints.json", options: GeneratorOptions()).swift)
        #expect(generated.contains(#"self.isGlobal3 = try container.memberIfPresent("isGlobal")"#))

        // OpenAPI names a property as the JSON does: a discriminator and a form body's `encoding`
        // find the renamed one by its `name`.
        let named = T.document(paths: """
            {"/pets": {"post": {"operationId": "addPet",
               "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/Form"},
                 "encoding": {"tagList": {"style": "spaceDelimited", "explode": false}}}}},
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}}
            """, components: """
            {"schemas": {
               "Form": {"type": "object", "properties": {"tag_list": {"type": "string"}, "tagList": {"type": "array", "items": {"type": "string"}}}},
               "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}], "discriminator": {"propertyName": "petType"}},
               "Cat": {"type": "object", "required": ["petType"], "properties": {"pet_type": {"type": "integer"}, "petType": {"type": "string"}}},
               "Dog": {"type": "object", "required": ["petType"], "properties": {"petType": {"type": "string"}}}}}
            """)
        let byName = T.run(named, version: .two)
        #expect((byName.models["Pet"] as? [String: Any])?["discriminator"] as? String == "petType")
        let form = try #require((byName.models["Form"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(form["tagList2"] as? [String: AnyHashable] == ["type": "[String]?", "name": "tagList", "style": "spaceDelimited"])
        #expect(!byName.warnings.contains { $0.contains("discriminator") || $0.contains("encoding names") }, "\(byName.warnings)")
        #expect(byName.validationErrors.isEmpty)
        let petCode = try #require(Generator.generate(specData: Data(byName.text.utf8), fileName: "Test.endpoints.json", options: GeneratorOptions()).swift)
        #expect(petCode.contains(#"self.petType2 = try container.member("petType")"#))

        let one = T.run(json, version: .one)
        let kept = try #require((one.models["Role"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(kept.keys.sorted() == ["isGlobal2", "is_global"])
        #expect(one.warnings.contains { $0.contains("property 'isGlobal' has the same Swift name as another ('isGlobal'); dropped") })
    }

    @Test func errorResponsesWithSchemasBecomeErrors() throws {
        let json = T.document(paths: """
            {"/e": {"get": {"operationId": "e", "responses": {
                "200": {"description": "ok"},
                "404": {"description": "missing", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
                "4XX": {"$ref": "#/components/responses/Bad"},
                "5xx": {"description": "server", "content": {"application/problem+json": {"schema": {"type": "object", "properties": {"detail": {"type": "string"}}}}}},
                "default": {"description": "other", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
                "401": {"description": "no body"},
                "503": {"description": "text", "content": {"text/html": {"schema": {"type": "string"}}}},
                "502": {"description": "xml or bytes", "content": {"application/xml": {}, "application/octet-stream": {}}},
                "500": {"description": "bytes", "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
                "404/596": {"description": "odd"}}}}}
            """, components: """
            {"schemas": {"Problem": {"type": "object", "properties": {"message": {"type": "string"}}}},
             "responses": {"Bad": {"description": "bad", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}}}
            """)
        let imported = T.run(json)
        let errors = try #require(imported.endpoint("e", in: "e")?["errors"] as? [String: Any])
        #expect(errors["404"] as? String == "Problem")
        #expect(errors["4XX"] as? String == "Problem")
        #expect(errors["5XX"] as? String == "EError5XX")
        #expect(errors["default"] as? String == "Problem")
        // Text (HTML, XML) is the error's text; bytes are dropped, reported.
        #expect(errors["503"] as? String == "String")
        #expect(errors["502"] as? String == "String")
        #expect(errors.count == 6)
        #expect(imported.warnings.contains { $0.contains("#/paths/~1e/get/responses/502/content: only one error body is kept, 'application/xml' as text; 'application/octet-stream' dropped") })
        #expect(imported.warnings.contains { $0.contains("#/paths/~1e/get/responses/500/content: error bodies that are neither JSON nor text are not supported; the 500 body is dropped") })
        #expect(imported.count("error-body-dropped") == 1)
        #expect(imported.count("unsupported-status") == 1)
        #expect(imported.warnings.contains { $0.contains("#/paths/~1e/get/responses/404~1596: '404/596' is not a status code") })
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func responseExamplesBecomeTheSample() throws {
        let json = T.document(paths: """
            {"/s": {
              "get": {"operationId": "one", "responses": {"200": {"description": "ok", "content": {"application/json": {
                  "schema": {"type": "object", "properties": {"id": {"type": "integer"}}}, "example": {"id": 7, "note": "a \\"quote\\""}}}}}},
              "post": {"operationId": "many", "responses": {"201": {"description": "ok", "content": {"application/json": {
                  "schema": {"type": "integer"}, "examples": {"first": {"value": 42}, "second": {"value": 43}}}}}}}}}
            """)
        let imported = T.run(json)
        let one = try #require(imported.endpoint("one", in: "s")?["sample"] as? [String: Any])
        #expect(one["id"] as? Int == 7)
        #expect(one["note"] as? String == "a \"quote\"")
        #expect(imported.endpoint("many", in: "s")?["sample"] as? Int == 42)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func responseHeadersLinksCallbacksWebhooksAndTraceAreReported() {
        let json = T.document(paths: """
            {"/w": {
              "trace": {"operationId": "t", "responses": {"200": {"description": "ok"}}},
              "get": {"operationId": "w", "callbacks": {"cb": {}}, "responses": {"200": {"description": "ok",
                  "headers": {"X-Rate": {"schema": {"type": "integer"}}}, "links": {"next": {"operationId": "w"}}}}}}}
            """, extra: #""webhooks": {"ping": {}}"#, version: "3.1.0")
        let imported = T.run(json)
        #expect(imported.count("unsupported-method") == 1)
        #expect(imported.count("callbacks") == 1)
        #expect(imported.count("response-headers") == 1)
        #expect(imported.count("links") == 1)
        #expect(imported.count("webhooks") == 1)
        #expect(imported.result.operationCount == 1)
        #expect(imported.validationErrors.isEmpty)
    }

    // MARK: Models

    @Test func componentSchemasBecomeModels() throws {
        let json = T.document(paths: """
            {"/pets": {"get": {"operationId": "pets", "responses": {"200": {"description": "ok",
                "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}}}}
            """, components: """
            {"schemas": {
              "Pet": {"type": "object", "description": "A pet.", "required": ["id", "name"], "properties": {
                "id": {"type": "integer", "format": "int64"},
                "name": {"type": "string", "description": "The name."},
                "nickname": {"type": "string", "nullable": true},
                "status": {"$ref": "#/components/schemas/Status"},
                "tags": {"type": "array", "items": {"type": "string"}},
                "scores": {"type": "object", "additionalProperties": {"type": "number"}},
                "extra": {"type": "object"},
                "owner": {"type": "object", "required": ["email"], "properties": {"email": {"type": "string"}}},
                "born": {"type": "string", "format": "date-time"},
                "choice": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
                "size": {"type": "string", "enum": ["small", "large"], "default": "small"}}},
              "Status": {"type": "string", "enum": ["available", "sold"]},
              "Names": {"type": "array", "items": {"type": "string"}}}}
            """)
        let imported = T.run(json)
        #expect(imported.endpoint("pets", in: "pets")?["response"] as? String == "[Pet]")
        let pet = try #require(imported.models["Pet"] as? [String: Any])
        #expect(pet["description"] as? String == "A pet.")
        let properties = try #require(pet["properties"] as? [String: Any])
        #expect(properties["id"] as? String == "Int64")
        #expect((properties["name"] as? [String: Any])?["type"] as? String == "String")
        #expect((properties["name"] as? [String: Any])?["description"] as? String == "The name.")
        #expect(properties["nickname"] as? String == "String?")
        #expect(properties["status"] as? String == "Status?")
        #expect(properties["tags"] as? String == "[String]?")
        #expect(properties["scores"] as? String == "[String: Double]?")
        #expect(properties["extra"] as? String == "JSON?")
        #expect(properties["owner"] as? String == "PetOwner?")
        #expect(properties["born"] as? String == "Date?")
        #expect(properties["choice"] as? String == "JSON?")
        let size = try #require(properties["size"] as? [String: Any])
        #expect(size["type"] as? String == "PetSize?")
        #expect(size["default"] as? String == "small")
        #expect((imported.models["Status"] as? [String: Any])?["enum"] as? [String] == ["available", "sold"])
        #expect((imported.models["PetSize"] as? [String: Any])?["enum"] as? [String] == ["small", "large"])
        let owner = try #require(imported.models["PetOwner"] as? [String: Any])
        #expect((owner["properties"] as? [String: Any])?["email"] as? String == "String")
        #expect(imported.models["Names"] == nil)   // an alias: used inline as [String]
        #expect(imported.count("schema-as-json") == 1)   // oneOf
        #expect(imported.warnings.contains { $0.contains("#/components/schemas/Pet/properties/choice/oneOf: oneOf is not expressible; typed JSON") })
        // Models in document order, inline ones after.
        #expect(orderedKeys(of: "models", in: imported.text) == ["Pet", "Status", "PetOwner", "PetSize"])
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func openAPI31TypeArraysAndAllOf() throws {
        let json = T.document(paths: "{}", components: """
            {"schemas": {
              "Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
              "Dog": {"allOf": [{"$ref": "#/components/schemas/Base"},
                                {"type": "object", "required": ["bark"], "properties": {"bark": {"type": ["string", "null"]}, "age": {"type": ["integer", "string"]}}}]},
              "Wrapper": {"type": "object", "properties": {"dog": {"allOf": [{"$ref": "#/components/schemas/Dog"}], "description": "Only a ref."},
                                                           "maybe": {"anyOf": [{"$ref": "#/components/schemas/Base"}, {"type": "null"}]}}}}}
            """, version: "3.1.0")
        let imported = T.run(json)
        let dog = try #require((imported.models["Dog"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(dog["id"] as? String == "String")
        #expect(dog["bark"] as? String == "String?")
        #expect(dog["age"] as? String == "JSON?")
        let wrapper = try #require((imported.models["Wrapper"] as? [String: Any])?["properties"] as? [String: Any])
        #expect((wrapper["dog"] as? [String: Any])?["type"] as? String == "Dog?")
        #expect(wrapper["maybe"] as? String == "Base?")
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func modelsThatContainThemselvesKeepOnePropertyAsJSON() throws {
        let json = T.document(paths: """
            {"/p": {"get": {"operationId": "person", "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Person"}}}}}}}}
            """, components: """
            {"schemas": {
              "Person": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "employer": {"$ref": "#/components/schemas/Company"}}},
              "Company": {"type": "object", "required": ["owner"], "properties": {"owner": {"$ref": "#/components/schemas/Person"}}},
              "Tree": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/components/schemas/Tree"}}}}}}
            """)
        let imported = T.run(json)
        func properties(_ model: String) throws -> [String: Any] {
            try #require((imported.models[model] as? [String: Any])?["properties"] as? [String: Any])
        }
        // The cycle Person -> Company -> Person is cut once, at the first property in output order.
        #expect(try properties("Person")["employer"] as? String == "JSON?")
        #expect(try properties("Company")["owner"] as? String == "Person")
        // An array in between is fine for a struct: the tree stays typed.
        #expect(try properties("Tree")["children"] as? String == "[Tree]?")
        #expect(imported.count("schema-as-json") == 1)
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func oddAndCollidingSchemaNamesAreRenamed() throws {
        let json = T.document(paths: """
            {"/x": {"get": {"operationId": "x", "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/my-model"}}}}}}}}
            """, components: """
            {"schemas": {
              "my-model": {"type": "object", "properties": {"default": {"type": "string"}, "self": {"type": "string"}, "2nd": {"type": "string"},
                                                              "a_b": {"type": "string"}, "aB": {"type": "string"}}},
              "my_model": {"type": "object", "properties": {"ref": {"$ref": "#/components/schemas/my_model"}}},
              "Date": {"type": "object", "properties": {"day": {"type": "integer"}}},
              "class": {"type": "string", "enum": ["a-b", "a_b", "import"]}}}
            """)
        let imported = T.run(json)
        #expect(imported.endpoint("x", in: "x")?["response"] as? String == "MyModel")
        #expect(imported.models["MyModel2"] != nil)
        #expect(imported.models["DateModel"] != nil)
        #expect((imported.models["Class"] as? [String: Any])?["enum"] as? [String] == ["a-b", "import"])
        let properties = try #require((imported.models["MyModel"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(properties["aB"] == nil)
        #expect(properties.count == 4)
        #expect(imported.count("renamed") == 2)
        #expect(imported.count("property-dropped") == 1)
        #expect(imported.count("enum-value-dropped") == 1)
        // my_model holds itself: that property keeps its raw JSON (a struct cannot contain itself).
        let recursive = try #require((imported.models["MyModel2"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(recursive["ref"] as? String == "JSON?")
        #expect(imported.count("schema-as-json") == 1)
        #expect(imported.validationErrors.isEmpty)
    }

    // MARK: Security

    @Test func securitySchemesBecomeAuth() throws {
        let json = T.document(paths: """
            {"/a": {
              "get": {"operationId": "inherits", "responses": {"200": {"description": "ok"}}},
              "post": {"operationId": "login", "security": [], "responses": {"200": {"description": "ok"}}},
              "put": {"operationId": "basic", "security": [{"basicAuth": []}], "responses": {"200": {"description": "ok"}}},
              "patch": {"operationId": "key", "security": [{"queryKey": []}, {"bearerAuth": []}], "responses": {"200": {"description": "ok"}}},
              "delete": {"operationId": "oauth", "security": [{"oauth": ["write"]}], "responses": {"200": {"description": "ok"}}}}}
            """, components: """
            {"securitySchemes": {
              "bearerAuth": {"type": "http", "scheme": "bearer"},
              "basicAuth": {"type": "http", "scheme": "basic"},
              "headerKey": {"type": "apiKey", "in": "header", "name": "X-Api-Key"},
              "queryKey": {"type": "apiKey", "in": "query", "name": "key"},
              "cookieKey": {"type": "apiKey", "in": "cookie", "name": "sid"},
              "oauth": {"type": "oauth2", "flows": {}}}}
            """, extra: #""security": [{"cookieKey": [], "headerKey": []}]"#)
        let imported = T.run(json)
        let topAuth = try #require(imported.spec["auth"] as? [String: Any])
        #expect(topAuth["type"] as? String == "apiKey")
        #expect(topAuth["in"] as? String == "header")
        #expect(topAuth["name"] as? String == "X-Api-Key")
        #expect(imported.endpoint("inherits", in: "a")?["auth"] == nil)
        #expect(imported.endpoint("login", in: "a")?["auth"] as? String == "none")
        #expect(imported.endpoint("basic", in: "a")?["auth"] as? String == "basic")
        // Two alternatives: both kept, in order.
        let key = try #require(imported.endpoint("key", in: "a")?["auth"] as? [Any])
        #expect((key.first as? [String: Any])?["in"] as? String == "query")
        #expect(key.last as? String == "bearer")
        #expect(imported.endpoint("oauth", in: "a")?["auth"] as? String == "bearer")
        #expect(imported.count("unsupported-security") == 2)   // the cookie key (version 1), oauth2 approximated
        #expect(imported.warnings.contains { $0.contains("API keys in 'cookie' are not supported in format version 1 (version 2 sends them); ignored") })
        #expect(imported.validationErrors.isEmpty)

        // Version 2 sends a key in a cookie: sent together with the header key.
        let two = T.run(json, version: .two)
        let together = try #require((two.spec["auth"] as? [Any])?.first as? [[String: String]])
        #expect(together == [["type": "apiKey", "in": "cookie", "name": "sid"], ["type": "apiKey", "in": "header", "name": "X-Api-Key"]])
        #expect(two.count("unsupported-security") == 1)   // oauth2 approximated
        #expect(two.validationErrors.isEmpty)
    }

    @Test func securityAlternativesAndOptionalSecurityAreKept() throws {
        let json = T.document(paths: """
            {"/a": {
              "get": {"operationId": "either", "security": [{"basicAuth": []}, {"headerKey": []}], "responses": {"200": {"description": "ok"}}},
              "put": {"operationId": "optional", "security": [{}, {"bearerAuth": []}], "responses": {"200": {"description": "ok"}}},
              "post": {"operationId": "optionalLast", "security": [{"bearerAuth": []}, {}], "responses": {"200": {"description": "ok"}}},
              "patch": {"operationId": "together", "security": [{"basicAuth": [], "headerKey": []}, {"headerKey": [], "basicAuth": []}], "responses": {"200": {"description": "ok"}}},
              "delete": {"operationId": "sameTwice", "security": [{"oauth": []}, {"bearerAuth": []}], "responses": {"200": {"description": "ok"}}},
              "head": {"operationId": "onlyEmpty", "security": [{}], "responses": {"200": {"description": "ok"}}}},
             "/b": {"get": {"operationId": "oneHeader", "security": [{"bearerAuth": [], "basicAuth": [], "headerKey": []}], "responses": {"200": {"description": "ok"}}},
                    "put": {"operationId": "caseOnly", "security": [{"headerKey": [], "lowerKey": []}], "responses": {"200": {"description": "ok"}}}}}
            """, components: """
            {"securitySchemes": {
              "bearerAuth": {"type": "http", "scheme": "bearer"},
              "basicAuth": {"type": "http", "scheme": "basic"},
              "headerKey": {"type": "apiKey", "in": "header", "name": "X-Api-Key"},
              "lowerKey": {"type": "apiKey", "in": "header", "name": "x-api-key"},
              "oauth": {"type": "oauth2", "flows": {}}}}
            """)
        let imported = T.run(json)
        let either = try #require(imported.endpoint("either", in: "a")?["auth"] as? [Any])
        #expect(either.first as? String == "basic")
        #expect(either.last as? [String: String] == ["type": "apiKey", "in": "header", "name": "X-Api-Key"])
        #expect(imported.endpoint("optional", in: "a")?["auth"] as? [String] == ["none", "bearer"])
        #expect(imported.endpoint("optionalLast", in: "a")?["auth"] as? [String] == ["bearer", "none"])
        // Schemes one requirement needs together: a list of them, sent together, no warning; the same
        // schemes in another order are the same alternative.
        let together = try #require(imported.endpoint("together", in: "a")?["auth"] as? [[Any]])
        #expect(together.count == 1)
        #expect(together.first?.first as? String == "basic")
        #expect(together.first?.last as? [String: String] == ["type": "apiKey", "in": "header", "name": "X-Api-Key"])
        #expect(!imported.warnings.contains { $0.contains("/patch/") }, "\(imported.warnings)")
        // Two schemes of one requirement in the same header: the second would replace the first, so
        // it is left out, reported.
        // (Schemes are taken in the order of their names, so the same requirement written in another
        // order keeps the same ones.)
        let oneHeader = try #require(imported.endpoint("oneHeader", in: "b")?["auth"] as? [[Any]])
        #expect(oneHeader.first?.first as? String == "basic")
        #expect(oneHeader.first?.count == 2)
        #expect(imported.warnings.contains { $0.contains("#/paths/~1b/get/security/0: 'basicAuth' and 'bearerAuth' would be sent in the same header 'Authorization'; only 'basicAuth' is sent together with the others") })
        // Header names differ in case only: the same header (it was sent twice, and the Validator refused the import).
        #expect(imported.endpoint("caseOnly", in: "b")?["auth"] as? [String: String] == ["type": "apiKey", "in": "header", "name": "X-Api-Key"])
        #expect(imported.warnings.contains { $0.contains("#/paths/~1b/put/security/0: 'headerKey' and 'lowerKey' would be sent in the same header 'x-api-key'; only 'headerKey' is sent together with the others") })
        // Alternatives that send the same thing are one.
        #expect(imported.endpoint("sameTwice", in: "a")?["auth"] as? String == "bearer")
        #expect(imported.endpoint("onlyEmpty", in: "a")?["auth"] == nil, "no credentials, as the document's default")
        #expect(imported.validationErrors.isEmpty)

        // The generated requests carry the alternatives.
        let generated = try #require(Generator.generate(specData: Data(imported.text.utf8), fileName: "Test.endpoints.json", options: GeneratorOptions()).swift)
        #expect(generated.contains("AuthOptions([.basic, .apiKey(in: .header, name: \"X-Api-Key\")])"))
        #expect(generated.contains("AuthOptions([.bearer], optional: true)"))
        #expect(generated.contains("AuthOptions(alternatives: [[.basic, .apiKey(in: .header, name: \"X-Api-Key\")]])"))
    }

    @Test func securityEveryOperationSharesIsSaidOnceAtTheTop() {
        let json = T.document(paths: """
            {"/a": {"get": {"operationId": "a", "security": [{"o1": ["x"], "o2": ["x"]}], "responses": {"200": {"description": "ok"}}},
                    "put": {"operationId": "b", "security": [{"o1": ["x"], "o2": ["x"]}], "responses": {"200": {"description": "ok"}}}}}
            """, components: """
            {"securitySchemes": {"o1": {"type": "oauth2", "flows": {}}, "o2": {"type": "openIdConnect", "openIdConnectUrl": "https://x"}}}
            """)
        let imported = T.run(json)
        #expect(imported.spec["auth"] as? String == "bearer")
        #expect(imported.endpoint("a", in: "a")?["auth"] == nil)
        #expect(imported.endpoint("b", in: "a")?["auth"] == nil)
        // Both schemes send a bearer token: one is sent, nothing is lost.
        #expect(imported.count("unsupported-security") == 2)
        #expect(imported.validationErrors.isEmpty)
    }

    // MARK: Descriptions and deprecation

    @Test func summaryDescriptionAndDeprecation() throws {
        let json = T.document(paths: """
            {"/d": {"get": {"operationId": "d", "summary": "Short.", "description": "Long text.", "deprecated": true,
              "parameters": [{"name": "old", "in": "query", "deprecated": true, "schema": {"type": "string"}}],
              "responses": {"200": {"description": "ok"}}}}}
            """)
        let imported = T.run(json)
        let endpoint = try #require(imported.endpoint("d", in: "d"))
        #expect(endpoint["description"] as? String == "Short.\n\nLong text.")
        #expect(endpoint["deprecated"] as? Bool == true)
        let old = try #require((endpoint["parameters"] as? [String: Any])?["old"] as? [String: Any])
        #expect(old["description"] as? String == "Deprecated.")
        #expect(imported.validationErrors.isEmpty)
    }

    // MARK: References

    @Test func brokenReferencesAreReported() {
        // (References to other files: ImportFileReferenceTests.)
        let json = T.document(paths: """
            {"/r": {"get": {"operationId": "r", "parameters": [{"$ref": "#/components/parameters/missing"}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Nope"}}}}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.count("unresolved-reference") == 2)
        #expect(imported.endpoint("r", in: "r")?["response"] as? String == "JSON")
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func selfContainingAliasesDoNotLoop() {
        let json = T.document(paths: """
            {"/t": {"get": {"operationId": "t", "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Tree"}}}}}}}}
            """, components: """
            {"schemas": {"Tree": {"type": "array", "items": {"$ref": "#/components/schemas/Tree"}},
                         "Node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}}}
            """)
        let imported = T.run(json)
        #expect(imported.endpoint("t", in: "t")?["response"] as? String == "[JSON]")
        #expect(((imported.models["Node"] as? [String: Any])?["properties"] as? [String: Any])?["children"] as? String == "[Node]?")
        #expect(imported.validationErrors.isEmpty)
    }

    // MARK: Errors

    @Test func invalidJSONIsAnErrorWithLineAndColumn() {
        let imported = T.run("{\n  \"openapi\": \"3.0.0\",\n  \"paths\": {,}\n}")
        #expect(imported.result.specJSON == nil)
        #expect(imported.errors.first?.hasPrefix("openapi.json:3:") == true)
    }

    @Test func documentsThatAreNotOpenAPI3AreErrors() {
        // (Swagger 2.0 is read: ImportSwagger2Tests.)
        let swagger = T.run(#"{"swagger": "1.2", "info": {"title": "t", "version": "1"}, "paths": {}}"#)
        #expect(swagger.result.specJSON == nil)
        #expect(swagger.errors.first?.hasPrefix("openapi.json:1:13: error: this is a Swagger 1.2 document") == true)

        let missing = T.run(#"{"info": {"title": "t", "version": "1"}, "paths": {}}"#)
        #expect(missing.errors == ["openapi.json:1:1: error: not an OpenAPI document: the 'openapi' key (3.0.x or 3.1.x) is missing"])

        let old = T.run(#"{"openapi": "2.5", "paths": {}}"#)
        #expect(old.errors.first?.contains("unsupported OpenAPI version \"2.5\"") == true)

        let array = T.run("[1, 2]")
        #expect(array.errors.first?.contains("the top level must be a JSON object") == true)
    }

    // MARK: Files

    @Test func binaryStringsInAMultipartBodyAreFiles() throws {
        // OpenAPI 3.0: `format: binary`; 3.1 (FastAPI's UploadFile): `contentMediaType`, also nullable and in arrays.
        let json = T.document(paths: """
            {"/up": {"post": {"operationId": "upload", "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": {"$ref": "#/components/schemas/Upload"}}}},
              "responses": {"200": {"description": "ok"}}}},
             "/info": {"post": {"operationId": "info", "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Meta"}}}},
              "responses": {"200": {"description": "ok"}}}}}
            """, components: """
            {"schemas": {
              "Upload": {"type": "object", "required": ["file", "files"], "properties": {
                "file": {"type": "string", "format": "binary"},
                "files": {"type": "array", "items": {"type": "string", "contentMediaType": "application/octet-stream"}},
                "thumb": {"anyOf": [{"type": "string", "contentMediaType": "image/png"}, {"type": "null"}]},
                "encoded": {"type": "string", "format": "byte"},
                "note": {"type": "string", "default": "n"}}},
              "Meta": {"type": "object", "properties": {
                "blob": {"type": "string", "format": "binary"},
                "text": {"type": "string", "contentMediaType": "text/plain"}}}}}
            """, version: "3.1.0")
        let imported = T.run(json)
        let upload = try #require((imported.models["Upload"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(upload["file"] as? String == "File")
        #expect(upload["files"] as? String == "[File]")
        #expect(upload["thumb"] as? String == "File?")
        // base64 text is not a file: it stays Data, as the other text stays String.
        #expect(upload["encoded"] as? String == "Data?")
        #expect((upload["note"] as? [String: Any])?["type"] as? String == "String?")
        // The same schemas in a JSON body keep today's mapping: a File has no JSON form.
        let meta = try #require((imported.models["Meta"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(meta["blob"] as? String == "Data?")
        #expect(meta["text"] as? String == "String?")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
    }

    @Test func aMultipartModelAlsoUsedAsJSONIsReported() throws {
        let json = T.document(paths: """
            {"/up": {"post": {"operationId": "upload", "requestBody": {"content": {"multipart/form-data": {"schema": {"$ref": "#/components/schemas/Doc"}}}},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Doc"}}}}}}}}}
            """, components: """
            {"schemas": {"Doc": {"type": "object", "properties": {"content": {"type": "string", "format": "binary"}, "name": {"type": "string"}}}}}
            """)
        let imported = T.run(json)
        let doc = try #require((imported.models["Doc"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(doc["content"] as? String == "File?")
        #expect(imported.count("schema-detail-dropped") == 1)
        #expect(imported.warnings.first?.contains(
            "model 'Doc' is also a multipart body, where its file properties ('content') are typed File; a File has no JSON form, so this JSON use fails at run time") == true,
            "\(imported.warnings)")
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
    }

    @Test func binaryBodiesAndResponsesAreFiles() throws {
        let json = T.document(paths: """
            {"/f": {"put": {"operationId": "put", "requestBody": {"content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}},
               "responses": {"204": {"description": "stored"}}},
              "get": {"operationId": "get", "responses": {"200": {"description": "the file",
                "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}}}},
             "/t": {"get": {"operationId": "text", "responses": {"200": {"description": "csv",
                "content": {"text/csv": {"schema": {"type": "string", "format": "binary"}}}}}}}}
            """)
        let imported = T.run(json)
        let body = try #require(imported.endpoint("put", in: "f")?["body"] as? [String: Any])
        #expect(body["type"] as? String == "File")
        #expect(body["encoding"] as? String == "binary")
        #expect(body["contentType"] as? String == "application/pdf")
        let response = try #require(imported.endpoint("get", in: "f")?["response"] as? [String: Any])
        #expect(response["type"] as? String == "File")
        #expect(response["contentType"] as? String == "application/octet-stream")
        // A text media type stays text.
        let text = try #require(imported.endpoint("text", in: "t")?["response"] as? [String: Any])
        #expect(text["type"] as? String == "String")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        #expect(imported.validationErrors.isEmpty, "\(imported.validationErrors)")
    }

    @Test func yamlIsReadByExtensionOrByContent() {
        let yaml = "openapi: 3.0.0\ninfo:\n  title: t\n  version: '1'\npaths: {}\n"
        let byExtension = T.run(yaml, fileName: "api.yml")
        #expect(byExtension.errors.isEmpty)
        #expect(byExtension.result.specJSON != nil)
        let byContent = T.run(yaml, fileName: "<stdin>")
        #expect(byContent.errors.isEmpty)
        #expect(byContent.result.specJSON == byExtension.result.specJSON)
        // A .json file is read as JSON whatever it holds.
        let misnamed = T.run(yaml, fileName: "api.json")
        #expect(misnamed.result.specJSON == nil)
        #expect(misnamed.errors.first?.hasPrefix("api.json:1:1: error: unexpected 'openapi'") == true)
        // JSON in a .yaml file is read too: JSON is YAML.
        let jsonInYAML = T.run(T.document(), fileName: "api.yaml")
        #expect(jsonInYAML.errors.isEmpty)
        #expect(jsonInYAML.result.specJSON == T.run(T.document()).result.specJSON)
    }

    // MARK: Output

    @Test func outputKeepsTheFormatsKeyOrderAndIndentsByTwo() {
        let json = T.document(paths: """
            {"/a": {"get": {"operationId": "a", "tags": ["t"], "security": [{"k": []}], "responses": {"200": {"description": "ok"}}}},
             "/": {"get": {"operationId": "root", "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/M"}}}}}}}}
            """, components: """
            {"schemas": {"M": {"type": "object", "properties": {"a": {"type": "string"}}}}, "securitySchemes": {"k": {"type": "http", "scheme": "bearer"}}}
            """, extra: #""security": [{"k": []}]"#)
        let imported = T.run(json, name: nil)
        #expect(orderedKeys(of: nil, in: imported.text) == ["name", "description", "baseURL", "auth", "endpoints", "groups", "models"])
        #expect(imported.spec["name"] as? String == "TestAPI")
        #expect(imported.text.hasPrefix("{\n  \"name\": \"TestAPI\",\n  \"description\": \"Test API\",\n"))
        #expect(imported.text.hasSuffix("}\n"))
        #expect(imported.validationErrors.isEmpty)
    }

    @Test func writerEscapesStringsAndKeepsOrder() {
        let value = ImportJSON.object([
            ("z", .string("quote \" backslash \\ newline \n tab \t bell \u{07} é 🎉")),
            ("a", .array([.number("1"), .number("-2.5e3"), .bool(true), .null])),
            ("m", .object([])),
            ("long", .array((0..<30).map { .string("item\($0)") })),
        ])
        let text = ImportJSONWriter.write(value)
        #expect(text.hasPrefix(#"{"# + "\n" + #"  "z": "quote \" backslash \\ newline \n tab \t bell \u0007 é 🎉","#))
        #expect(text.contains(#"  "a": [1, -2.5e3, true, null],"#))
        #expect(text.contains(#"  "m": {},"#))
        #expect(text.contains("  \"long\": [\n    \"item0\",\n"))
        // What it writes is JSON that reads back to the same strings.
        let parsed = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
        #expect(parsed?["z"] as? String == "quote \" backslash \\ newline \n tab \t bell \u{07} é 🎉")
    }

    // MARK: Helpers

    /// The keys of the first object named `key` in `text` (nil: the top level), in written order.
    func orderedKeys(of key: String?, in text: String) -> [String] {
        var diagnostics = Diagnostics()
        guard let root = JSONParser.parse(Data(text.utf8), fileName: "out.json", diagnostics: &diagnostics) else { return [] }
        func find(_ node: JSONNode) -> JSONNode? {
            guard case let .object(members) = node.value else {
                if case let .array(items) = node.value { return items.lazy.compactMap(find).first }
                return nil
            }
            for member in members {
                if member.key == key { return member.value }
                if let found = find(member.value) { return found }
            }
            return nil
        }
        guard let target = key == nil ? root : find(root), case let .object(members) = target.value else { return [] }
        return members.map(\.key)
    }
}
