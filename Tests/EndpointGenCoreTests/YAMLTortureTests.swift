import Foundation
import Testing
import TestSupport
@testable import EndpointGenCore

/// Tricky YAML, the errors and their places, and inputs meant to hurt: the reader must give the
/// right tree or a clear error, and never crash, hang or trap.
@Suite struct YAMLTortureTests {
    // MARK: Tricky but valid

    @Test func listsAtTheKeysIndentation() {
        #expect(yamlAsJSON("a:\n- x\n- y\nb:\n- - z\n  - w\nc: 1\n") == #"{"a":["x","y"],"b":[["z","w"]],"c":1}"#)
        #expect(yamlAsJSON("a:\n- k: 1\n  l: 2\n- m: 3\nb: x\n") == #"{"a":[{"k":1,"l":2},{"m":3}],"b":"x"}"#)
    }

    @Test func indentationEdgeCases() {
        // Deeper and uneven indentation, an entry whose mapping starts on the next line.
        #expect(yamlAsJSON("a:\n    b:\n          c: x\n    d: y\ne: z\n") == #"{"a":{"b":{"c":"x"},"d":"y"},"e":"z"}"#)
        #expect(yamlAsJSON("-\n  a: 1\n-   b: 2\n    c: 3\n") == #"[{"a":1},{"b":2,"c":3}]"#)
        #expect(yamlAsJSON("- - - deep\n    - er\n  - x\n") == #"[[["deep","er"],"x"]]"#)
        // Blank lines and comment lines anywhere, at any indentation.
        #expect(yamlAsJSON("a:\n\n  # comment\n      # deeper comment\n  b: 1\n\n# top\n  # odd\nc: 2\n") == #"{"a":{"b":1},"c":2}"#)
    }

    @Test func flowInsideBlock() {
        #expect(yamlAsJSON("a: {b: [1, {c: d}], e: f}\nlist:\n- [1, 2]\n- {x: y}\n") == #"{"a":{"b":[1,{"c":"d"}],"e":"f"},"list":[[1,2],{"x":"y"}]}"#)
        #expect(yamlAsJSON("a: [\n  1,\n  2\n]\nb: {\n  c: d\n}\n") == #"{"a":[1,2],"b":{"c":"d"}}"#)
    }

    @Test func multiLinePlainScalars() {
        #expect(yamlAsJSON("- a\n  b\n-   c\n    d\n") == #"["a b","c d"]"#)
        #expect(yamlAsJSON("a: b\n  - c\n") == #"{"a":"b - c"}"#)
        #expect(yamlAsJSON("a: one\n  # a comment ends it\nb: two\n") == #"{"a":"one","b":"two"}"#)
        #expect(yamlAsJSON("[a\n b, c\n\n d]") == #"["a b","c\nd"]"#)
    }

    @Test func emptyValuesAreNull() {
        #expect(yamlAsJSON("a:\nb:    # comment\nc: ~\nd:\n- \n-\ne:\n") == #"{"a":null,"b":null,"c":null,"d":[null,null],"e":null}"#)
        #expect(yamlAsJSON("a: &x\nb: *x\n") == #"{"a":null,"b":null}"#)
    }

    @Test func commentsAfterValues() {
        #expect(yamlAsJSON("a: 1 # one\nb: 'q' # two\nc: [1] # three\nd: {e: f} # four\ng: |  # five\n  x\n")
                == #"{"a":1,"b":"q","c":[1],"d":{"e":"f"},"g":"x\n"}"#)
        // A '#' right after other characters does not start a comment.
        #expect(yamlAsJSON("a: x# y\n") == #"{"a":"x# y"}"#)
        #expect(yamlAsJSON("a: 'x'# y\n") == "t.yaml:1:7: error: unexpected '#' after a value on the same line")
    }

    @Test func explicitKeys() {
        #expect(yamlAsJSON("? a\n: 1\n? b\nc: 2\n? |\n  block\n: 3\n") == #"{"a":1,"b":null,"c":2,"block\n":3}"#)
        #expect(yamlAsJSON("? [a, b]\n: 1\n") == "t.yaml:1:1: error: a list or mapping as a key is not supported: JSON keys are strings")
        #expect(yamlAsJSON("{[a]: 1}") == "t.yaml:1:2: error: a list or mapping as a key is not supported: JSON keys are strings")
    }

