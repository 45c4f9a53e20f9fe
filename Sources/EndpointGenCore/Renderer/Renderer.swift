/// Turns a CodeModel tree into Swift text. Knows punctuation, blank lines and indentation;
/// knows nothing about specs or the runtime.
///
/// The one rule of layout, at the one width `CodePrinter.width`: a construct that fits on its line
/// is written there; one that does not is wrapped where the code model allows: a function's
/// parameters, an enum case's associated values, a call's arguments (a lone argument that is a call
/// wraps in turn), a list of calls one per line hugging its call, another list filling the lines
/// below it, a dictionary one entry per line, the bindings of a `case let` pattern, and a body of
/// one statement on the lines below the function, property or `case` that opens it.
enum Renderer {
    static func render(_ file: SwiftFile) -> String {
        render(file, renderedDeclarations: file.declarations.isEmpty ? [] : [renderTopLevel(file.declarations)])
    }

    /// `file`'s header and imports, then its declarations as `renderedDeclarations` holds them:
    /// consecutive runs of them, each rendered by ``renderTopLevel(_:)``, with a blank line between
    /// two (as between any two top-level declarations).
    static func render(_ file: SwiftFile, renderedDeclarations: [String]) -> String {
        var printer = CodePrinter()
        for comment in file.headerComments.flatMap(\.commentLines) {
            printer.line(comment.isEmpty ? "//" : "// \(comment)")
        }
        if !file.headerComments.isEmpty { printer.blankLine() }
        for module in file.imports {
            printer.line("\(prefix(module.access))import \(module.module)")
        }
        if !file.imports.isEmpty && !renderedDeclarations.isEmpty { printer.blankLine() }
        let hasHead = !file.headerComments.isEmpty || !file.imports.isEmpty
        // One string of the final size, written once (not the declarations joined, then copied
        // again after the header).
        var text = hasHead ? printer.text : ""
        text.reserveCapacity(text.utf8.count + renderedDeclarations.reduce(renderedDeclarations.count) { $0 + $1.utf8.count })
        for (index, declarations) in renderedDeclarations.enumerated() {
            if index > 0 { text += "\n" }
            text += declarations
        }
        return text.isEmpty ? "\n" : text
    }

    /// Top-level declarations (not empty), each line ending in a newline.
    static func renderTopLevel(_ declarations: [Declaration]) -> String {
        renderTopLevelCounted(declarations).text
    }

    /// ``renderTopLevel(_:)`` with the number of lines the printer wrote: what the parts of a
    /// large spec are packed by.
    static func renderTopLevelCounted(_ declarations: [Declaration]) -> (text: String, lines: Int) {
        var printer = CodePrinter()
        renderMembers(declarations, into: &printer)
        return (printer.text, printer.lines)
    }

