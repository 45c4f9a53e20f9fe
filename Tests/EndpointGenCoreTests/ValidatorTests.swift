import Foundation
import Testing
@testable import EndpointGenCore

/// Validates `json` and returns the spec and the printed diagnostics.
func validateText(_ json: String, file: String = "Test.endpoints.json", moduleTypes: Set<String> = []) -> (Spec?, [String]) {
    let (spec, diagnostics) = Generator.validate(specData: Data(json.utf8), fileName: file, moduleTypes: moduleTypes)
    return (spec, diagnostics.all.map(\.description))
}

let fixturesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

@Suite struct ValidatorTests {
    @Test func fullExampleSpec() throws {
        let data = try Data(contentsOf: fixturesDirectory.appendingPathComponent("ValidSpecs/StravaAPI.endpoints.json"))
        let (spec, diagnostics) = Generator.validate(specData: data, fileName: "StravaAPI.endpoints.json")
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let api = try #require(spec).api
        #expect(api.swiftName == "StravaAPI")
        #expect(api.endpoints.map(\.swiftName) == ["athlete", "activity", "login"])
        let login = api.endpoints[2]
        // What login does differently from the API's Accept, X-Client and bearer.
        #expect(login.overrides == Endpoint.Overrides(headers: [Header(name: "accept", value: "application/x-www-form-urlencoded")],
                                                      removedHeaders: ["X-Client"], auth: Auth.none))
        #expect(login.sample == #"{"access_token":"abc","expires_in":3600,"scopes":["read","write"],"nested":{"é":"\"q\""}}"#)
        let streams = try #require(api.groups.first?.groups.first)
        #expect(streams.swiftName == "Streams")
        let get = try #require(streams.endpoints.first)
        #expect(get.path == [PathSegment(parts: [.literal("activities")]), PathSegment(parts: [.parameter("activity_id")]),
                             PathSegment(parts: [.literal("streams")])])
        #expect(get.overrides == Endpoint.Overrides(headers: [Header(name: "Accept", value: "application/vnd.streams+json")],
                                                    auth: .apiKey(in: .header, name: "X-Api-Key")))
        #expect(get.response.type == .dictionary(.array(.builtin(.double))))
    }
}

/// A spec with the given top-level extras (JSON members text, without braces).
private func spec(_ members: String, file: String = "Test.endpoints.json", moduleTypes: Set<String> = []) -> (Spec?, [String]) {
    validateText("{ \"baseURL\": \"https://api.example.com/v1\"\(members.isEmpty ? "" : ", " + members) }", file: file,
                 moduleTypes: moduleTypes)
}

/// The single endpoint `e` of a spec whose endpoints hold `endpoint`, plus models.
private func endpoint(_ endpoint: String, models: String = "{}", moduleTypes: Set<String> = []) throws -> Endpoint {
    let (result, errors) = spec("\"endpoints\": { \"e\": \(endpoint) }, \"models\": \(models)", moduleTypes: moduleTypes)
    #expect(errors.isEmpty, "\(errors)")
    return try #require(result?.api.endpoints.first)
}

@Suite struct ValidatorSnippetTests {
    // MARK: Top level

    @Test func nameComesFromTheFileOrTheNameKey() throws {
        let (fromFile, _) = spec("", file: "dir/StravaAPI.endpoints.json")
        #expect(fromFile?.api.swiftName == "StravaAPI")
        #expect(fromFile?.outputName == "StravaAPI")
        #expect(fromFile?.fileName == "dir/StravaAPI.endpoints.json")
        let (named, _) = spec("\"name\": \"Strava\"", file: "StravaAPI.endpoints.json")
        #expect(named?.api.swiftName == "Strava")
        #expect(named?.outputName == "StravaAPI")
        let (plainJSON, _) = spec("", file: "Weather.json")
        #expect(plainJSON?.api.swiftName == "Weather")
        let (bad, errors) = spec("", file: "2fa.endpoints.json")
        #expect(bad == nil)
        #expect(errors == ["2fa.endpoints.json:1:1: error: the file name '2fa.endpoints.json' does not give a Swift type name ('2fa' is not a valid Swift type name); add a 'name' key"])
    }

