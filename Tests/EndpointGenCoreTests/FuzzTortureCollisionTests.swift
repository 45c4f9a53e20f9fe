import EndpointGenCore
import Foundation
import Testing

/// The other half of the identifier torture spec (specs/Torture.endpoints.json, which must compile):
/// names that DO collide once converted to Swift, or that would take a name the generated code
/// already uses, must be a clear error at the spec key, with no Swift, never Swift that does not
/// compile. Each spec here is small so the one problem is the only one.
@Suite("Torture: colliding names are errors")
struct FuzzTortureCollisionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var spec: String
        /// The key the error is reported at (its last occurrence in `spec`, quotes included), and
        /// the earlier key it collides with (its first occurrence), which the message must locate.
        var at: String
        var earlier: String?
        /// Text the one error must contain.
        var fragments: [String]

        var testDescription: String { name }
    }

    static func spec(endpoints: String = #""a": { "method": "GET", "path": "/a" }"#, groups: String = "", models: String = "") -> String {
        #"{ "baseURL": "https://x.example", "endpoints": { \#(endpoints) }"#
            + (groups.isEmpty ? "" : #", "groups": { \#(groups) }"#)
            + (models.isEmpty ? "" : #", "models": { \#(models) }"#) + " }"
    }

    static let cases: [Case] = [
        Case(name: "endpoints 'self' and 'Self'",
             spec: spec(endpoints: #""self": { "method": "GET", "path": "/a" }, "Self": { "method": "GET", "path": "/b" }"#),
             at: #""Self""#, earlier: #""self""#, fragments: ["'Self'", "'self'"]),
        Case(name: "endpoints with separators only differing",
             spec: spec(endpoints: #""list-items": { "method": "GET", "path": "/a" }, "list_items": { "method": "GET", "path": "/b" }"#),
             at: #""list_items""#, earlier: #""list-items""#, fragments: ["'list_items'", "'list-items'", "'listItems'"]),
        Case(name: "parameters 'user_id' and 'user-id'",
             spec: spec(endpoints: #""a": { "method": "GET", "path": "/a", "parameters": { "user_id": "Int", "user-id": "Int" } }"#),
             at: #""user-id""#, earlier: #""user_id""#, fragments: ["'user-id'", "'user_id'", "'userId'"]),
        Case(name: "properties '1st' and '_1st'",
             spec: spec(models: #""M": { "properties": { "1st": "Int", "_1st": "Int" } }"#),
             at: #""_1st""#, earlier: #""1st""#, fragments: ["'_1st'", "'1st'"]),
        Case(name: "enum values 'A' and 'a'",
             spec: spec(models: #""E": { "enum": ["A", "a"] }"#),
             at: #""a""#, earlier: #""A""#, fragments: ["'a'", "'A'"]),
        Case(name: "groups 'my group' and 'my_group'",
             spec: spec(groups: #""my group": { "endpoints": {} }, "my_group": { "endpoints": {} }"#),
             at: #""my_group""#, earlier: #""my group""#, fragments: ["'my_group'", "'my group'", "'MyGroup'"]),
        Case(name: "an endpoint and a group at one level, both '数据'",
             spec: spec(endpoints: #""数据": { "method": "GET", "path": "/a" }"#, groups: #""数据": { "endpoints": {} }"#),
             at: #""数据""#, earlier: #""数据""#, fragments: ["'数据'", "endpoint", "group"]),
        Case(name: "an endpoint '_1' and a group '1', both '_1'",
             spec: spec(endpoints: #""_1": { "method": "GET", "path": "/a" }"#, groups: #""1": { "endpoints": {} }"#),
             at: #""1""#, earlier: #""_1""#, fragments: ["'_1'", "'1'", "endpoint", "group"]),
        Case(name: "an endpoint and a group whose cases of the enum 'Call' are both 'default'",
             spec: spec(endpoints: #""default": { "method": "GET", "path": "/a" }"#, groups: #""default": { "endpoints": {} }"#),
             at: #""default""#, earlier: #""default""#, fragments: ["'default'", "endpoint", "group", "'Call'"]),
        Case(name: "an endpoint named 'defaults' at the top, where the API declares what its endpoints share",
             spec: spec(endpoints: #""defaults": { "method": "GET", "path": "/a" }"#),
             at: #""defaults""#, fragments: ["'defaults'"]),
        Case(name: "an endpoint named 'samples' at the top, where the API lists the spec's samples",
             spec: spec(endpoints: #""samples": { "method": "GET", "path": "/a" }"#),
             at: #""samples""#, fragments: ["'samples'"]),
        Case(name: "a group named 'call' (each level's generated Call enum)",
             spec: spec(groups: #""call": { "endpoints": {} }"#),
             at: #""call""#, fragments: ["'call'", "Call"]),
        Case(name: "a model with the group's Swift name, which it would hide",
             spec: spec(groups: #""user": { "endpoints": {} }"#, models: #""User": { "properties": { "id": "Int" } }"#),
             at: #""User""#, earlier: #""user""#, fragments: ["'User'", "'user'"]),
        Case(name: "a model named after a runtime type the generated code uses",
             spec: spec(models: #""Path": { "properties": { "id": "Int" } }"#),
             at: #""Path""#, fragments: ["'Path'"]),
        Case(name: "a property named 'hashValue', which would replace Hashable's",
             spec: spec(models: #""M": { "properties": { "hash_value": "String" } }"#),
             at: #""hash_value""#, fragments: ["'hash_value'", "hashValue"]),
    ]

    @Test("Each collision is one error at the later key, naming both, and no Swift", arguments: cases)
    func collision(_ test: Case) throws {
        let result = Generator.generate(specData: Data(test.spec.utf8), fileName: "T.endpoints.json", options: GeneratorOptions())
        #expect(result.swift == nil)
        let errors = result.diagnostics.all.filter { $0.severity == .error }.map(\.description)
        try #require(errors.count == 1, "\(errors)")
        let at = try #require(Self.column(of: test.at, in: test.spec, last: true))
        #expect(errors[0].hasPrefix("T.endpoints.json:1:\(at): error: "), "\(errors[0])")
        if let earlier = test.earlier {
            let column = try #require(Self.column(of: earlier, in: test.spec, last: false))
            #expect(errors[0].contains("line 1, column \(column)"), "\(errors[0]) does not locate \(earlier)")
        }
        for fragment in test.fragments {
            #expect(errors[0].contains(fragment), "\(errors[0]) does not mention \(fragment)")
        }
    }

    /// The 1-based column (in Unicode scalars) of the first or last occurrence of `text` in `spec`.
    static func column(of text: String, in spec: String, last: Bool) -> Int? {
        guard let range = last ? spec.range(of: text, options: .backwards) : spec.range(of: text) else { return nil }
        return spec.unicodeScalars[..<range.lowerBound].count + 1
    }

    @Test("Near-collisions that stay distinct are not errors")
    func nearCollisionsAreFine() {
        let spec = Self.spec(
            endpoints: #""user_id": { "method": "GET", "path": "/a" }, "userID": { "method": "GET", "path": "/b" }, "#
                + #""pay": { "method": "GET", "path": "/c" }, "рау": { "method": "GET", "path": "/d" }, "#
                + #""emoji": { "method": "GET", "path": "/e" }, "émoji": { "method": "GET", "path": "/f" }, "#
                + #""self": { "method": "GET", "path": "/g/{self}", "parameters": { "self": "String" } }, "#
                // Names the version 1 shape used and version 2 no longer does.
                + #""base_url": { "method": "GET", "path": "/i" }, "typed": { "method": "GET", "path": "/j" }"#,
            groups: #""default": { "endpoints": { "default_endpoint": { "method": "GET", "path": "/h" } }, "#
                + #""groups": { "default": { "endpoints": {} } } }"#,
            models: #""E": { "enum": ["unknown", "unknownValue", "a-b", "a b2"] }"#)
        let result = Generator.generate(specData: Data(spec.utf8), fileName: "T.endpoints.json", options: GeneratorOptions())
        #expect(result.diagnostics.all.map(\.description) == [])
        #expect(result.swift != nil)
    }
}
