import Foundation
import Testing
@testable import EndpointGenCore

/// Reads `text` as YAML: the tree, and the diagnostics as printed lines.
func readYAML(_ text: String, file: String = "t.yaml") -> (node: JSONNode?, errors: [String]) {
    readYAMLBytes(Array(text.utf8), file: file)
}

func readYAMLBytes(_ bytes: [UInt8], file: String = "t.yaml") -> (node: JSONNode?, errors: [String]) {
    var diagnostics = Diagnostics()
    let node = YAMLParser.parse(Data(bytes), fileName: file, diagnostics: &diagnostics)
    return (node, diagnostics.sorted.map(\.description))
}

/// The YAML as compact JSON, or the errors joined when there are any.
func yamlAsJSON(_ text: String) -> String {
    let (node, errors) = readYAML(text)
    if !errors.isEmpty { return errors.joined(separator: "\n") }
    return node?.jsonText ?? "nil"
}

extension JSONNode {
    /// The member `key` of a mapping.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    subscript(index: Int) -> JSONNode? {
        guard case .array(let items) = value, index < items.count else { return nil }
        return items[index]
    }

    func keyLocation(_ key: String) -> EndpointGenCore.SourceLocation? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.keyLocation
    }
}

/// Each feature of the YAML reader, one at a time, against the JSON it must equal.
@Suite struct YAMLParserTests {
    @Test func blockCollectionsAndPositions() throws {
        let text = """
        openapi: 3.0.0
        info:
          title: Pets
        tags:
          - name: a
            description: first
          - name: b
        """
        let (node, errors) = readYAML(text)
        #expect(errors.isEmpty)
        let root = try #require(node)
        #expect(root.jsonText == #"{"openapi":"3.0.0","info":{"title":"Pets"},"tags":[{"name":"a","description":"first"},{"name":"b"}]}"#)
        func at(_ line: Int, _ column: Int) -> EndpointGenCore.SourceLocation { SourceLocation(file: "t.yaml", line: line, column: column) }
        #expect(root.location == at(1, 1))
        #expect(root.keyLocation("info") == at(2, 1))
        #expect(root["openapi"]?.location == at(1, 10))
        #expect(root["info"]?.location == at(3, 3))
        #expect(root["info"]?.keyLocation("title") == at(3, 3))
        #expect(root["info"]?["title"]?.location == at(3, 10))
        #expect(root["tags"]?.location == at(5, 3))
        #expect(root["tags"]?[0]?.location == at(5, 5))
        #expect(root["tags"]?[0]?.keyLocation("description") == at(6, 5))
        #expect(root["tags"]?[1]?["name"]?.location == at(7, 11))
    }

    @Test func columnsCountUnicodeScalars() throws {
        let root = try #require(readYAML("ünï: é\nb: [ü, x]\n").node)
        #expect(root["ünï"]?.location == SourceLocation(file: "t.yaml", line: 1, column: 6))
        #expect(root["b"]?[1]?.location == SourceLocation(file: "t.yaml", line: 2, column: 8))
    }

    @Test func flowCollections() {
        #expect(yamlAsJSON("a: [1, b, 'c, d', \"e\"]\nb: {x: 1, y: [z]}\n") == #"{"a":[1,"b","c, d","e"],"b":{"x":1,"y":["z"]}}"#)
        #expect(yamlAsJSON("[\n  a,\n  b,   # comment\n]\n") == #"["a","b"]"#)
        #expect(yamlAsJSON(#"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#) == #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#)
        #expect(yamlAsJSON("[a: 1, b]\n") == #"[{"a":1},"b"]"#)
        #expect(yamlAsJSON("{a, b: 2, c: }\n") == #"{"a":null,"b":2,"c":null}"#)
        #expect(yamlAsJSON("[http://x.org/a:b, {u: http://y}]\n") == #"["http://x.org/a:b",{"u":"http://y"}]"#)
        #expect(yamlAsJSON("{}\n") == "{}")
        #expect(yamlAsJSON("a: []\n") == #"{"a":[]}"#)
    }