    @Test func windowsLineEndings() throws {
        let text = "a: 1\r\nb:\r\n  - x\r\n  - 'y\r\n    z'\r\nc: |\r\n  l1\r\n  l2\r\nd: \"e\r\n  f\"\r\n"
        #expect(yamlAsJSON(text) == #"{"a":1,"b":["x","y z"],"c":"l1\nl2\n","d":"e f"}"#)
        let root = try #require(readYAML(text).node)
        #expect(root.keyLocation("d") == SourceLocation(file: "t.yaml", line: 9, column: 1))
        // A lone CR is a line break too.
        #expect(yamlAsJSON("a: 1\rb: 2\r") == #"{"a":1,"b":2}"#)
    }

    @Test func tabsWhereYAMLAllowsThem() {
        #expect(yamlAsJSON("a:\tb\nc: [1,\t2]\nd: \"\tx\"\n\t# a comment line\ne: |\n  \tkept\n") == #"{"a":"b","c":[1,2],"d":"\tx","e":"\tkept\n"}"#)
        #expect(yamlAsJSON("{\n\t\"a\": 1\n}") == #"{"a":1}"#)
    }

    @Test func jsonIsYAML() throws {
        let json = #"{"a": [1, -2.5e3, true, false, null, "x\ny", "\u00e9"], "b": {"c": {}}, "d": []}"#
        var diagnostics = Diagnostics()
        let fromJSON = try #require(JSONParser.parse(Data(json.utf8), fileName: "t", diagnostics: &diagnostics))
        #expect(yamlAsJSON(json) == fromJSON.jsonText)
    }

    // MARK: Errors and their places

    @Test func tabsInIndentationAreErrors() {
        #expect(yamlAsJSON("a:\n\tb: 1\n") == "t.yaml:2:1: error: a tab indents this line; YAML indentation must be spaces")
        #expect(yamlAsJSON("a:\n  \t- x\n") == "t.yaml:2:3: error: a tab indents this line; YAML indentation must be spaces")
    }

    @Test func structuralErrorsHaveTheirPlace() {
        let cases: [(String, String)] = [
            ("a: b: c\n", "t.yaml:1:5: error: a mapping cannot start on the same line as its key; quote a value that contains ': ', or put the mapping on the lines below, indented"),
            ("a: - x\n", "t.yaml:1:4: error: a list cannot start on the same line as its key: put its '- ' entries on the lines below"),
            ("a: 1\n  b: 2\n", "t.yaml:2:4: error: unexpected ':': a value cannot contain ': ' (quote it), and a mapping inside a value starts on its own line, indented"),
            ("a:\n  b: 1\n c: 2\n", "t.yaml:3:2: error: bad indentation: this line starts at column 2, but the keys of its mapping are at column 1"),
            ("paths:\n  /a:\n    get: x\n   post: y\n", "t.yaml:4:4: error: bad indentation: this line starts at column 4, but the keys of its mapping are at column 3"),
            ("a:\n  - b: 1\n   - c\n", "t.yaml:3:4: error: bad indentation: this line starts at column 4, but the entries of its list are at column 3"),
            ("a: 'x'\n  y\n", "t.yaml:2:3: error: bad indentation: this line starts at column 3, but the keys of its mapping are at column 1"),
            ("a: 1\nb\n", "t.yaml:2:1: error: expected a key ('name: value'), found 'b' on a line without ': '"),
            ("a: 1\n- b\n", "t.yaml:2:1: error: expected a key at this indentation, found a list entry '- '"),
            ("a: \"open\n", "t.yaml:1:4: error: unterminated string: the file ends before its closing '\"'"),
            ("a: 'open\nb: c\n", "t.yaml:1:4: error: unterminated string: the file ends before its closing \"'\""),
            ("a: [1, 2\nb: c\n", "t.yaml:3:1: error: unexpected end of file: the list '[' opened at line 1, column 4 is not closed"),
            ("a: {b: 1, b: 2}\n", "t.yaml:1:11: error: duplicate key 'b' (first at line 1, column 5)"),
            ("a: [1,, 2]\n", "t.yaml:1:7: error: unexpected ',': an entry is missing before it"),
            ("a: 'x' y\n", "t.yaml:1:8: error: unexpected 'y' after a value on the same line"),
            ("a: @x\n", "t.yaml:1:4: error: '@' cannot start a plain value (it is reserved); quote the value"),
            ("a: ]\n", "t.yaml:1:4: error: unexpected ']' outside of a '[...]' or '{...}'"),
            ("a: *\n", "t.yaml:1:4: error: an alias needs a name after '*'"),
            ("a: |0\n  x\n", "t.yaml:1:5: error: a block scalar's indentation indicator is 1 to 9, not 0"),
            ("a: |x\n", "t.yaml:1:5: error: expected a line break after the block scalar header ('|', '>', then '+', '-' or a digit), found 'x'"),
            ("a: [|]\n", "t.yaml:1:5: error: a block scalar ('|' or '>') cannot be inside '[...]' or '{...}'; use a quoted string"),
            ("%YAML 1.2\na: 1\n", "t.yaml:2:1: error: expected '---' after the directives"),
            ("", "t.yaml:1:1: error: the file is empty"),
            ("# only a comment\n", "t.yaml:2:1: error: the file has no YAML content, only blank lines and comments"),
            ("\n\n", "t.yaml:3:1: error: the file has no YAML content, only blank lines and comments"),
            ("\n\n\n", "t.yaml:4:1: error: the file has no YAML content, only blank lines and comments"),
            ("\u{FEFF}", "t.yaml:1:1: error: the file is empty"),
            ("a: \"x\n---\ny\"\n", "t.yaml:1:4: error: unterminated string: a document marker comes before its closing quote"),
        ]
        for (text, expected) in cases {
            #expect(yamlAsJSON(text) == expected, "\(text.debugDescription)")
        }
    }

