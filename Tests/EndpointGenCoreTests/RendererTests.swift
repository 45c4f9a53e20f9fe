import Testing
@testable import EndpointGenCore

/// The renderer alone: punctuation, indentation, blank lines and literals from a hand-built code model.
@Suite struct RendererTests {
    @Test func indentationIsFourSpacesAPushedLevel() {
        var printer = CodePrinter()
        printer.line("a {")
        printer.indented { printer in
            printer.line("b {")
            printer.indented { $0.line("c") }
            printer.line("}")
            printer.endLine()
        }
        printer.line("}")
        #expect(printer.text == "a {\n    b {\n        c\n    }\n\n}\n")
    }

    @Test func declarationsAndBlankLines() {
        let file = SwiftFile(
            headerComments: ["Header."],
            imports: ["Foundation"],
            declarations: [
                Declaration(documentation: ["An enum.", "", "More."], kind: .enumeration(EnumDecl(
                    access: "public", name: "E", inheritance: ["Sendable"],
                    members: [
                        Declaration(kind: .enumCase(EnumCaseDecl(name: "a"))),
                        Declaration(attributes: ["@available(*, deprecated)"], kind: .enumCase(EnumCaseDecl(
                            name: "b", associatedValues: [FunctionParameter(label: "x", type: "Int", defaultValue: .raw("1"))]))),
                        Declaration(kind: .enumeration(EnumDecl(access: "public", name: "Inner"))),
                    ]))),
                Declaration(kind: .lineComment("Next.")),
                Declaration(kind: .extension(ExtensionDecl(extendedType: "E", conformances: ["P"], members: [
                    Declaration(kind: .function(FunctionDecl(
                        access: "public", kind: .function(name: "f", isStatic: false, isMutating: false),
                        parameters: [FunctionParameter(label: "for", name: "value", type: "String")], throwsErrors: true, returnType: "Int",
                        body: [.switch(subject: .raw("self"), cases: [
                            SwitchCase(patterns: [.enumCase(name: "a", bindings: [])], body: [.return(.raw("0"))]),
                            SwitchCase(patterns: [.enumCase(name: "b", bindings: ["x"])], body: [
                                .ifLet(name: "y", value: .raw("Optional(x)"), body: [.return(.raw("y"))]),
                                .throw(.call(.raw("Failure"), [])),
                            ]),
                        ])]))),
                ]))),
            ])
        #expect(Renderer.render(file) == """
            // Header.

            import Foundation

            /// An enum.
            ///
            /// More.
            public enum E: Sendable {
                case a
                @available(*, deprecated)
                case b(x: Int = 1)

                public enum Inner {}
            }

            // Next.
            extension E: P {
                public func f(for value: String) throws -> Int {
                    switch self {
                    case .a:
                        return 0
                    case let .b(x):
                        if let y = Optional(x) {
                            return y
                        }
                        throw Failure()
                    }
                }
            }

            """)
    }

    @Test func callsWithTrailingClosures() {
        var printer = CodePrinter()
        printer.indented { printer in
            Renderer.renderStatements([.return(.try(.call(.raw("Make"), [Argument(.dotMember("get")), Argument("base", .stringLiteral("u"))],
                                                          trailingClosure: [.expression(.call(.raw("Part"), [Argument(.raw("1"))]))])))],
                                      into: &printer)
        }
        #expect(printer.text == "    return try Make(.get, base: \"u\") {\n        Part(1)\n    }\n")
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        (#"quote " and \ backslash"#, #""quote \" and \\ backslash""#),
        ("tab\tnew\nline\r", #""tab\tnew\nline\r""#),
        ("nul\u{0}bell\u{7}", #""nul\0bell\u{7}""#),
        ("größe ✓ 🎉", #""größe ✓ 🎉""#),
        ("sep\u{2028}", #""sep\u{2028}""#),
    ])
    func stringLiterals(text: String, literal: String) {
        #expect(Renderer.stringLiteral(text) == literal)
    }

    @Test(arguments: [
        (#"{"id":1}"#, ##"#"{"id":1}"#"##),
        (##"{"a":"x"#"}"##, ###"##"{"a":"x"#"}"##"###),
        (#"{"a":"\n"}"#, ##"#"{"a":"\n"}"#"##),
        (##"{"a":"\#(x)"}"##, ###"##"{"a":"\#(x)"}"##"###),
    ])
    func rawStringLiteralsUseEnoughHashes(text: String, literal: String) {
        #expect(Renderer.rawStringLiteral(text) == literal)
    }

    @Test func rawStringLiteralsFallBackForLineBreaks() {
        #expect(Renderer.rawStringLiteral("a\nb") == #""a\nb""#)
    }
}
