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

    /// A name is stored as it reads; the renderer writes backticks around a keyword where its
    /// position needs them: every declaration, reference and member, a label only for `inout`,
    /// `var` and `let`. The generator's own words (`self`, `.init`) are written as they are.
    @Test func keywordNamesAreEscapedForTheirPosition() {
        // Names as the spec gives them: Strings, not literals (`Identifier("in")` would be the word `in`).
        let specNames = ["inout", "default", "var", "in"]
        let (inout_, default_, var_, in_) = (Identifier(specNames[0]), Identifier(specNames[1]), Identifier(specNames[2]), Identifier(specNames[3]))
        let enumeration = Declaration(kind: .enumeration(EnumDecl(access: nil, isNonisolated: false, name: "E", members: [
            Declaration(kind: .enumCase(EnumCaseDecl(name: default_, associatedValues: [
                FunctionParameter(label: in_, type: .named("Int")), FunctionParameter(label: var_, type: .named("Int")),
            ]))),
            Declaration(kind: .variable(VariableDecl(access: nil, isStatic: true, name: in_, type: .named("E"),
                                                     initializer: .call(.dotMember(default_), [Argument(in_, .numberLiteral("1")),
                                                                                               Argument(var_, .numberLiteral("2"))])))),
            Declaration(kind: .function(FunctionDecl(
                access: nil, kind: .function(name: default_, isStatic: false, isMutating: false),
                parameters: [FunctionParameter(label: inout_, type: .named("Int")), FunctionParameter(label: in_, name: var_, type: .named("Int"))],
                body: [.switch(subject: .identifier("self"), cases: [
                    SwitchCase(patterns: [.enumCase(name: default_, bindings: [in_, var_])],
                               body: [.expression(.call(.member(.identifier("self"), default_), [Argument(.identifier(in_))]))]),
                    SwitchCase(patterns: [.expression(.dotMember("init"))], body: [.return(.member(.identifier(inout_), "default"))]),
                ])]))),
        ])))
        #expect(Renderer.render(SwiftFile(headerComments: [], imports: [], declarations: [enumeration])) == """
            enum E {
                case `default`(in: Int, `var`: Int)

                static let `in`: E = .`default`(in: 1, `var`: 2)

                func `default`(`inout`: Int, in `var`: Int) {
                    switch self {
                    case let .`default`(`in`, `var`):
                        self.`default`(`in`)
                    case .init: return `inout`.default
                    }
                }
            }

            """)
        #expect(Renderer.spelling("default", .declaration) == "default")
        #expect(Renderer.spelling(Identifier("default"), .declaration) == "default", "a literal argument is the literal: a word")
        #expect(Renderer.spelling(Identifier("rawValue"), .declaration) == "rawValue")
    }

    @Test func declarationsAndBlankLines() {
        let file = SwiftFile(
            headerComments: ["Header."],
            imports: [Import(access: "public", module: "Foundation")],
            declarations: [
                Declaration(documentation: ["An enum.", "", "More."], kind: .enumeration(EnumDecl(
                    access: "public", name: "E", inheritance: [.named("Sendable")],
                    members: [
                        Declaration(kind: .enumCase(EnumCaseDecl(name: "a"))),
                        Declaration(attributes: [.deprecated(message: nil)], kind: .enumCase(EnumCaseDecl(
                            name: "b", associatedValues: [FunctionParameter(label: "x", type: .named("Int"), defaultValue: .numberLiteral("1"))]))),
                        Declaration(attributes: [.deprecated(message: "Use \"a\".")], kind: .enumCase(EnumCaseDecl(
                            name: "c", associatedValues: [FunctionParameter(label: nil, type: .optional(.array(.member(.named("M"), "T"))))]))),
                        Declaration(kind: .enumeration(EnumDecl(access: "public", isNonisolated: false, name: "Inner"))),
                    ]))),
                Declaration(kind: .lineComment("Next.")),
                Declaration(kind: .extension(ExtensionDecl(extendedType: .named("E"), conformances: [.named("P")], members: [
                    Declaration(kind: .function(FunctionDecl(
                        access: "public", kind: .function(name: "f", isStatic: false, isMutating: false),
                        parameters: [FunctionParameter(label: "for", name: "value", type: .named("String")),
                                     FunctionParameter(label: "into", name: "hasher", type: .named("Hasher"), isInout: true)],
                        throwsErrors: true, returnType: .generic(.named("Endpoint"), [.dictionary(key: .named("String"), value: .named("Int"))]),
                        body: [.switch(subject: .identifier("self"), cases: [
                            SwitchCase(patterns: [.enumCase(name: "a", bindings: [])], body: [.return(.metatype(.optional(.named("Int"))))]),
                            SwitchCase(patterns: [.enumCase(name: "b", bindings: ["x"])], body: [
                                .ifLet(name: "y", value: .call(.type(.named("Optional")), [Argument(.identifier("x"))]), body: [
                                    .return(.binary(.identifier("y"), "==", .booleanLiteral(true))),
                                ]),
                                .throw(.call(.type(.named("Failure")), [])),
                            ]),
                            SwitchCase(patterns: [.default], body: [.return(.nilLiteral)]),
                        ])]))),
                ]))),
            ])
        #expect(Renderer.render(file) == """
            // Header.

            public import Foundation

            /// An enum.
            ///
            /// More.
            public nonisolated enum E: Sendable {
                case a
                @available(*, deprecated)
                case b(x: Int = 1)
                @available(*, deprecated, message: "Use \\"a\\".")
                case c([M.T]?)

                public enum Inner {}
            }

            // Next.
            nonisolated extension E: P {
                public func f(for value: String, into hasher: inout Hasher) throws -> Endpoint<[String: Int]> {
                    switch self {
                    case .a: return Optional<Int>.self
                    case let .b(x):
                        if let y = Optional(x) {
                            return y == true
                        }
                        throw Failure()
                    default: return nil
                    }
                }
            }

            """)
    }

    @Test func longSignaturesCallsAndCasesWrapFillingTheLines() {
        let parameters = (1...9).map { FunctionParameter(label: Identifier("parameter\($0)"), type: .optional(.named("String")), defaultValue: .nilLiteral) }
        let call = Expression.call(.type(.named("Make")), (1...9).map { Argument("argument\($0)", .identifier("value\($0)")) })
        let file = SwiftFile(headerComments: [], imports: [], declarations: [
            Declaration(kind: .enumeration(EnumDecl(access: nil, isNonisolated: false, name: "E", members: [
                Declaration(kind: .enumCase(EnumCaseDecl(name: "long", associatedValues: parameters))),
                Declaration(kind: .function(FunctionDecl(access: nil, kind: .function(name: "f", isStatic: true, isMutating: false),
                                                         parameters: parameters, returnType: .named("Int"), body: [.return(call)]))),
            ]))),
        ])
        #expect(Renderer.render(file) == """
            enum E {
                case long(
                    parameter1: String? = nil, parameter2: String? = nil, parameter3: String? = nil, parameter4: String? = nil, parameter5: String? = nil,
                    parameter6: String? = nil, parameter7: String? = nil, parameter8: String? = nil, parameter9: String? = nil
                )

                static func f(
                    parameter1: String? = nil, parameter2: String? = nil, parameter3: String? = nil, parameter4: String? = nil, parameter5: String? = nil,
                    parameter6: String? = nil, parameter7: String? = nil, parameter8: String? = nil, parameter9: String? = nil
                ) -> Int {
                    return Make(
                        argument1: value1, argument2: value2, argument3: value3, argument4: value4, argument5: value5, argument6: value6, argument7: value7,
                        argument8: value8, argument9: value9
                    )
                }
            }

            """)
    }

    @Test func longSwitchPatternsAndNestedCallsWrap() {
        let bindings = (1...16).map { Identifier("binding\($0)") }
        let inner = Expression.call(.dotMember("inner"), bindings.map { Argument($0, .identifier($0)) })
        var printer = CodePrinter()
        Renderer.renderStatements([
            .switch(subject: .identifier("self"), cases: [
                SwitchCase(patterns: [.enumCase(name: "long", bindings: bindings)],
                           body: [.return(.call(.member(.type(.named("API")), "outer"), [Argument(inner)]))]),
            ]),
        ], into: &printer)
        #expect(printer.text == """
            switch self {
            case let .long(
                binding1, binding2, binding3, binding4, binding5, binding6, binding7, binding8, binding9, binding10, binding11, binding12, binding13, binding14,
                binding15, binding16
            ):
                return API.outer(.inner(
                    binding1: binding1, binding2: binding2, binding3: binding3, binding4: binding4, binding5: binding5, binding6: binding6, binding7: binding7,
                    binding8: binding8, binding9: binding9, binding10: binding10, binding11: binding11, binding12: binding12, binding13: binding13,
                    binding14: binding14, binding15: binding15, binding16: binding16
                ))
            }

            """)
    }

    @Test func tuplesAndTuplePatterns() {
        func equality(_ name: String) -> SwitchCase {
            SwitchCase(patterns: [.tuple([.enumCase(name: Identifier(name), bindings: ["left"]), .enumCase(name: Identifier(name), bindings: ["right"])])],
                       body: [.return(.call(.identifier("same"), [Argument(.identifier("left")), Argument(.identifier("right"))]))])
        }
        let long = String(repeating: "veryLongAlternativeName", count: 3)
        var printer = CodePrinter()
        Renderer.renderStatements([
            .switch(subject: .tuple([.identifier("lhs"), .identifier("rhs")]), cases: [
                equality("cat"),
                SwitchCase(patterns: [.tuple([.enumCase(name: "none", bindings: []), .default])], body: [.return(.booleanLiteral(true))]),
                equality(long),
                SwitchCase(patterns: [.default], body: [.return(.booleanLiteral(false))]),
            ]),
        ], into: &printer)
        #expect(printer.text == """
            switch (lhs, rhs) {
            case let (.cat(left), .cat(right)): return same(left, right)
            case (.none, _): return true
            case let (
                .\(long)(left),
                .\(long)(right)
            ):
                return same(left, right)
            default: return false
            }

            """)
    }

    @Test func anIfOfSeveralConditionsFillsItsLines() {
        let names = (1...14).map { "alternative\($0)" }
        var printer = CodePrinter()
        Renderer.renderStatements([
            .if(conditions: [.binary(.identifier("a"), "==", .nilLiteral)], body: [.break]),
            .if(conditions: names.map { .binary(.member(.identifier("self"), Identifier($0)), "==", .nilLiteral) },
                body: [.assignment(target: .member(.identifier("self"), "unknown"), value: .identifier("raw"))]),
        ], into: &printer)
        #expect(printer.text == """
            if a == nil {
                break
            }
            if self.alternative1 == nil, self.alternative2 == nil, self.alternative3 == nil, self.alternative4 == nil, self.alternative5 == nil,
               self.alternative6 == nil, self.alternative7 == nil, self.alternative8 == nil, self.alternative9 == nil, self.alternative10 == nil,
               self.alternative11 == nil, self.alternative12 == nil, self.alternative13 == nil, self.alternative14 == nil {
                self.unknown = raw
            }

            """)
    }

    @Test func aLongListFillsTheLinesBelowIt() {
        let names = (1...24).map { "value\($0)" }
        var printer = CodePrinter()
        Renderer.renderStatements([.return(.arrayLiteral([.stringLiteral("name")] + names.map { Expression.identifier($0) }))], into: &printer)
        #expect(printer.text == """
            return [
                "name", value1, value2, value3, value4, value5, value6, value7, value8, value9, value10, value11, value12, value13, value14, value15, value16,
                value17, value18, value19, value20, value21, value22, value23, value24,
            ]

            """)
        // A list that fits stays on its line.
        var short = CodePrinter()
        Renderer.renderStatements([.return(.arrayLiteral(names.prefix(3).map(Expression.identifier)))], into: &short)
        #expect(short.text == "return [value1, value2, value3]\n")
    }

    /// A call ending in a dictionary that does not fit its line: the arguments one per line when the
    /// dictionary then fits on a line of its own, else the dictionary one entry per line, hugging
    /// the call.
    @Test(arguments: [3, 6])
    func aCallEndingInADictionaryWrapsWhereItHelps(entries: Int) {
        let first = String(repeating: "c", count: 70)
        let codes = (1...entries).map { "40\($0)" }
        let dictionary = Expression.dictionaryLiteral(codes.map {
            DictionaryEntry(key: .call(.dotMember("code"), [Argument(.numberLiteral($0))]), value: .metatype(.named("Problem")))
        })
        var printer = CodePrinter()
        Renderer.renderStatements([.return(.call(.identifier("endpoint"), [Argument(.identifier(Identifier(first))), Argument("errors", dictionary)]))],
                                  into: &printer)
        if entries == 3 {
            #expect(printer.text == """
                return endpoint(
                    \(first),
                    errors: [.code(401): Problem.self, .code(402): Problem.self, .code(403): Problem.self]
                )

                """)
        } else {
            #expect(printer.text == """
                return endpoint(\(first), errors: [
                \(codes.map { "    .code(\($0)): Problem.self,\n" }.joined())])

                """)
        }
    }

    @Test func callsWithTrailingClosures() {
        var printer = CodePrinter()
        printer.indented { printer in
            Renderer.renderStatements([.return(.try(.call(.type(.named("Make")), [Argument(.dotMember("get")), Argument("base", .stringLiteral("u"))],
                                                          trailingClosure: [.expression(.call(.type(.named("Part")), [Argument(.numberLiteral("1"))]))])))],
                                      into: &printer)
        }
        // A closure of one expression stays on the line; of more, one statement a line.
        #expect(printer.text == "    return try Make(.get, base: \"u\") { Part(1) }\n")
        var block = CodePrinter()
        Renderer.renderStatements([.expression(.call(.type(.named("Make")), [], trailingClosure: [
            .expression(.call(.type(.named("Part")), [Argument(.numberLiteral("1"))])),
            .expression(.call(.type(.named("Part")), [Argument(.numberLiteral("2"))])),
        ]))], into: &block)
        #expect(block.text == "Make {\n    Part(1)\n    Part(2)\n}\n")
    }

    /// The one rule at its boundary: a construct whose line is exactly `CodePrinter.width` columns
    /// long stays on that line; one column more and it wraps. Three constructs: a function of one
    /// expression (`func f() -> Int { x }`), a `case` of one `return`, and a call after `return`.
    @Test(arguments: [0, 1])
    func aConstructThatFitsTheWidthStaysOnItsLineOneColumnMoreWraps(extra: Int) {
        let width = CodePrinter.width
        // `func f() -> Int { NAME }`: 20 columns and the name.
        let functionName = String(repeating: "x", count: width - 20 + extra)
        var function = CodePrinter()
        Renderer.render(Declaration(kind: .function(FunctionDecl(access: nil, kind: .function(name: "f", isStatic: false, isMutating: false),
                                                                 returnType: .named("Int"), body: [.return(.identifier(Identifier(functionName)))]))),
                        into: &function)
        // `case .a: return NAME` (a case is at its switch's level): 16 columns and the name.
        let caseName = String(repeating: "y", count: width - 16 + extra)
        var switchPrinter = CodePrinter()
        Renderer.renderStatements([.switch(subject: .identifier("self"), cases: [
            SwitchCase(patterns: [.enumCase(name: "a", bindings: [])], body: [.return(.identifier(Identifier(caseName)))]),
        ])], into: &switchPrinter)
        // `return make(NAME, b)`: 16 columns and the name.
        let argumentName = String(repeating: "z", count: width - 16 + extra)
        var call = CodePrinter()
        Renderer.renderStatements([.return(.call(.identifier("make"), [Argument(.identifier(Identifier(argumentName))), Argument(.identifier("b"))]))],
                                  into: &call)
        if extra == 0 {
            #expect(function.text == "func f() -> Int { \(functionName) }\n")
            #expect(switchPrinter.text == "switch self {\ncase .a: return \(caseName)\n}\n")
            #expect(call.text == "return make(\(argumentName), b)\n")
            for text in [function.text, switchPrinter.text, call.text] {
                #expect(text.split(separator: "\n").map(\.count).max() == width)
            }
        } else {
            #expect(function.text == "func f() -> Int {\n    return \(functionName)\n}\n")
            #expect(switchPrinter.text == "switch self {\ncase .a:\n    return \(caseName)\n}\n")
            #expect(call.text == "return make(\n    \(argumentName), b\n)\n")
        }
    }

    /// A construct is rendered once: a trial that does not fit is taken back whole (nothing of it
    /// is left in the text, the indentation and what the line held before it included), and the
    /// printer goes on from where the trial began.
    @Test func aTrialThatDoesNotFitIsTakenBackWhole() {
        var printer = CodePrinter()
        printer.line("first")
        printer.indent()
        printer.write("head ")
        let start = printer.beginTrial()
        printer.write(String(repeating: "w", count: CodePrinter.width))
        printer.endLine()
        printer.line("never written")
        #expect(printer.trialFailed)
        let fitted = printer.endTrial(from: start)
        #expect(!fitted)
        #expect(!printer.isTrying)
        printer.line("tail")
        printer.outdent()
        #expect(printer.text == "first\n    head tail\n")
        // One that fits stays, and the line goes on.
        var fits = CodePrinter()
        let kept = fits.beginTrial()
        fits.write("short")
        let keptFits = fits.endTrial(from: kept, reserve: CodePrinter.width - 5)
        #expect(keptFits)
        fits.line(";")
        #expect(fits.text == "short;\n")
    }

    /// A list of components one per line, hugging the call, unless the call fits on its line: the
    /// renderer decides, from the list alone (the code model says nothing about lines).
    @Test func listsOfComponentsHugTheCall() {
        var printer = CodePrinter()
        let parts: [Expression] = [.call(.type(.named("Path")), [Argument(.stringLiteral("a"))])]
            + (1...6).map { .call(.type(.named("Query")), [Argument(.stringLiteral("query_\($0)")), Argument(.identifier("query\($0)"))]) }
        Renderer.renderStatements([
            .return(.try(.call(.member(.identifier("defaults"), "request"), [Argument(.dotMember("get")), Argument(.arrayLiteral(parts))]))),
            .return(.try(.call(.member(.identifier("defaults"), "request"), [Argument(.dotMember("get")), Argument(.arrayLiteral([parts[0]]))]))),
        ], into: &printer)
        #expect(printer.text == """
            return try defaults.request(.get, [
                Path("a"),
                Query("query_1", query1),
                Query("query_2", query2),
                Query("query_3", query3),
                Query("query_4", query4),
                Query("query_5", query5),
                Query("query_6", query6),
            ])
            return try defaults.request(.get, [Path("a")])

            """)
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
