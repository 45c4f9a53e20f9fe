import Foundation
import Testing
@testable import EndpointGenCore

/// Parses `text` and returns the tree and the diagnostics as printed lines.
private func parse(_ text: String, file: String = "t.json") -> (JSONNode?, [String]) {
    parseBytes(Array(text.utf8), file: file)
}

private func parseBytes(_ bytes: [UInt8], file: String = "t.json") -> (JSONNode?, [String]) {
    var diagnostics = Diagnostics()
    let node = JSONParser.parse(Data(bytes), fileName: file, diagnostics: &diagnostics)
    return (node, diagnostics.sorted.map(\.description))
}

@Suite struct LoaderTests {
    @Test func valuesAndPositions() throws {
        let text = """
        {
          "a": [1, -2.5e3, true, false, null],
          "b": { "c": "d" },
        \t"é": "ü"
        }
        """
        let (node, errors) = parse(text)
        #expect(errors.isEmpty)
        let root = try #require(node)
        #expect(root.location.line == 1 && root.location.column == 1)
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b", "é"])
        #expect(members[0].keyLocation == SourceLocation(file: "t.json", line: 2, column: 3))
        guard case .array(let elements) = members[0].value.value else { Issue.record("not an array"); return }
        #expect(elements.map(\.value) == [.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null])
        #expect(elements[1].location == SourceLocation(file: "t.json", line: 2, column: 12))
        #expect(members[1].value.location == SourceLocation(file: "t.json", line: 3, column: 8))
        // A tab is one column; the value after the two-byte 'é' key is counted in scalars.
        #expect(members[2].keyLocation == SourceLocation(file: "t.json", line: 4, column: 2))
        #expect(members[2].value.location == SourceLocation(file: "t.json", line: 4, column: 7))
        #expect(members[2].value.value == .string("ü"))
    }

    @Test func columnsCountScalarsNotBytes() throws {
        let (node, errors) = parse("[\"🎉日本\", 1]")
        #expect(errors.isEmpty)
        guard case .array(let elements) = try #require(node).value else { Issue.record("not an array"); return }
        #expect(elements[1].location.column == 9)
    }