    /// The lines of rendered text.
    static func lineCount(_ text: String) -> Int {
        // Over the string's own bytes, eight at a time: `utf8.reduce` stepped through its index one
        // byte at a time (26 M instructions for a 700-endpoint spec's 800 KB).
        var text = text
        return text.withUTF8 { bytes in
            var lines = 0
            var index = 0
            if let base = bytes.baseAddress {
                let raw = UnsafeRawPointer(base)
                while index + 8 <= bytes.count {
                    // A byte of `word` is zero exactly where the text has a newline; the high bit
                    // of each byte of `zeros` says which (no carry crosses bytes).
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                    let zeros = ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word | 0x7F7F_7F7F_7F7F_7F7F)
                    lines += zeros.nonzeroBitCount
                    index += 8
                }
            }
            while index < bytes.count {
                if bytes[index] == 0x0A { lines += 1 }
                index += 1
            }
            return lines
        }
    }

    // MARK: Declarations

    /// Members one after the other: a blank line between them, except between consecutive enum
    /// cases, between consecutive stored properties neither of which is documented, and
    /// after a line comment (which belongs to what follows it). Consecutive plain cases (no
    /// payload, raw value or documentation) share `case` lines: `case id, name, distance`.
    static func renderMembers(_ members: [Declaration], into printer: inout CodePrinter) {
        var previous: Declaration?
        var index = members.startIndex
        while index < members.endIndex {
            let member = members[index]
            if let previous, needsBlankLine(between: previous, and: member) {
                printer.blankLine()
            }
            let plainCases = members[index...].prefix { plainCaseName($0) != nil }
            if plainCases.count > 1 {
                renderPlainCases(plainCases.compactMap(plainCaseName), into: &printer)
                index += plainCases.count
                previous = plainCases.last
                continue
            }
            render(member, into: &printer)
            previous = member
            index += 1
        }
    }

    /// The name of a case with nothing but its name (no payload, raw value, `indirect`,
    /// documentation or attribute); nil for any other declaration.
    private static func plainCaseName(_ declaration: Declaration) -> String? {
        guard case let .enumCase(decl) = declaration.kind, declaration.documentation.isEmpty, declaration.attributes.isEmpty,
              decl.associatedValues.isEmpty, decl.rawValue == nil, !decl.isIndirect else { return nil }
        return spelling(decl.name, .declaration)
    }

    /// `case a, b, c`, a new `case` line where the next name would pass the line length.
    private static func renderPlainCases(_ names: [String], into printer: inout CodePrinter) {
        fillLines(names, separator: ", ", first: "case ", continuation: "case ", into: &printer)
    }

    /// Writes `pieces` with `separator` between two, as many on a line as fit in
    /// ``CodePrinter.width``: `first` starts the first line and `continuation` each next one.
    /// Everything that fills its lines goes through here: parameters, arguments passed on by name,
    /// long lists, `case a, b` and `guard` conditions.
    private static func fillLines(_ pieces: [String], separator: String = " ", first: String = "", continuation: String = "",
                                  into printer: inout CodePrinter) {
        guard !pieces.isEmpty else { return }
        printer.write(first)
        var lineHasPiece = false
        let separatorColumns = CodePrinter.columns(separator)
        for piece in pieces {
            if lineHasPiece && printer.column + separatorColumns + CodePrinter.columns(piece) > CodePrinter.width {
                printer.endLine()
                printer.write(continuation)
                lineHasPiece = false
            }
            if lineHasPiece { printer.write(separator) }
            printer.write(piece)
            lineHasPiece = true
        }
        printer.endLine()
    }

    /// `items` with a comma after each but the last.
    private static func commaSeparated(_ items: [String]) -> [String] {
        items.enumerated().map { index, item in index < items.count - 1 ? item + "," : item }
    }

    private static func needsBlankLine(between first: Declaration, and second: Declaration) -> Bool {
        switch (first.kind, second.kind) {
        case (.enumCase, .enumCase): return false
        case let (.variable(a), .variable(b)):
            // Stored properties, and an open enum's static members (`static var active: Self { ... }`),
            // follow each other without blank lines when neither has documentation.
            let member = TypeName.named("Self")
            let sameKind = (a.isStored && b.isStored) || (a.isStatic && b.isStatic && a.type == member && b.type == member)
            return !(sameKind && first.documentation.isEmpty && second.documentation.isEmpty)
        case (.lineComment, _): return false
        default: return true
        }
    }

    static func render(_ declaration: Declaration, into printer: inout CodePrinter) {
        // A comment line never holds a line break (one would end the comment and start code) or a
        // control character.
        for line in declaration.documentation.flatMap(\.commentLines) {
            printer.line(line.isEmpty ? "///" : "/// \(line)")
        }
        for attribute in declaration.attributes {
            printer.line(text(attribute))
        }
        switch declaration.kind {
        case let .typeAlias(alias):
            printer.line("\(prefix(alias.access))typealias \(alias.name) = \(text(alias.existingType))")
        case let .enumeration(decl):
            renderType(keyword: isolation(decl.isNonisolated) + (decl.isIndirect ? "indirect enum" : "enum"), access: decl.access,
                       name: decl.name, inheritance: decl.inheritance, members: decl.members, into: &printer)
        case let .structure(decl):
            renderType(keyword: isolation(decl.isNonisolated) + "struct", access: decl.access, name: decl.name,
                       inheritance: decl.inheritance, members: decl.members, into: &printer)
        case let .extension(decl):
            renderType(keyword: isolation(decl.isNonisolated) + "extension", access: decl.access, name: text(decl.extendedType),
                       inheritance: decl.conformances, members: decl.members, into: &printer)
        case let .enumCase(decl):
            var text = (decl.isIndirect ? "indirect " : "") + "case " + spelling(decl.name, .declaration)
            let values = decl.associatedValues.map(parameterText)
            if !values.isEmpty {
                let oneLine = text + "(" + values.joined(separator: ", ") + ")"
                if printer.column + CodePrinter.columns(oneLine) > CodePrinter.width && values.count > 1 {
                    writeWrapped(values, opening: text + "(", into: &printer)
                    text = ")"
                } else {
                    text = oneLine
                }
            }
            if let raw = decl.rawValue { text += " = " + inlineText(raw) }
            printer.line(text)
        case let .variable(decl):
            renderVariable(decl, into: &printer)
        case let .function(decl):
            renderFunction(decl, into: &printer)
        case let .protocol(decl):
            renderType(keyword: isolation(decl.isNonisolated) + "protocol", access: decl.access, name: decl.name,
                       inheritance: decl.inheritance, members: decl.members, into: &printer)
        case let .lineComment(text):
            for line in text.commentLines { printer.line("// \(line)") }
        }
    }

    /// `opening`, then the items one level in, as many on a line as fit (`a: Int, b: String,`):
    /// a long parameter list takes a few lines, not one per parameter. The caller writes the
    /// closing line.
    private static func writeWrapped(_ items: [String], opening: String, into printer: inout CodePrinter) {
        printer.line(opening)
        printer.indented { printer in fillLines(commaSeparated(items), into: &printer) }
    }

    private static func isolation(_ isNonisolated: Bool) -> String {
        isNonisolated ? "nonisolated " : ""
    }

    private static func prefix(_ access: AccessModifier?) -> String {
        access.map { "\($0) " } ?? ""
    }

    private static func renderType(keyword: String, access: AccessModifier?, name: String, inheritance: [TypeName],
                                   members: [Declaration], into printer: inout CodePrinter) {
        var head = "\(prefix(access))\(keyword) \(name)"
        if !inheritance.isEmpty { head += ": " + inheritance.map(text).joined(separator: ", ") }
        if members.isEmpty {
            printer.line(head + " {}")
            return
        }
        printer.line(head + " {")
        printer.indented { printer in renderMembers(members, into: &printer) }
        printer.line("}")
    }

    private static func parameterText(_ parameter: FunctionParameter) -> String {
        var text: String
        switch (parameter.label, parameter.name) {
        case let (label?, name?): text = spelling(label, .label) + " " + spelling(name, .declaration)
        case let (label?, nil): text = spelling(label, .label)
        case let (nil, name?): text = "_ " + spelling(name, .declaration)
        case (nil, nil): text = ""
        }
        let type = (parameter.isInout ? "inout " : "") + Self.text(parameter.type)
        text += text.isEmpty ? type : ": \(type)"
        if let value = parameter.defaultValue {
            text += " = " + inlineText(value)
        }
        return text
    }

    private static func renderVariable(_ decl: VariableDecl, into printer: inout CodePrinter) {
        var head = prefix(decl.access)
        if decl.isStatic { head += "static " }
        head += decl.isMutable ? "var " : "let "
        if decl.getter != nil { head = prefix(decl.access) + (decl.isStatic ? "static " : "") + "var " }
        head += spelling(decl.name, .declaration)
        if let type = decl.type { head += ": \(text(type))" }
        if let getter = decl.getter, let setter = decl.setter {
            printer.line(head + " {")
            printer.indented { printer in
                for (keyword, body) in [("get", getter), ("set", setter)] {
                    // `get { _parent.value }`, `set { _parent.value = newValue }`.
                    if !writeOnOneLine(keyword, body, assignment: true, into: &printer) {
                        printer.line("\(keyword) {")
                        printer.indented { printer in renderStatements(body, into: &printer) }
                        printer.line("}")
                    }
                }
            }
            printer.line("}")
        } else if let getter = decl.getter {
            if writeOnOneLine(head, getter, into: &printer) { return }
            printer.line(head + " {")
            printer.indented { printer in renderStatements(getter, into: &printer) }
            printer.line("}")
        } else if let value = decl.initializer {
            printer.write(head + " = ")
            renderFitting(value, into: &printer)
            printer.endLine()
        } else {
            printer.line(head)
        }
    }

    private static func renderFunction(_ decl: FunctionDecl, into printer: inout CodePrinter) {
        var head = prefix(decl.access)
        switch decl.kind {
        case let .function(name, isStatic, isMutating):
            if isStatic { head += "static " }
            if isMutating { head += "mutating " }
            let isOperator = name.name.first.map { !($0.isLetter || $0 == "_") } ?? false
            head += isOperator ? "func \(name.name) " : "func " + spelling(name, .declaration)
        case let .initializer(failable):
            head += failable ? "init?" : "init"
        }
        var tail = ""
        if decl.isAsync { tail += " async" }
        if decl.throwsErrors { tail += " throws" }
        if let returnType = decl.returnType { tail += " -> \(text(returnType))" }
        let parameters = decl.parameters.map(parameterText)
        let oneLine = head + "(" + parameters.joined(separator: ", ") + ")" + tail
        var isWrapped = false
        if printer.column + CodePrinter.columns(oneLine) + 2 > CodePrinter.width && parameters.count > 1 {
            writeWrapped(parameters, opening: head + "(", into: &printer)
            head = ")" + tail
            isWrapped = true
        } else {
            head = oneLine
        }
        if decl.isRequirement {
            printer.line(head)
            return
        }
        if decl.body.isEmpty {
            printer.line(head + " {}")
            return
        }
        // A signature that wrapped keeps its body below it, as a long one does.
        if !isWrapped && writeOnOneLine(head, decl.body, into: &printer) { return }
        printer.line(head + " {")
        printer.indented { printer in renderStatements(decl.body, into: &printer) }
        printer.line("}")
    }

    // MARK: Names

    /// Where a name is written.
    enum Position {
        /// What a declaration declares: `case name`, `var name`, `func name`, a parameter's or a
        /// binding's own name.
        case declaration
        /// A name used on its own: `name`, `self.x = name`.
        case reference
        /// After a dot: `.name`, `base.name`, `case .name:`.
        case member
        /// An argument label: `name:` in a call, a signature or a case's associated values.
        case label
    }

    /// `name` as written at `position`: the one place that puts backticks around a keyword.
    ///
    /// A label needs them only for `inout`, `var` and `let`, which would start a parameter's own
    /// syntax (`init(in: Int)` and `f(default: 1)` are fine). A declaration and a reference need them
    /// for every keyword. After a dot Swift accepts most keywords bare, but not all (`self`, `init`,
    /// `Type`, `Protocol`); backticks are valid there for every keyword, and written for every one,
    /// so a member reads the same as its declaration.
    static func spelling(_ name: Identifier, _ position: Position) -> String {
        guard name.isKeyword else { return name.name }
        switch position {
        case .label:
            return labelKeywords.contains(name.name) ? "`" + name.name + "`" : name.name
        case .declaration, .reference, .member:
            return "`" + name.name + "`"
        }
    }

    /// The keywords an argument label cannot be bare.
    private static let labelKeywords: Set<String> = ["inout", "var", "let"]

    // MARK: Types and attributes

    /// A type as Swift spells it.
    static func text(_ type: TypeName) -> String {
        // A bare name (most types) is its text; others are written as `write(_:into:)` writes them.
        if case let .named(name) = type { return name }
        var printer = CodePrinter()
        write(type, into: &printer)
        return printer.singleLineText
    }

    /// Writes a type as Swift spells it into `printer`, part by part rather than joined into a
    /// string first: the one place that spells types (`text(_:)` is its text).
    static func write(_ type: TypeName, into printer: inout CodePrinter) {
        switch type {
        case let .named(name):
            printer.write(name)
        case let .member(base, name):
            write(base, into: &printer)
            printer.write(".")
            printer.write(name)
        case let .generic(base, arguments):
            write(base, into: &printer)
            printer.write("<")
            for (index, argument) in arguments.enumerated() {
                if index > 0 { printer.write(", ") }
                write(argument, into: &printer)
            }
            printer.write(">")
        case let .array(element):
            printer.write("[")
            write(element, into: &printer)
            printer.write("]")
        case let .dictionary(key, value):
            printer.write("[")
            write(key, into: &printer)
            printer.write(": ")
            write(value, into: &printer)
            printer.write("]")
        case let .optional(wrapped):
            if case .existential = wrapped {
                printer.write("(")
                write(wrapped, into: &printer)
                printer.write(")?")
            } else {
                write(wrapped, into: &printer)
                printer.write("?")
            }
        case let .existential(base):
            printer.write("any ")
            write(base, into: &printer)
        case let .opaque(base):
            printer.write("some ")
            write(base, into: &printer)
        }
    }

    static func text(_ attribute: Attribute) -> String {
        switch attribute {
        case .deprecated(nil): return "@available(*, deprecated)"
        case let .deprecated(message?): return "@available(*, deprecated, message: \(stringLiteral(message)))"
        }
    }

    // MARK: Statements

    static func renderStatements(_ statements: [Statement], into printer: inout CodePrinter) {
        for statement in statements {
            render(statement, into: &printer)
        }
    }

    private static func render(_ statement: Statement, into printer: inout CodePrinter) {
        if writeStatementLine(statement, into: &printer) {
            printer.endLine()
            return
        }
        switch statement {
        case .expression, .return, .throw, .declaration, .assignment, .break:
            break // written by writeStatementLine
        case let .switch(subject, cases):
            printer.write("switch ")
            renderExpression(subject, into: &printer)
            printer.write(" {")
            printer.endLine()
            for switchCase in cases {
                let label = caseLabel(switchCase.patterns)
                // A case that only returns or assigns a value reads best on one line when it
                // fits there: `case .m: return "M"`.
                if writeCaseOnOneLine(label, switchCase.body, into: &printer) { continue }
                if printer.column + CodePrinter.columns(label) > CodePrinter.width, switchCase.patterns.count == 1,
                   let (opening, items) = wrappablePattern(switchCase.patterns[0]) {
                    writeWrapped(items, opening: opening, into: &printer)
                    printer.line("):")
                } else {
                    printer.line(label)
                }
                printer.indented { printer in renderStatements(switchCase.body, into: &printer) }
            }
            printer.line("}")
        case let .ifLet(name, value, body):
            printer.write("if let \(name)")
            if value != .identifier(name) {
                printer.write(" = ")
                renderExpression(value, into: &printer)
            }
            renderBlock(body, into: &printer)
        case let .if(conditions, body):
            writeConditions(conditions, keyword: "if", closing: " {", into: &printer)
            printer.indented { printer in renderStatements(body, into: &printer) }
            printer.line("}")
        case let .guard(conditions, elseBody):
            writeConditions(conditions, keyword: "guard", closing: " else { " + (singleLine([elseBody]) ?? "") + " }", into: &printer)
        }
    }

    /// A statement that is one line when its value fits (an expression, `return`, `throw`, `let`,
    /// an assignment, `break`), written without ending the line; false, with nothing written, for
    /// any other statement.
    private static func writeStatementLine(_ statement: Statement, into printer: inout CodePrinter) -> Bool {
        switch statement {
        case let .expression(expression):
            renderFitting(expression, into: &printer)
        case let .return(value):
            if let value {
                printer.write("return ")
                renderFitting(value, into: &printer)
            } else {
                printer.write("return")
            }
        case let .throw(value):
            printer.write("throw ")
            renderFitting(value, into: &printer)
        case let .declaration(isMutable, name, value):
            printer.write("\(isMutable ? "var" : "let") \(name) = ")
            renderFitting(value, into: &printer)
        case let .assignment(target, value):
            renderExpression(target, into: &printer)
            printer.write(" = ")
            renderFitting(value, into: &printer)
        case .break:
            printer.write("break")
        default:
            return false
        }
        return true
    }

    /// ` {` after what the line holds, `body` one level in, and `}` on a line of its own.
    private static func renderBlock(_ body: [Statement], into printer: inout CodePrinter) {
        printer.write(" {")
        printer.endLine()
        printer.indented { printer in renderStatements(body, into: &printer) }
        printer.line("}")
    }

    /// `head { expression }`: a function, computed property or accessor whose body is one
    /// expression (or `return` of one; for an accessor, an `assignment` too) on the line of what
    /// opens it, when it fits there; false, with nothing written, when it does not. Written once,
    /// in a trial that stops at the end of the line.
    private static func writeOnOneLine(_ head: String, _ body: [Statement], assignment: Bool = false,
                                       into printer: inout CodePrinter) -> Bool {
        guard body.count == 1 else { return false }
        let start: CodePrinter.Mark
        switch body[0] {
        case let .expression(value), let .return(value?):
            guard !containsLineBreak(value) else { return false }
            start = printer.beginTrial()
            printer.write(head + " { ")
            renderExpression(value, into: &printer)
        case let .assignment(target, value) where assignment:
            guard !containsLineBreak(target) && !containsLineBreak(value) else { return false }
            start = printer.beginTrial()
            printer.write(head + " { ")
            renderExpression(target, into: &printer)
            printer.write(" = ")
            renderExpression(value, into: &printer)
        default:
            return false
        }
        printer.write(" }")
        guard printer.endTrial(from: start) else { return false }
        printer.endLine()
        return true
    }

    /// `label return value`, `label target = value` or `label break`: a `case` whose body is that
    /// one statement, on the case's line when it fits there (a trial, as `writeOnOneLine`).
    private static func writeCaseOnOneLine(_ label: String, _ body: [Statement], into printer: inout CodePrinter) -> Bool {
        guard body.count == 1 else { return false }
        switch body[0] {
        case let .return(value?) where !containsLineBreak(value): break
        case let .assignment(target, value) where !containsLineBreak(target) && !containsLineBreak(value): break
        case .break: break
        default: return false
        }
        let start = printer.beginTrial()
        printer.write(label + " ")
        _ = writeStatementLine(body[0], into: &printer)
        guard printer.endTrial(from: start) else { return false }
        printer.endLine()
        return true
    }

    /// The text of a body that is one `return` or assignment of an expression written on one line:
    /// the `else` of a `guard`.
    private static func singleLine(_ body: [Statement]) -> String? {
        guard body.count == 1 else { return nil }
        switch body[0] {
        case let .return(value?) where !containsLineBreak(value):
            return "return " + inlineText(value)
        case let .assignment(target, value) where !containsLineBreak(target) && !containsLineBreak(value):
            return inlineText(target) + " = " + inlineText(value)
        case .break:
            return "break"
        default:
            return nil
        }
    }

    /// `keyword a, b, ...` and `closing`: the conditions fill the lines, continuing under the first
    /// (`guard a, b,` / `      c else { ... }`, `if a, b,` / `   c {`).
    private static func writeConditions(_ conditions: [Expression], keyword: String, closing: String, into printer: inout CodePrinter) {
        var pieces = commaSeparated(conditions.map(inlineText))
        if let last = pieces.indices.last { pieces[last] += closing }
        fillLines(pieces, first: keyword + " ", continuation: String(repeating: " ", count: keyword.count + 1), into: &printer)
    }

    /// How a case's one pattern wraps when its label is too wide for the line: what opens it and
    /// its items, one per line or filling them (`case let .name(` and the bindings, `case let (`
    /// and the elements); nil for a pattern that does not wrap.
    private static func wrappablePattern(_ pattern: SwitchCase.Pattern) -> (opening: String, items: [String])? {
        switch pattern {
        case let .enumCase(name, bindings) where bindings.count > 1:
            return ("case let ." + spelling(name, .member) + "(", bindings.map { spelling($0, .declaration) })
        case let .tuple(elements):
            return (binds(pattern) ? "case let (" : "case (", elements.map(patternText))
        default:
            return nil
        }
    }

    private static func caseLabel(_ patterns: [SwitchCase.Pattern]) -> String {
        if patterns == [.default] { return "default:" }
        let texts = patterns.map { pattern in (binds(pattern) ? "let " : "") + patternText(pattern) }
        return "case " + texts.joined(separator: ", ") + ":"
    }

    /// A pattern as written after one `let` that binds all its names: `.cat(value)`, `(.cat(left), .cat(right))`.
    private static func patternText(_ pattern: SwitchCase.Pattern) -> String {
        switch pattern {
        case let .enumCase(name, bindings):
            let member = "." + spelling(name, .member)
            return bindings.isEmpty ? member : member + "(" + bindings.map { spelling($0, .declaration) }.joined(separator: ", ") + ")"
        case let .expression(expression):
            return inlineText(expression)
        case .default:
            return "_"
        case let .tuple(elements):
            return "(" + elements.map(patternText).joined(separator: ", ") + ")"
        }
    }

    /// Whether `pattern` binds a name (and so is written after `let`).
    private static func binds(_ pattern: SwitchCase.Pattern) -> Bool {
        switch pattern {
        case let .enumCase(_, bindings): return !bindings.isEmpty
        case let .tuple(elements): return elements.contains(where: binds)
        case .expression, .default: return false
        }
    }

    // MARK: Expressions

    /// The one rule: `expression` on the line when it fits there within ``CodePrinter.width``, with
    /// `reserve` columns after it (a comma, a closing parenthesis), else wrapped (`renderWrapped`).
    /// Written once, in a trial that stops as soon as the line is full, and taken back only when it
    /// does not fit. Inside another trial it is written on the line: the outer trial decides.
    private static func renderFitting(_ expression: Expression, reserve: Int = 0, into printer: inout CodePrinter) {
        if printer.isTrying || !canWrap(expression) {
            renderExpression(expression, into: &printer)
            return
        }
        let start = printer.beginTrial()
        renderExpression(expression, into: &printer)
        if printer.endTrial(from: start, reserve: reserve) { return }
        renderWrapped(expression, reserve: reserve, into: &printer)
    }

    /// Whether `renderWrapped` could write `expression` over several lines: a call with arguments
    /// (after `try` or `await`), a list of two or more elements or a dictionary of two or more
    /// entries, each on one line as the code model has it.
    private static func canWrap(_ expression: Expression) -> Bool {
        switch expression {
        case let .try(inner), let .tryOptional(inner), let .await(inner): return canWrap(inner)
        case let .call(_, arguments, nil):
            guard !arguments.isEmpty else { return false }
            if arguments.count == 1 && !isHuggingList(arguments[0].value) { return canWrap(arguments[0].value) }
            return !containsLineBreak(expression)
        case let .arrayLiteral(elements, false): return isFillable(elements)
        case let .dictionaryLiteral(entries, false): return isSplittable(entries)
        default: return false
        }
    }

    /// `expression` (which `canWrap`) over several lines, for it does not fit on its line: `try`
    /// and `await` stay on the line and what follows them wraps; a call ending in a list of calls
    /// keeps it hugging (`request(.get, [` / `Path("a"),` / `])`); a call whose single argument
    /// wraps keeps it on the line, so nested calls open together and only the innermost breaks
    /// (`endpoint(Call.bulk(.part1(.get(` / `id: id, page: page` / `))))`); another call puts its
    /// arguments on the lines below (`renderMultilineCall`); a list fills the lines below it
    /// (`"addBook", volumeId, xgafv,`); a dictionary goes one entry per line.
    private static func renderWrapped(_ expression: Expression, reserve: Int, into printer: inout CodePrinter) {
        switch expression {
        case let .try(inner):
            printer.write("try ")
            renderWrapped(inner, reserve: reserve, into: &printer)
        case let .tryOptional(inner):
            printer.write("try? ")
            renderWrapped(inner, reserve: reserve, into: &printer)
        case let .await(inner):
            printer.write("await ")
            renderWrapped(inner, reserve: reserve, into: &printer)
        case let .call(callee, arguments, nil) where !arguments.isEmpty:
            // The last argument wraps in place when it can hug the call and the line up to it fits:
            // always a list of calls (a request's components), another list or a dictionary only
            // when it would not fit on a line of its own either.
            let last = arguments[arguments.count - 1]
            if arguments.count == 1 || isListOfCalls(last.value) || (isHuggable(last.value) && !fitsOnItsOwnLine(last, printer)) {
                let start = arguments.count > 1 ? printer.beginTrial() : nil
                renderExpression(callee, into: &printer)
                printer.write("(")
                for argument in arguments.dropLast() {
                    if let label = argument.label { printer.write(spelling(label, .label) + ": ") }
                    renderExpression(argument.value, into: &printer)
                    printer.write(", ")
                }
                if let label = last.label { printer.write(spelling(label, .label) + ": ") }
                if let start, !printer.endTrial(from: start, reserve: 1) {
                    renderMultilineCall(callee, arguments, into: &printer)
                    return
                }
                if case let .arrayLiteral(elements, false) = last.value, isListOfCalls(last.value) {
                    renderArrayLiteral(elements, multiline: true, into: &printer)
                } else {
                    renderWrapped(last.value, reserve: reserve + 1, into: &printer)
                }
                printer.write(")")
            } else {
                renderMultilineCall(callee, arguments, into: &printer)
            }
        case let .arrayLiteral(elements, false):
            printer.write("[")
            printer.endLine()
            printer.indented { printer in fillLines(elements.map { inlineText($0) + "," }, into: &printer) }
            printer.write("]")
        case let .dictionaryLiteral(entries, false):
            renderDictionaryLiteral(entries, multiline: true, into: &printer)
        default:
            renderExpression(expression, into: &printer)
        }
    }

    /// A list of calls (`[Path("a"), Query("q", q)]`) or of two or more other one-line elements:
    /// as a call's last argument, it is what wraps when the call does not fit its line, hugging the
    /// call, the calls one a line, other elements filling the lines.
    private static func isHuggingList(_ expression: Expression?) -> Bool {
        guard case let .arrayLiteral(elements, false)? = expression, !elements.isEmpty else { return false }
        return elements.allSatisfy(isCall) || isFillable(elements)
    }

    /// What can wrap hugging the call it ends: a hugging list (`isHuggingList`), a dictionary of
    /// two or more entries (`styles: [` / `"a": .deepObject,` / `]`), or a call ending in one of
    /// them (`.form(styles: [`).
    private static func isHuggable(_ expression: Expression) -> Bool {
        switch expression {
        case .arrayLiteral(_, false): return isHuggingList(expression)
        case let .dictionaryLiteral(entries, false): return isSplittable(entries)
        case let .call(_, arguments, nil):
            guard let last = arguments.last else { return false }
            return isHuggable(last.value) && !arguments.dropLast().contains { containsLineBreak($0.value) }
        default: return false
        }
    }

    /// Two or more elements, none over several lines: a list that can fill the lines below it.
    private static func isFillable(_ elements: [Expression]) -> Bool {
        elements.count > 1 && !elements.contains(where: containsLineBreak)
    }

    /// Two or more entries, none over several lines: a dictionary that can go one entry per line.
    private static func isSplittable(_ entries: [DictionaryEntry]) -> Bool {
        entries.count > 1 && !entries.contains { containsLineBreak($0.key) || containsLineBreak($0.value) }
    }

    private static func isListOfCalls(_ expression: Expression) -> Bool {
        guard case let .arrayLiteral(elements, false) = expression, !elements.isEmpty else { return false }
        return elements.allSatisfy(isCall)
    }

    /// Whether `argument` fits on a line of its own one level in, as a call's arguments one per
    /// line have it. Asked only of a call that is being wrapped.
    private static func fitsOnItsOwnLine(_ argument: Argument, _ printer: CodePrinter) -> Bool {
        let label = argument.label.map { CodePrinter.columns(spelling($0, .label)) + 2 } ?? 0
        return printer.indentColumns + 4 + label + CodePrinter.columns(inlineText(argument.value)) <= CodePrinter.width
    }

    private static func isCall(_ expression: Expression) -> Bool {
        if case .call = expression { true } else { false }
    }

    /// `(label: value, value)` on one line.
    private static func renderArgumentList(_ arguments: some Collection<Argument>, into printer: inout CodePrinter) {
        printer.write("(")
        for (index, argument) in arguments.enumerated() {
            if index > 0 { printer.write(", ") }
            if let label = argument.label { printer.write(spelling(label, .label) + ": ") }
            renderExpression(argument.value, into: &printer)
        }
        printer.write(")")
    }

    private static func renderCall(_ callee: Expression, _ arguments: [Argument], trailingClosure: [Statement]?,
                                   into printer: inout CodePrinter) {
        // A closure as the last argument is written trailing: `ServiceRoute(.get, "/a") { request in ... }`.
        if trailingClosure == nil, let last = arguments.last, case let .closure(parameters, body) = last.value {
            renderExpression(callee, into: &printer)
            let rest = arguments.dropLast()
            if !rest.isEmpty { renderArgumentList(rest, into: &printer) }
            printer.write(" ")
            renderExpression(.closure(parameters: parameters, body: body), into: &printer)
            return
        }
        renderExpression(callee, into: &printer)
        if !arguments.isEmpty || trailingClosure == nil { renderArgumentList(arguments, into: &printer) }
        if let body = trailingClosure, body.count == 1, case let .expression(single) = body[0], !containsLineBreak(single) {
            // `body.map { JSONBody($0) }`: a closure of one short expression stays on the line.
            printer.write(" { ")
            renderExpression(single, into: &printer)
            printer.write(" }")
        } else if let body = trailingClosure {
            printer.write(" {")
            printer.endLine()
            printer.indented { printer in renderStatements(body, into: &printer) }
            printer.write("}")
        }
    }

    /// Whether `expression` renders over several lines (a trailing closure of statements, a list
    /// written one element per line).
    private static func containsLineBreak(_ expression: Expression) -> Bool {
        switch expression {
        case let .call(callee, arguments, trailingClosure):
            if let trailingClosure {
                guard trailingClosure.count == 1, case let .expression(single) = trailingClosure[0],
                      !containsLineBreak(single) else { return true }
            }
            return containsLineBreak(callee) || arguments.contains { containsLineBreak($0.value) }
        case let .arrayLiteral(elements, multiline): return (multiline && !elements.isEmpty) || elements.contains(where: containsLineBreak)
        case .closure: return true
        case let .member(base, _), let .try(base), let .tryOptional(base), let .await(base), let .forceUnwrap(base):
            return containsLineBreak(base)
        case let .binary(lhs, _, rhs): return containsLineBreak(lhs) || containsLineBreak(rhs)
        case let .tuple(elements): return elements.contains(where: containsLineBreak)
        case let .dictionaryLiteral(entries, multiline):
            return (multiline && !entries.isEmpty) || entries.contains { containsLineBreak($0.key) || containsLineBreak($0.value) }
        default: return false
        }
    }

    /// An expression that fits on one line (no trailing closure).
    static func inlineText(_ expression: Expression) -> String {
        var printer = CodePrinter()
        renderExpression(expression, into: &printer)
        return printer.singleLineText
    }

    static func renderExpression(_ expression: Expression, into printer: inout CodePrinter) {
        // A trial that has failed writes nothing more: no need to go through the rest.
        if printer.trialFailed { return }
        switch expression {
        case let .identifier(name):
            printer.write(spelling(name, .reference))
        case let .type(type):
            write(type, into: &printer)
        case let .metatype(type):
            // `Optional<T>.self`: `T?.self` does not parse as a metatype.
            if case let .optional(wrapped) = type {
                printer.write("Optional<")
                write(wrapped, into: &printer)
                printer.write(">.self")
            } else {
                write(type, into: &printer)
                printer.write(".self")
            }
        case let .numberLiteral(number):
            printer.write(number)
        case let .booleanLiteral(value):
            printer.write(value ? "true" : "false")
        case .nilLiteral:
            printer.write("nil")
        case let .binary(lhs, op, rhs):
            renderExpression(lhs, into: &printer)
            printer.write(" ")
            printer.write(op)
            printer.write(" ")
            renderExpression(rhs, into: &printer)
        case let .tuple(elements):
            printer.write("(")
            for (index, element) in elements.enumerated() {
                if index > 0 { printer.write(", ") }
                renderExpression(element, into: &printer)
            }
            printer.write(")")
        case let .stringLiteral(text):
            // Written in its parts when it needs no escape (nearly always), not joined into a new string first.
            if needsLiteralEscape(text) {
                printer.write(stringLiteral(text))
            } else {
                printer.write("\"")
                printer.write(text)
                printer.write("\"")
            }
        case let .rawStringLiteral(text):
            printer.write(rawStringLiteral(text))
        case let .dotMember(name):
            printer.write(".")
            printer.write(spelling(name, .member))
        case let .member(base, name):
            renderExpression(base, into: &printer)
            printer.write("." + spelling(name, .member))
        case let .call(callee, arguments, trailingClosure):
            renderCall(callee, arguments, trailingClosure: trailingClosure, into: &printer)
        case let .forceUnwrap(inner):
            renderExpression(inner, into: &printer)
            printer.write("!")
        case let .try(inner):
            printer.write("try ")
            renderExpression(inner, into: &printer)
        case let .tryOptional(inner):
            printer.write("try? ")
            renderExpression(inner, into: &printer)
        case let .await(inner):
            printer.write("await ")
            renderExpression(inner, into: &printer)
        case let .closure(parameters, body):
            printer.write(parameters.isEmpty ? "{" : "{ " + parameters.joined(separator: ", ") + " in")
            printer.endLine()
            printer.indented { printer in renderStatements(body, into: &printer) }
            printer.write("}")
        case let .arrayLiteral(elements, multiline):
            renderArrayLiteral(elements, multiline: multiline, into: &printer)
        case let .dictionaryLiteral(entries, multiline):
            renderDictionaryLiteral(entries, multiline: multiline, into: &printer)
        }
    }

    /// `[a, b]`; one element per line when `multiline` (each element as the one rule has it).
    private static func renderArrayLiteral(_ elements: [Expression], multiline: Bool, into printer: inout CodePrinter) {
        if multiline && !elements.isEmpty {
            printer.write("[")
            printer.endLine()
            printer.indented { printer in
                for element in elements {
                    renderFitting(element, reserve: 1, into: &printer)
                    printer.write(",")
                    printer.endLine()
                }
            }
            printer.write("]")
        } else {
            printer.write("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { printer.write(", ") }
                renderExpression(element, into: &printer)
            }
            printer.write("]")
        }
    }

    /// `[key: value, ...]` (`[:]` when empty); one entry per line when `multiline`.
    private static func renderDictionaryLiteral(_ entries: [DictionaryEntry], multiline: Bool, into printer: inout CodePrinter) {
        if entries.isEmpty {
            printer.write("[:]")
        } else if multiline {
            printer.write("[")
            printer.endLine()
            printer.indented { printer in
                for entry in entries {
                    renderExpression(entry.key, into: &printer)
                    printer.write(": ")
                    renderFitting(entry.value, reserve: 1, into: &printer)
                    printer.write(",")
                    printer.endLine()
                }
            }
            printer.write("]")
        } else {
            printer.write("[")
            for (index, entry) in entries.enumerated() {
                if index > 0 { printer.write(", ") }
                renderExpression(entry.key, into: &printer)
                printer.write(": ")
                renderExpression(entry.value, into: &printer)
            }
            printer.write("]")
        }
    }

    /// `callee(` with its arguments on the lines below `)`.
    private static func renderMultilineCall(_ callee: Expression, _ arguments: [Argument], into printer: inout CodePrinter) {
        renderExpression(callee, into: &printer)
        printer.write("(")
        printer.endLine()
        // Values passed on by name fill the lines (`id: id, page: page,`); other arguments
        // (literals, calls that wrap in turn) go one per line.
        if arguments.allSatisfy({ if case .identifier = $0.value { return true } else { return false } }) {
            let texts = arguments.map { argument in (argument.label.map { spelling($0, .label) + ": " } ?? "") + inlineText(argument.value) }
            printer.indented { printer in fillLines(commaSeparated(texts), into: &printer) }
            printer.write(")")
            return
        }
        printer.indented { printer in
            for (index, argument) in arguments.enumerated() {
                if let label = argument.label { printer.write(spelling(label, .label) + ": ") }
                // An argument that is itself a long call wraps in turn.
                let isLast = index == arguments.count - 1
                renderFitting(argument.value, reserve: isLast ? 0 : 1, into: &printer)
                if !isLast { printer.write(",") }
                printer.endLine()
            }
        }
        printer.write(")")
    }

    /// Control characters (C0, DEL, C1 such as NEL) and the Unicode line and paragraph separators:
    /// written as `\u{...}` so no literal holds a character an editor or a reader takes for a line break.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x2029).contains(scalar.value)
    }

    /// Whether `text` has a byte a string literal escapes or may escape: a control character, `"`,
    /// `\`, DEL, or the lead byte of a C1 control (0xC2) or of U+2028 and U+2029 (0xE2).
    static func needsLiteralEscape(_ text: String) -> Bool {
        text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 })
    }

    /// A Swift string literal for any text: quotes, backslashes and control characters escaped.
    static func stringLiteral(_ text: String) -> String {
        // Most text needs no escape: copy it whole.
        if !needsLiteralEscape(text) { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if Self.needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `#"text"#` with enough `#` that no `"#...` inside ends it early. Falls back to an escaped
    /// literal for text a raw literal cannot hold (line breaks, other control characters).
    static func rawStringLiteral(_ text: String) -> String {
        if text.unicodeScalars.contains(where: needsEscape) {
            return stringLiteral(text)
        }
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) {
            hashes += "#"
        }
        return hashes + "\"" + text + "\"" + hashes
    }
}