    @Test func duplicateKeysNameBothPlaces() {
        let (node, errors) = readYAML("a: 1\nb:\n  c: 1\n  c: 2\na: 3\n\"b\": {x: 1, x: 2}\n")
        #expect(node != nil)
        #expect(errors == [
            "t.yaml:4:3: error: duplicate key 'c' (first at line 3, column 3)",
            "t.yaml:5:1: error: duplicate key 'a' (first at line 1, column 1)",
            "t.yaml:6:1: error: duplicate key 'b' (first at line 2, column 1)",
            "t.yaml:6:13: error: duplicate key 'x' (first at line 6, column 7)",
        ])
        // Many keys (the index kicks in after 16).
        let many = (0..<40).map { "k\($0): \($0)" }.joined(separator: "\n") + "\nk7: again\n"
        #expect(readYAML(many).errors == ["t.yaml:41:1: error: duplicate key 'k7' (first at line 8, column 1)"])
    }

    @Test func problemsWithAClearExtentAreAllReportedInOneRun() {
        let text = "a: .inf\nb: \"bad \\q escape\"\nc: *nowhere\nd: 1\nd: 2\ne: {<<: 5}\nf: \"\\x4\"\n"
        let (node, errors) = readYAML(text)
        #expect(node != nil)
        #expect(errors == [
            "t.yaml:1:4: error: '.inf' is infinity, which JSON cannot hold; quote it to keep it as text",
            "t.yaml:2:9: error: invalid escape '\\q': YAML allows \\0 \\a \\b \\t \\n \\v \\f \\r \\e \\\" \\/ \\\\ \\N \\_ \\L \\P \\xXX \\uXXXX \\UXXXXXXXX and a space",
            "t.yaml:3:4: error: unknown alias '*nowhere': no '&nowhere' before it (quote text that starts with '*')",
            "t.yaml:5:1: error: duplicate key 'd' (first at line 4, column 1)",
            "t.yaml:6:9: error: a merge key '<<' takes a mapping or a list of mappings",
            "t.yaml:7:5: error: invalid escape: '\\x' must be followed by 2 hexadecimal digits",
        ])
    }

    @Test func badBytesAreReportedWithTheirPlace() {
        #expect(readYAMLBytes(Array("a: b\nc: \u{1}\n".utf8)).errors
                == ["t.yaml:2:4: error: control character U+0001 is not allowed in YAML; write it as an escape in a double-quoted string"])
        #expect(readYAMLBytes(Array("a: é\nb: x".utf8) + [0xFF] + Array("\n".utf8)).errors == ["t.yaml:2:5: error: invalid UTF-8 byte 0xFF"])
        let nul = readYAMLBytes([0x61, 0x3A, 0x20, 0x00])
        #expect(nul.node == nil)
        #expect(nul.errors == ["t.yaml:1:4: error: NUL byte: a YAML file is UTF-8 text (is this file UTF-16?)"])
    }

    // MARK: Inputs meant to hurt

    @Test func billionLaughsIsRefusedQuickly() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let items = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(items)]\n"
        }
        let clock = ContinuousClock()
        let start = clock.now
        let (node, errors) = readYAML(text)
        #expect(clock.now - start < .seconds(2))
        #expect(node == nil)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("error: the document expands to more than 1000000 values through its aliases (an alias bomb?)") == true)
        // The same in block style.
        var merges = "l0: &l0 {a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10}\n"
        for level in 1...9 {
            merges += "l\(level): &l\(level)\n" + (0..<10).map { "  k\($0): *l\(level - 1)" }.joined(separator: "\n") + "\n"
        }
        #expect(readYAML(merges).errors.first?.contains("an alias bomb?") == true)
    }

    @Test func aliasesWithinTheLimitAreFine() {
        var text = "a0: &a0 [x, y]\n"
        for level in 1...5 {
            text += "a\(level): &a\(level) [*a\(level - 1), *a\(level - 1)]\n"
        }
        #expect(readYAML(text).errors.isEmpty)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let limit = YAMLParser.maximumDepth
        // Flow, far past the limit.
        let deepFlow = readYAML(String(repeating: "[", count: 100_000))
        #expect(deepFlow.node == nil)
        #expect(deepFlow.errors.first?.hasSuffix("error: nesting is too deep: more than \(limit) lists and mappings inside each other") == true)
        #expect(readYAML(String(repeating: "{a: ", count: 100_000)).errors.first?.contains("nesting is too deep") == true)
        // Block lists and mappings.
        #expect(readYAML(String(repeating: "- ", count: 100_000) + "x\n").errors.first?.contains("nesting is too deep") == true)
        let deepMapping = (0..<2_000).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n")
        #expect(readYAML(deepMapping).errors.first?.contains("nesting is too deep") == true)
        // At the limit it reads.
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(readYAML(atLimit).errors.isEmpty)
        let blockAtLimit = String(repeating: "- ", count: limit) + "x\n"
        #expect(readYAML(blockAtLimit).errors.isEmpty)
        // Aliases cannot build a tree deeper than the limit either.
        let half = limit / 2 + 10
        let anchored = "a: &deep " + String(repeating: "[", count: half) + String(repeating: "]", count: half) + "\n"
        let nested = "b: " + String(repeating: "[", count: half) + "*deep" + String(repeating: "]", count: half) + "\n"
        #expect(readYAML(anchored + nested).errors.first?.contains("nesting is too deep: the alias '*deep' brings in") == true)
    }

    @Test func anAliasToItselfIsUnknownNotACycle() {
        #expect(readYAML("a: &x [*x]\n").errors == ["t.yaml:1:8: error: unknown alias '*x': no '&x' before it (quote text that starts with '*')"])
        #expect(readYAML("a: &x {b: *x}\n").errors == ["t.yaml:1:11: error: unknown alias '*x': no '&x' before it (quote text that starts with '*')"])
    }

    @Test func hugeHexNumbersAreRefusedNotSlow() {
        let text = "a: 0x" + String(repeating: "F", count: 100_000) + "\n"
        #expect(readYAML(text).errors.first?.contains("is too long; quote it to keep it as text") == true)
    }

    /// Cuts and mutations of real YAML: every one gives a tree or errors, never a crash or a hang.
    @Test func mutatedDocumentsNeverCrash() throws {
        let url = try #require(Bundle.module.url(forResource: "pet-store-3.0", withExtension: "yaml", subdirectory: "Fixtures/YAML/openapi"))
        let original = Array(try Data(contentsOf: url))
        var generator = SplitMix(seed: 16)
        let alphabet = Array(" \t\n\r-?:,[]{}#&*!|>'\"%@`\\0xé~.<".utf8) + [0xC3, 0xFF]
        for round in 0..<300 {
            var bytes = original
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
            }
            for _ in 0..<(1 + Int(generator.next() % 8)) where !bytes.isEmpty {
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[index] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: index)
                }
            }
            let (node, errors) = readYAMLBytes(bytes)
            #expect(node != nil || !errors.isEmpty)
            for error in errors { #expect(error.hasPrefix("t.yaml:") && error.contains(": error: ")) }
        }
        // Short random strings of YAML's special characters.
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 24)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let (node, errors) = readYAMLBytes(bytes)
            #expect(node != nil || !errors.isEmpty)
        }
    }
}
