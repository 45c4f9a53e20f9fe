import EndpointGenCore
import Foundation
import Testing
import TestSupport

/// Descriptions, messages and values with every kind of line break (CRLF, a lone CR, LF, NEL,
/// U+2028, U+2029), mixed with comment delimiters, in every place text becomes a comment or a
/// literal: the generated Swift must hold none of those characters raw (a CR or U+2028 in a `///`
/// line would end it and turn the rest into code), and must parse.
@Suite struct LineBreakTests {
    static let breaks = ["\r\n", "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}"]
    static let pieces = ["word", " ", "*/", "/*", "\"", "\\", "#", "let x = 1", "é"] + breaks

    /// A deterministic text of a few pieces, at least one of them a line break.
    static func text(_ generator: inout SplitMix) -> String {
        var result = breaks[Int(generator.next() % UInt64(breaks.count))]
        for _ in 0..<(3 + Int(generator.next() % 6)) {
            let piece = pieces[Int(generator.next() % UInt64(pieces.count))]
            if generator.next() % 2 == 0 { result += piece } else { result = piece + result }
        }
        return result
    }

    /// `text` as a JSON string literal.
    static func json(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    static func spec(_ generator: inout SplitMix) -> String {
        func t() -> String { json(text(&generator)) }
        return """
        { "baseURL": "https://api.example.com", "description": \(t()),
          "headers": { "X-Note": \(json("a b")) },
          "endpoints": {
            "thing": { "method": "GET", "path": "/things/{id}", "description": \(t()), "deprecated": \(t()),
                       "parameters": { "id": { "type": "Int", "description": \(t()) },
                                       "q": { "type": "String", "default": \(t()) } },
                       "response": "Thing", "sample": { "text": \(t()) } }
          },
          "groups": { "more": { "description": \(t()), "endpoints": { "other": { "method": "GET", "path": "/o", "description": \(t()) } } } },
          "models": {
            "Thing": { "description": \(t()), "properties": { "name": { "type": "String", "description": \(t()) } } },
            "Kind": { "description": \(t()), "enum": ["a", "b"] }
          } }
        """
    }

    @Test func noLineBreakSurvivesRawInTheGeneratedSwift() throws {
        var generator = SplitMix(seed: 2_026_11_23)
        var outputs: [String] = []
        for _ in 0..<200 {
            let spec = Self.spec(&generator)
            let result = Generator.generate(specData: Data(spec.utf8), fileName: "API.endpoints.json", options: GeneratorOptions())
            let swift = try #require(result.swift, "\(result.diagnostics.all.map(\.description)) for \(spec)")
            for scalar in swift.unicodeScalars where ["\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) {
                Issue.record("a raw U+\(String(scalar.value, radix: 16, uppercase: true)) in the Swift generated from \(spec)")
                break
            }
            outputs.append(swift)
        }
        // The compiler's parser agrees (a few outputs: each run starts the compiler).
        for swift in outputs.prefix(5) {
            let problems = try SwiftParser.parse(swift)
            #expect(problems.isEmpty, "\(problems)\n\(swift)")
        }
    }

    /// Found by scripts/fuzz.sh: an enum value holding a NUL was written raw into the `///` line
    /// naming it, and the compiler rejects a NUL anywhere in a file. Every control character but a
    /// tab and the line feed is written as `\u{...}` in comments, as it is in literals.
    @Test func noControlCharacterSurvivesRawInComments() throws {
        let controls = ["\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "\u{9B}"]
        let spec = """
            { "baseURL": "https://api.example.com", "description": \(Self.json("API" + controls.joined())),
              "endpoints": { "thing": { "method": "GET", "path": "/t", "description": \(Self.json("a\u{0}b")), "response": "Kind" } },
              "models": {
                "Kind": { "description": \(Self.json("k\u{1}")), "enum": [\(Self.json("a\u{0}b")), \(Self.json("c\u{7F}d"))] },
                "Thing": { "properties": { "name": { "type": "String", "description": \(Self.json("n\u{9B}")) } } }
              } }
            """
        let result = Generator.generate(specData: Data(spec.utf8), fileName: "API.endpoints.json", options: GeneratorOptions())
        let swift = try #require(result.swift, "\(result.diagnostics.all.map(\.description))")
        let raw = swift.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
        #expect(raw.isEmpty, "raw control characters: \(raw.map { String($0.value, radix: 16) })")
        #expect(swift.contains("/// `a\\u{0}b`"))
        #expect(swift.contains("/// k\\u{1}"))
        #expect(try SwiftParser.parse(swift).isEmpty)
    }
}

/// `swiftc -parse` on a file: syntax only, no modules needed.
enum SwiftParser {
    static func parse(_ swift: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("linebreaks-\(UUID().uuidString).swift")
        try swift.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try runTool(["swiftc", "-parse", file.path])
        return run.status == 0 ? "" : run.output
    }
}