    @Test func plainScalars() {
        #expect(yamlAsJSON("a: one two  three\n") == #"{"a":"one two  three"}"#)
        #expect(yamlAsJSON("a: first\n  second\n\n  third\nb: x\n") == #"{"a":"first second\nthird","b":"x"}"#)
        #expect(yamlAsJSON("a: x:y, a#b, c :d\n") == #"{"a":"x:y, a#b, c :d"}"#)
        #expect(yamlAsJSON("a: value # comment\n") == #"{"a":"value"}"#)
        #expect(yamlAsJSON("- -1\n- -x\n- ?y\n- :z\n") == #"[-1,"-x","?y",":z"]"#)
        #expect(yamlAsJSON("plain at the top\n") == #""plain at the top""#)
    }

    @Test func quotedScalars() {
        #expect(yamlAsJSON("a: 'it''s'\n") == #"{"a":"it's"}"#)
        #expect(yamlAsJSON("a: 'one\n  two\n\n  three'\n") == #"{"a":"one two\nthree"}"#)
        #expect(yamlAsJSON(#"a: "\t\"\\\/\x41\u00e9\U0001F600\N\_\L\P\0\a\b\v\f\r\e\ ""# + "\n")
                == #"{"a":"\t\"\\/Aé😀\#u{85}\#u{A0}\#u{2028}\#u{2029}\u0000\u0007\u0008\u000B\u000C\r\u001B "}"#)
        #expect(yamlAsJSON("a: \"one \\\n   two\"\n") == #"{"a":"one two"}"#)
        #expect(yamlAsJSON("a: \"x\\\ny\"\n") == #"{"a":"xy"}"#)
        #expect(yamlAsJSON("a: \"trailing   \n  spaces\"\n") == #"{"a":"trailing spaces"}"#)
        #expect(yamlAsJSON(#"a: "\uD83D\uDE00""#) == #"{"a":"😀"}"#)
        #expect(yamlAsJSON("\"quoted key\": 1\n'single: key': 2\n") == #"{"quoted key":1,"single: key":2}"#)
        #expect(yamlAsJSON("a: \"\"\nb: ''\n") == #"{"a":"","b":""}"#)
    }

    @Test func literalBlockScalars() {
        #expect(yamlAsJSON("a: |\n  one\n    two\n\n  three\nb: x\n") == #"{"a":"one\n  two\n\nthree\n","b":"x"}"#)
        #expect(yamlAsJSON("a: |-\n  x\n\n") == #"{"a":"x"}"#)
        #expect(yamlAsJSON("a: |+\n  x\n\n\nb: y\n") == #"{"a":"x\n\n\n","b":"y"}"#)
        #expect(yamlAsJSON("a: |\n  x\n\n\n") == #"{"a":"x\n"}"#)
        #expect(yamlAsJSON("a: |2\n    indented\n  not\n") == #"{"a":"  indented\nnot\n"}"#)
        #expect(yamlAsJSON("a: |1-\n  x\n") == #"{"a":" x"}"#)
        #expect(yamlAsJSON("a: |-2\n   x\n") == #"{"a":" x"}"#)
        #expect(yamlAsJSON("a: | # comment\n  x\n") == #"{"a":"x\n"}"#)
        #expect(yamlAsJSON("a: |\nb: x\n") == #"{"a":"","b":"x"}"#)
        #expect(yamlAsJSON("- |\n  in a list\n- x\n") == #"["in a list\n","x"]"#)
        #expect(yamlAsJSON("a: |\n  no break at the end") == #"{"a":"no break at the end"}"#)
    }

    @Test func foldedBlockScalars() {
        #expect(yamlAsJSON("a: >\n  one\n  two\n\n  three\n") == #"{"a":"one two\nthree\n"}"#)
        #expect(yamlAsJSON("a: >\n  one\n    more\n  back\n") == #"{"a":"one\n  more\nback\n"}"#)
        #expect(yamlAsJSON("a: >-\n  a\n  b\n") == #"{"a":"a b"}"#)
        #expect(yamlAsJSON("a: >+\n  a\n\n") == #"{"a":"a\n\n"}"#)
    }