    @Test func topLevelKeys() throws {
        let (result, errors) = spec("""
            "$schema": "https://example.com/schema.json", "description": "An API.", "dateFormat": "millisecondsSince1970",
            "headers": { "Accept": "application/json", "X-Empty": null }, "auth": "basic",
            "endpoints": { "ping": { "method": "HEAD" } }
            """)
        #expect(errors.isEmpty)
        let value = try #require(result)
        #expect(value.baseURL == "https://api.example.com/v1")
        #expect(value.dateFormat == .millisecondsSince1970)
        #expect(value.api.description == "An API.")
        let ping = try #require(value.api.endpoints.first)
        #expect(ping.method == "HEAD")
        #expect(ping.path.isEmpty)
        #expect(value.auth == .basic)
        #expect(value.headers == [Header(name: "Accept", value: "application/json")])
        #expect(ping.overrides == Endpoint.Overrides())
        #expect(ping.response == Response(type: .void, status: nil, contentType: nil))
    }

    @Test(arguments: DateFormat.allCases)
    func everyDateFormat(format: DateFormat) {
        let (result, errors) = spec("\"dateFormat\": \"\(format.rawValue)\"")
        #expect(errors.isEmpty)
        #expect(result?.dateFormat == format)
    }

    @Test(arguments: [
        ("\"none\"", Auth.none), ("\"bearer\"", .bearer), ("\"basic\"", .basic),
        ("{ \"type\": \"apiKey\", \"in\": \"query\", \"name\": \"api_key\" }", .apiKey(in: .query, name: "api_key")),
        ("{ \"type\": \"apiKey\", \"in\": \"header\", \"name\": \"X-Api-Key\" }", .apiKey(in: .header, name: "X-Api-Key")),
    ])
    func authValues(json: String, expected: Auth) throws {
        let e = try endpoint("{ \"method\": \"GET\", \"auth\": \(json) }")
        // The API's auth is none: an endpoint's own is an override unless it is none too.
        #expect(e.overrides.auth == (expected == .none ? nil : expected))
    }

    @Test func baseURLKeepsItsPath() throws {
        for url in ["http://localhost:8080", "https://api.example.com/api/v3/", "HTTPS://EXAMPLE.COM"] {
            let (result, errors) = validateText("{ \"baseURL\": \"\(url)\" }")
            #expect(errors.isEmpty, "\(url)")
            #expect(result?.baseURL == url)
        }
    }

    // MARK: Inheritance