    @Test func escapes() throws {
        let (node, errors) = parse(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\ud83c\udf89"]"#)
        #expect(errors.isEmpty)
        guard case .array(let elements) = try #require(node).value else { Issue.record("not an array"); return }
        #expect(elements[0].value == .string("a\"b\\c/d\u{8}\u{c}\n\r\t"))
        #expect(elements[1].value == .string("é🎉"))
    }

    @Test func crlfAndCRLineEndings() throws {
        let (node, errors) = parse("{\r\n\"a\":\r1,\n \"b\" : 2}")
        #expect(errors.isEmpty)
        guard case .object(let members) = try #require(node).value else { Issue.record("not an object"); return }
        #expect(members[0].value.location == SourceLocation(file: "t.json", line: 3, column: 1))
        #expect(members[1].keyLocation == SourceLocation(file: "t.json", line: 4, column: 2))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let (node, errors) = parseBytes([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(errors.isEmpty)
        guard case .object(let members) = try #require(node).value else { Issue.record("not an object"); return }
        #expect(members[0].keyLocation.column == 2)
    }

    @Test(arguments: [
        ("", "t.json:1:1: error: the file is empty; a spec is a JSON object"),
        ("  \n ", "t.json:2:2: error: the file has no JSON value; a spec is a JSON object"),
        ("{\"a\": 1,}", "t.json:1:8: error: trailing comma before '}'"),
        ("[1, 2, ]", "t.json:1:6: error: trailing comma before ']'"),
        ("{\"a\": 1", "t.json:1:8: error: unexpected end of file: the object opened at line 1, column 1 is not closed"),
        ("{\"a\": \"b", "t.json:1:7: error: unterminated string: the file ends inside it"),
        ("{\"a\": \"b\n\"}", "t.json:1:7: error: unterminated string: a string cannot contain a line break (write it as \\n)"),
        ("{\"a\": 01}", "t.json:1:7: error: invalid number '01': leading zeros are not allowed"),
        ("[.5]", "t.json:1:2: error: invalid number '.5': a number must have a digit before '.'"),
        ("[NaN]", "t.json:1:2: error: 'NaN' is not a JSON number"),
        ("[-Infinity]", "t.json:1:2: error: invalid number '-Infinity': infinity and NaN are not JSON numbers"),
        ("[1.]", "t.json:1:2: error: invalid number '1.': expected a digit after '.'"),
        ("[+1]", "t.json:1:2: error: invalid number '+1': a number cannot start with '+'"),
        ("[1e]", "t.json:1:2: error: invalid number '1e': expected a digit in the exponent"),
        ("{'a': 1}", "t.json:1:2: error: strings must use double quotes, not single quotes"),
        ("{\"a\": 1} // note", "t.json:1:10: error: comments are not allowed in JSON"),
        ("/* x\n */ {}", "t.json:1:1: error: comments are not allowed in JSON"),
        ("[\"\\x\"]", "t.json:1:3: error: invalid escape '\\x': JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"),
        ("[\"\\u12g4\"]", "t.json:1:3: error: invalid escape: \\u must be followed by four hexadecimal digits"),
        ("[\"\\ud800\"]", "t.json:1:3: error: invalid escape: the high surrogate \\uD800 is not followed by a low surrogate"),
        ("[\"a\tb\"]", "t.json:1:4: error: control character U+0009 in a string must be escaped"),
        ("{} {}", "t.json:1:4: error: unexpected '{' after the top-level value"),
        ("{a: 1}", "t.json:1:2: error: expected a key in double quotes, found an unquoted name"),
        ("{\"a\" 1}", "t.json:1:6: error: expected ':' after the key 'a', found '1'"),
        ("{\"a\": 1 \"b\": 2}", "t.json:1:9: error: expected ',' or '}' after the value of 'a', found '\"'"),
        ("[1 2]", "t.json:1:4: error: expected ',' or ']' after an array element, found '2'"),
        ("[True]", "t.json:1:2: error: 'True' is not JSON; write 'true'"),
        ("{\"a\": hello}", "t.json:1:7: error: unexpected 'hello': expected a value (strings need double quotes)"),
        ("[1,\n  \u{00A0}2]", "t.json:2:3: error: unexpected character '\u{00A0}' (U+00A0): expected a value"),
    ])
    func syntaxErrors(text: String, expected: String) {
        let (_, errors) = parse(text)
        #expect(errors == [expected])
    }

    @Test func duplicateKeysNameBothPlacesAndKeepTheFirst() throws {
        let (node, errors) = parse("{\n  \"a\": 1,\n  \"b\": 2,\n  \"a\": 3\n}")
        #expect(errors == ["t.json:4:3: error: duplicate key 'a' (first at line 2, column 3)"])
        guard case .object(let members) = try #require(node).value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].value.value == .number("1"))
    }

    @Test func duplicateKeysInLargeObjects() {
        var text = "{"
        for index in 0..<40 { text += "\"k\(index)\": \(index), " }
        text += "\"k7\": 0, \"k39\": 1}"
        let (_, errors) = parse(text)
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.contains("duplicate key") })
    }

    @Test func invalidUTF8IsReportedAtTheByte() {
        let bytes = Array("{\"ab".utf8) + [0xFF] + Array("c\": 1, \"d\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        let (node, errors) = parseBytes(bytes)
        #expect(node != nil)
        #expect(errors == [
            "t.json:1:5: error: invalid UTF-8 byte 0xFF",
            "t.json:1:19: error: invalid UTF-8 byte 0xC3",
        ])
    }

    @Test func nulInsideAndOutsideStrings() {
        let (_, inside) = parseBytes(Array("[\"a".utf8) + [0] + Array("\"]".utf8))
        #expect(inside == ["t.json:1:4: error: NUL character in a string (write it as \\u0000)"])
        let (node, outside) = parseBytes(Array("[1,".utf8) + [0] + Array("]".utf8))
        #expect(node == nil)
        #expect(outside == ["t.json:1:4: error: unexpected NUL byte: expected a value"])
    }

    @Test func severalRecoverableErrorsInOneRun() {
        let (node, errors) = parse("{\n  'a': 01,\n  \"b\": [1,],\n  // c\n  \"a\": 2,\n}")
        #expect(node != nil)
        #expect(errors == [
            "t.json:2:3: error: strings must use double quotes, not single quotes",
            "t.json:2:8: error: invalid number '01': leading zeros are not allowed",
            "t.json:3:10: error: trailing comma before ']'",
            "t.json:4:3: error: comments are not allowed in JSON",
            "t.json:5:3: error: duplicate key 'a' (first at line 2, column 3)",
            "t.json:5:9: error: trailing comma before '}'",
        ])
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let start = ContinuousClock.now
        let (node, errors) = parse(text)
        #expect(node == nil)
        #expect(errors == ["t.json:1:513: error: nesting is too deep: more than 512 arrays and objects inside each other"])
        #expect(ContinuousClock.now - start < .seconds(2))
        // Exactly the limit is fine.
        let limit = JSONParser.maximumDepth
        let (ok, none) = parse(String(repeating: "[", count: limit) + String(repeating: "]", count: limit))
        #expect(ok != nil && none.isEmpty)
    }

    @Test func largeSpecParsesQuickly() throws {
        var text = "{\"endpoints\": {"
        for index in 0..<10_000 {
            if index > 0 { text += ",\n" }
            text += """
              "endpoint_\(index)": {"method": "GET", "path": "/items/{id}/sub\(index)", "description": "Returns the item number \(index) — with ünïcode.",
                "parameters": {"id": "Int64", "include_all": {"type": "Bool?", "in": "query"}, "If-None-Match": {"type": "String?", "in": "header"}},
                "response": {"type": "[Item]", "status": 200}, "errors": {"404": "Fault", "default": "Fault"}, "sample": {"id": 1, "tags": ["a", "b"], "score": 1.5e3}}
            """
        }
        text += "}}"
        let data = Data(text.utf8)
        #expect(data.count > 4_000_000)
        var diagnostics = Diagnostics()
        let start = ContinuousClock.now
        let node = JSONParser.parse(data, fileName: "big.json", diagnostics: &diagnostics)
        let elapsed = ContinuousClock.now - start
        #expect(node != nil && diagnostics.all.isEmpty)
        // Generous bound for debug builds on a shared machine; release is measured separately.
        #expect(elapsed < .seconds(5))
    }
}