    @Test func anchorsAliasesAndMerges() {
        #expect(yamlAsJSON("a: &x {k: 1}\nb: *x\nc: &s text\nd: *s\n") == #"{"a":{"k":1},"b":{"k":1},"c":"text","d":"text"}"#)
        // One merge: the mapping's own keys win, wherever they are written.
        #expect(yamlAsJSON("base: &b {x: 1, y: 2}\no:\n  y: 3\n  <<: *b\n  z: 4\n") == #"{"base":{"x":1,"y":2},"o":{"y":3,"x":1,"z":4}}"#)
        // A list of merges: earlier mappings win.
        #expect(yamlAsJSON("a: &a {x: 1}\nb: &b {x: 2, y: 2}\nc:\n  <<: [*a, *b]\n") == #"{"a":{"x":1},"b":{"x":2,"y":2},"c":{"x":1,"y":2}}"#)
        // In a flow mapping too; a quoted '<<' is an ordinary key.
        #expect(yamlAsJSON("a: &a {x: 1}\nb: {<<: *a, y: 2}\nc: {'<<': 1}\n") == #"{"a":{"x":1},"b":{"x":1,"y":2},"c":{"<<":1}}"#)
        // The alias's node is placed at the alias.
        let root = readYAML("a: &x [1]\nb: *x\n").node
        #expect(root?["b"]?.location == SourceLocation(file: "t.yaml", line: 2, column: 4))
        // An anchor before a key names the key, also on the first line and in a list entry.
        #expect(yamlAsJSON("&k key: v\nother: *k\n") == #"{"key":"v","other":"key"}"#)
        #expect(yamlAsJSON("- &k a: 1\n  b: *k\n") == #"[{"a":1,"b":"a"}]"#)
        #expect(yamlAsJSON("m:\n  !!str 1: x\n  &j 2: *j\n  &s !!str 3: *s\n") == #"{"m":{"1":"x","2":2,"3":"3"}}"#)
        // A node's properties on their own lines, then a key with its own.
        #expect(yamlAsJSON("a: &m\n  &k k: v\nb: *m\nc: *k\n") == #"{"a":{"k":"v"},"b":{"k":"v"},"c":"k"}"#)
        #expect(yamlAsJSON("a: &m\n !!map\n  k: v\nb: *m\n") == #"{"a":{"k":"v"},"b":{"k":"v"}}"#)
        // An anchor on a line of its own names the collection below it.
        #expect(yamlAsJSON("a: &m\n  k: v\nb: *m\n") == #"{"a":{"k":"v"},"b":{"k":"v"}}"#)
    }

    @Test func commentsDocumentMarkersAndDirectives() {
        #expect(yamlAsJSON("# head\n%YAML 1.2\n%TAG !e! tag:e.com,2000:\n--- # doc\na: 1 # one\n# tail\n...\n# after\n") == #"{"a":1}"#)
        #expect(yamlAsJSON("---\na: 1\n") == #"{"a":1}"#)
        #expect(yamlAsJSON("--- |\n  text\n") == #""text\n""#)
        #expect(yamlAsJSON("---\n") == "null")
        #expect(yamlAsJSON("a: 1\n---\nb: 2\n") == "t.yaml:2:1: error: a second YAML document starts here; an OpenAPI document is one YAML document")
        #expect(yamlAsJSON("%YAML 2.0\n---\na: 1\n") == "t.yaml:1:1: error: unsupported YAML version '2.0': this reader reads YAML 1.x")
        // Other directives are skipped, even one whose name starts with YAML.
        #expect(yamlAsJSON("%YAMLL 1.1\n%FOO bar\n---\na: 1\n") == #"{"a":1}"#)
        // At the top level a block scalar's lines may start in column 1.
        #expect(yamlAsJSON("--- |\nline\n# not a comment\n...\n") == #""line\n# not a comment\n""#)
    }

    @Test func tags() {
        #expect(yamlAsJSON("a: !!str 123\nb: !!str true\nc: !!str ~\nd: ! 12\n") == #"{"a":"123","b":"true","c":"~","d":"12"}"#)
        #expect(yamlAsJSON("a: !custom 5\nb: !e!thing {k: v}\nc: !<tag:x.org,1:y> [1]\n") == #"{"a":5,"b":{"k":"v"},"c":[1]}"#)
        #expect(yamlAsJSON("a: !!int \"5\"\nb: !!float '2.5'\nc: !!bool \"true\"\nd: !!null ''\n") == #"{"a":5,"b":2.5,"c":true,"d":null}"#)
        #expect(yamlAsJSON("a: !!int \"five\"\n") == "t.yaml:1:10: error: 'five' is not a valid !!int")
        #expect(yamlAsJSON("a: &x !!str 1\nb: *x\n") == #"{"a":"1","b":"1"}"#)
        // When %TAG gives '!!' another prefix, !!int is not the core type.
        #expect(yamlAsJSON("%TAG !! tag:example.com,2000:app/\n---\na: !!int 1 - 3\n") == #"{"a":"1 - 3"}"#)
    }