    @Test func inheritanceThroughNestedGroups() throws {
        let (result, errors) = spec("""
            "headers": { "Accept": "application/json", "X-Trace": "1", "X-Top": "t" },
            "auth": "bearer",
            "groups": {
              "outer": {
                "path": "/outer/{org}", "headers": { "accept": "text/plain", "X-Trace": null }, "auth": "basic",
                "groups": {
                  "inner": {
                    "path": "/inner", "auth": "none", "headers": { "X-Inner": "i" },
                    "endpoints": {
                      "get": { "method": "GET", "path": "/items/{id}.json", "parameters": { "org": "String", "id": "Int" },
                               "headers": { "X-TOP": "override" } }
                    }
                  }
                },
                "endpoints": { "list": { "method": "GET", "parameters": { "org": "String" } } }
              }
            }
            """)
        #expect(errors.isEmpty, "\(errors)")
        let outer = try #require(result?.api.groups.first)
        let list = try #require(outer.endpoints.first)
        #expect(list.overrides == Endpoint.Overrides(headers: [Header(name: "accept", value: "text/plain")], removedHeaders: ["X-Trace"],
                                                     auth: .basic))
        #expect(list.path == [PathSegment(parts: [.literal("outer")]), PathSegment(parts: [.parameter("org")])])
        let get = try #require(outer.groups.first?.endpoints.first)
        #expect(get.overrides == Endpoint.Overrides(
            headers: [Header(name: "accept", value: "text/plain"), Header(name: "X-TOP", value: "override"), Header(name: "X-Inner", value: "i")],
            removedHeaders: ["X-Trace"], auth: Auth.none))
        #expect(get.path == [
            PathSegment(parts: [.literal("outer")]), PathSegment(parts: [.parameter("org")]), PathSegment(parts: [.literal("inner")]),
            PathSegment(parts: [.literal("items")]), PathSegment(parts: [.parameter("id"), .literal(".json")]),
        ])
        #expect(get.parameters.map(\.location) == [.path, .path])
    }

    // MARK: Parameters

    @Test func parameterForms() throws {
        let e = try endpoint("""
            { "method": "GET", "path": "/users/{user-id}",
              "parameters": {
                "userId": { "type": "Int64", "name": "user-id", "description": "The user." },
                "include_all": "Bool?",
                "If-None-Match": { "type": "String?", "in": "header" },
                "ids": { "type": "[Int]", "style": "comma", "default": [1, 2] },
                "filter": "[String: String]?",
                "sort": { "type": "Order", "default": "asc" },
                "limit": { "type": "Int32", "default": -5 },
                "ratio": { "type": "Double", "default": 1.5e2 },
                "tag": { "type": "String?", "default": null },
                "default": { "type": "String", "default": "x" }
              } }
            """, models: "{ \"Order\": { \"enum\": [\"asc\", \"desc\"] } }")
        let byKey = Dictionary(uniqueKeysWithValues: e.parameters.map { ($0.key, $0) })
        #expect(e.parameters.map(\.key) == ["userId", "include_all", "If-None-Match", "ids", "filter", "sort", "limit", "ratio", "tag", "default"])
        #expect(byKey["userId"]?.wireName == "user-id")
        #expect(byKey["userId"]?.location == .path)
        #expect(byKey["userId"]?.description == "The user.")
        #expect(e.path.last == PathSegment(parts: [.parameter("userId")]))
        #expect(byKey["include_all"]?.swiftName == "includeAll")
        #expect(byKey["include_all"]?.location == .query)
        #expect(byKey["If-None-Match"]?.swiftName == "ifNoneMatch")
        #expect(byKey["If-None-Match"]?.location == .header)
        #expect(byKey["ids"]?.style == .comma)
        #expect(byKey["ids"]?.defaultValue == .array([.integer("1"), .integer("2")]))
        #expect(byKey["filter"]?.type == .optional(.dictionary(.builtin(.string))))
        #expect(byKey["sort"]?.defaultValue == .enumCase("asc"))
        #expect(byKey["limit"]?.defaultValue == .integer("-5"))
        #expect(byKey["ratio"]?.defaultValue == .number("1.5e2"))
        #expect(byKey["tag"]?.defaultValue == .null)
        // Keywords stay unescaped in the Spec; the Translator escapes them.
        #expect(byKey["default"]?.swiftName == "default")
    }

    // MARK: Body, response, errors

    @Test(arguments: [
        ("\"NewItem\"", Body(type: .model("NewItem", defined: true), encoding: .json, contentType: nil)),
        ("{ \"type\": \"[NewItem]\" }", Body(type: .array(.model("NewItem", defined: true)), encoding: .json, contentType: nil)),
        ("{ \"type\": \"NewItem\", \"encoding\": \"form\" }", Body(type: .model("NewItem", defined: true), encoding: .form, contentType: nil)),
        ("{ \"type\": \"[String: String]\", \"encoding\": \"multipart\" }", Body(type: .dictionary(.builtin(.string)), encoding: .multipart, contentType: nil)),
        ("{ \"type\": \"Upload\", \"encoding\": \"multipart\" }", Body(type: .model("Upload", defined: false), encoding: .multipart, contentType: nil)),
        ("{ \"type\": \"Data\", \"encoding\": \"binary\", \"contentType\": \"image/png\" }", Body(type: .builtin(.data), encoding: .binary, contentType: "image/png")),
        ("{ \"type\": \"String\", \"encoding\": \"text\", \"contentType\": \"text/csv; charset=utf-8\" }", Body(type: .builtin(.string), encoding: .text, contentType: "text/csv; charset=utf-8")),
    ])
    func bodies(json: String, expected: Body) throws {
        let e = try endpoint("{ \"method\": \"POST\", \"body\": \(json) }", models: "{ \"NewItem\": { \"properties\": { \"name\": \"String\" } } }",
                             moduleTypes: ["Upload"])
        #expect(e.body == expected)
    }

    @Test func responsesAndErrors() throws {
        let e = try endpoint("""
            { "method": "DELETE", "path": "/x", "response": { "type": "Void", "status": 204 },
              "errors": { "404": "Fault", "4xx": "[String: JSON]", "5XX": "String", "default": "JSON" } }
            """, moduleTypes: ["Fault"])
        #expect(e.response == Response(type: .void, status: 204, contentType: nil))
        // The API has no error bodies: the endpoint's are all overrides.
        #expect(e.overrides.errors == [
            ErrorResponse(status: .code(404), type: .model("Fault", defined: false)),
            ErrorResponse(status: .range(4), type: .dictionary(.json)),
            ErrorResponse(status: .range(5), type: .builtin(.string)),
            ErrorResponse(status: .default, type: .json),
        ])
        let text = try endpoint("{ \"method\": \"GET\", \"response\": { \"type\": \"String\", \"contentType\": \"text/plain\" } }")
        #expect(text.response == Response(type: .builtin(.string), status: nil, contentType: "text/plain"))
        // What the response is read as, the endpoint accepts.
        #expect(text.overrides.headers == [Header(name: "Accept", value: "text/plain")])
        let plain = try endpoint("{ \"method\": \"GET\", \"response\": \"[ String : [ Int? ] ] ?\" }")
        #expect(plain.response.type == .optional(.dictionary(.array(.optional(.builtin(.int))))))
    }

    @Test func timeoutDeprecatedSampleDescription() throws {
        let e = try endpoint("""
            { "method": "GET", "timeout": 2.5, "deprecated": true, "description": "Old.",
              "sample": { "b": [1, 2.50, -3e2, true, null], "a": "line\\nbreak \\"q\\" \\u0001 é", "c": {} } }
            """)
        #expect(e.timeout == 2.5)
        #expect(e.deprecation == .deprecated)
        #expect(e.description == "Old.")
        #expect(e.sample == #"{"b":[1,2.50,-3e2,true,null],"a":"line\nbreak \"q\" \u0001 é","c":{}}"#)
        #expect(try endpoint("{ \"method\": \"GET\", \"deprecated\": false }").deprecation == nil)
        #expect(try endpoint("{ \"method\": \"GET\", \"deprecated\": \"Use v2.\" }").deprecation == .message("Use v2."))
        #expect(try endpoint("{ \"method\": \"GET\", \"sample\": \"text\" }").sample == "\"text\"")
    }

    @Test func everyMethod() throws {
        for method in SpecKeys.methods {
            #expect(try endpoint("{ \"method\": \"\(method)\" }").method == method)
        }
    }

    // MARK: Models and names

    @Test func models() throws {
        let (result, errors) = spec("""
            "models": {
              "Athlete": { "description": "A person.", "properties": {
                  "id": "Int64", "first_name": { "type": "String?", "description": "Given name." },
                  "self": "String", "count": { "type": "Int", "default": 0 }, "club": "Club", "kind": { "type": "Kind", "default": "pro-user" } } },
              "Kind": { "description": "Kinds.", "enum": ["pro-user", "default", "2fa", "🎉"] },
              "Empty": {}
            }
            """, moduleTypes: ["Club"])
        #expect(errors.isEmpty, "\(errors)")
        let models = try #require(result?.models)
        #expect(models.map(\.swiftName) == ["Athlete", "Kind", "Empty"])
        guard case .object(let properties) = models[0].kind else { Issue.record("not an object"); return }
        #expect(models[0].description == "A person.")
        #expect(properties.map(\.swiftName) == ["id", "firstName", "self", "count", "club", "kind"])
        #expect(properties[1].description == "Given name.")
        #expect(properties[3].defaultValue == .integer("0"))
        #expect(properties[4].type == .model("Club", defined: false))
        #expect(properties[5].defaultValue == .enumCase("pro-user"))
        guard case .enumeration(let cases) = models[1].kind else { Issue.record("not an enum"); return }
        #expect(cases == [EnumCase(value: "pro-user", swiftName: "proUser"), EnumCase(value: "default", swiftName: "default"),
                          EnumCase(value: "2fa", swiftName: "_2fa"), EnumCase(value: "🎉", swiftName: "u1F389")])
        guard case .object(let none) = models[2].kind else { Issue.record("not an object"); return }
        #expect(none.isEmpty)
    }

    /// The typed value `API.items` and the group type `API.Items` could share a name, but a group is
    /// also a case of its parent's `Call` enum (`Call.items(Items.Call)`), as the endpoint is: one error.
    @Test func endpointAndGroupOfOneNameCollideInTheCallEnum() throws {
        let (result, errors) = spec("""
            "endpoints": { "items": { "method": "GET", "path": "/items" } },
            "groups": { "items": { "path": "/items", "endpoints": { "get": { "method": "GET", "path": "/{id}", "parameters": { "id": "Int" } } } } }
            """)
        #expect(result == nil)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("group 'items' and endpoint 'items'") == true)
        #expect(errors.first?.contains("would both be the case 'items' of the enum 'Call'") == true)

        let (renamed, none) = spec("""
            "endpoints": { "list_items": { "method": "GET", "path": "/items" } },
            "groups": { "items": { "path": "/items", "endpoints": { "get": { "method": "GET", "path": "/{id}", "parameters": { "id": "Int" } } } } }
            """)
        #expect(none.isEmpty)
        #expect(renamed?.api.endpoints.first?.swiftName == "listItems")
        #expect(renamed?.api.groups.first?.swiftName == "Items")
        #expect(renamed?.api.groups.first?.caseName == "items")
    }

    @Test func anUndefinedTypeIsAnErrorUnlessTheModuleDeclaresIt() throws {
        let members = """
            "endpoints": { "e": { "method": "POST", "body": "Coordinates", "response": "Athelete", "errors": { "404": "Fault" } } },
            "models": { "Athlete": { "properties": { "home": "Coordinates?", "club": "Club" } } }
            """
        let (refused, errors) = spec(members)
        #expect(refused == nil)
        #expect(errors == [
            "Test.endpoints.json:1:93: error: unknown type 'Coordinates': define it in 'models', or, if the module defines it, list it in the config's \"moduleTypes\"",
            "Test.endpoints.json:1:120: error: unknown type 'Athelete'; did you mean 'Athlete'?",
            "Test.endpoints.json:1:151: error: unknown type 'Fault': define it in 'models', or, if the module defines it, list it in the config's \"moduleTypes\"",
            "Test.endpoints.json:2:51: error: unknown type 'Coordinates': define it in 'models', or, if the module defines it, list it in the config's \"moduleTypes\"",
            "Test.endpoints.json:2:75: error: unknown type 'Club': define it in 'models', or, if the module defines it, list it in the config's \"moduleTypes\"",
        ])
        // Declared as types of the module, the same names are taken as they are.
        let (accepted, none) = spec(members.replacingOccurrences(of: "Athelete", with: "Athlete"), moduleTypes: ["Coordinates", "Fault", "Club"])
        #expect(none.isEmpty, "\(none)")
        let athlete = try #require(accepted?.models.first)
        guard case .object(let properties) = athlete.kind else { Issue.record("not an object"); return }
        #expect(properties.map(\.type) == [.optional(.model("Coordinates", defined: false)), .model("Club", defined: false)])
    }

    @Test func parserErrorsAndValidationErrorsTogetherInFileOrder() {
        let (result, errors) = validateText("""
            {
              "baseURL": "ftp://x",
              "endpoints": { "a": { "method": "GET", "timeout": 01, } }
            }
            """)
        #expect(result == nil)
        #expect(errors == [
            "Test.endpoints.json:2:14: error: 'baseURL' must use http or https, found 'ftp'",
            "Test.endpoints.json:3:53: error: invalid number '01': leading zeros are not allowed",
            "Test.endpoints.json:3:55: error: trailing comma before '}'",
        ])
    }
}