    @Test func coreSchema() {
        #expect(yamlAsJSON("[~, null, Null, NULL, '', \"null\"]") == #"[null,null,null,null,"","null"]"#)
        #expect(yamlAsJSON("[true, True, TRUE, false, False, FALSE, tRUE, yes, no, on, off]")
                == #"[true,true,true,false,false,false,"tRUE","yes","no","on","off"]"#)
        #expect(yamlAsJSON("[0, 7, -12, +12, 007, -007, 0o17, 0x1F, 0xff, 0x0]") == #"[0,7,-12,12,7,-7,15,31,255,0]"#)
        #expect(yamlAsJSON("[1.5, -0.5, .5, +.5, -.5, 1., 1e3, 1.5E-2, -1.0e+10, 00.25, 0.0]")
                == #"[1.5,-0.5,0.5,0.5,-0.5,1.0,1e3,1.5E-2,-1.0e+10,0.25,0.0]"#)
        #expect(yamlAsJSON("[1.2.3, 0x, 0o8, 1e, +-1, 12:30, 1_000, 0xG, -0x1, .]")
                == #"["1.2.3","0x","0o8","1e","+-1","12:30","1_000","0xG","-0x1","."]"#)
        #expect(yamlAsJSON("a: 0xFFFFFFFFFFFFFFFFFFFF\n") == #"{"a":1208925819614629174706175}"#)
        // Every number comes out as RFC 8259 number text.
        if case .array(let items)? = readYAML("[0, -0, 007, .5, 1., 1e3, 0o777, 0xABC, +1.5e-3]").node?.value {
            for item in items {
                guard case .number(let text) = item.value else { Issue.record("\(item) is not a number"); continue }
                #expect(JSONParser.isValidNumber(text), "\(text)")
            }
        } else {
            Issue.record("not a list")
        }
    }

    @Test func infinityAndNaNAreErrorsUnlessQuoted() {
        let (_, errors) = readYAML("a: .inf\nb: -.Inf\nc: .NaN\nd: '.inf'\n")
        #expect(errors == [
            "t.yaml:1:4: error: '.inf' is infinity, which JSON cannot hold; quote it to keep it as text",
            "t.yaml:2:4: error: '-.Inf' is infinity, which JSON cannot hold; quote it to keep it as text",
            "t.yaml:3:4: error: '.NaN' is not a number, which JSON cannot hold; quote it to keep it as text",
        ])
    }

    @Test func keysAreTheirText() {
        #expect(yamlAsJSON("200: ok\n404: {}\n2XX: a\n1.0: b\ntrue: c\n~: d\n0x1F: e\n") == #"{"200":"ok","404":{},"2XX":"a","1.0":"b","true":"c","~":"d","0x1F":"e"}"#)
        #expect(yamlAsJSON("{200: ok, 0o7: x}") == #"{"200":"ok","0o7":"x"}"#)
        #expect(yamlAsJSON("? 301\n: moved\n") == #"{"301":"moved"}"#)
    }

    @Test func aBOMIsSkippedAndColumnsCountAfterIt() throws {
        let (node, errors) = readYAMLBytes([0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8))
        #expect(errors.isEmpty)
        #expect(node?.keyLocation("a") == SourceLocation(file: "t.yaml", line: 1, column: 1))
    }

    @Test func documentFormatDetection() {
        let json = Data("{\"a\": 1}".utf8)
        let yaml = Data("a: 1".utf8)
        #expect(DocumentFormat.detect(yaml, fileName: "x.yaml") == .yaml)
        #expect(DocumentFormat.detect(json, fileName: "x.YML") == .yaml)
        #expect(DocumentFormat.detect(yaml, fileName: "x.json") == .json)
        #expect(DocumentFormat.detect(json, fileName: "<stdin>") == .json)
        #expect(DocumentFormat.detect(Data("\n  {\"a\": 1}".utf8), fileName: "api") == .json)
        #expect(DocumentFormat.detect(yaml, fileName: "<stdin>") == .yaml)
        #expect(DocumentFormat.detect(Data("[1]".utf8), fileName: "api") == .yaml)
    }
}