@Suite struct ValidatorExampleSpecTests {
    /// Every spec shipped under specs/ validates without a diagnostic.
    @Test func bundledSpecsValidateCleanly() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var specs: [URL] = []
        if let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent("specs"), includingPropertiesForKeys: nil) {
            for case let url as URL in enumerator where url.lastPathComponent.hasSuffix(".endpoints.json") { specs.append(url) }
        }
        #expect(!specs.isEmpty)
        for url in specs.sorted(by: { $0.path < $1.path }) {
            let (spec, diagnostics) = Generator.validate(specData: try Data(contentsOf: url), fileName: url.lastPathComponent,
                                                         moduleTypes: ReferenceTests.moduleTypes)
            #expect(spec != nil, "\(url.lastPathComponent)")
            #expect(diagnostics.all.isEmpty, "\(url.lastPathComponent): \(diagnostics.all.prefix(5).map(\.description))")
        }
    }

    /// `isBlank` is `trimmingCharacters(in: .whitespaces).isEmpty` without Foundation.
    @Test(arguments: ["", " ", "\t \t", "\u{00A0}", "\u{3000} ", "\u{2003}", "\n", " \r ", "a", " a ", "\u{200B}", "\u{FEFF}", "é"])
    func blankMeansWhatFoundationMeans(text: String) {
        #expect(Validation.isBlank(text) == text.trimmingCharacters(in: .whitespaces).isEmpty)
    }
}
