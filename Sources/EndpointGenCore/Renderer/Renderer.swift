/// Turns a CodeModel tree into Swift text. Knows punctuation, blank lines and indentation;
/// knows nothing about specs or the runtime.
enum Renderer {
    /// Longer lines are wrapped where the code model allows, one item per line: a function's
    /// parameters, an enum case's associated values, a call's arguments (a lone argument that is a
    /// call wraps in turn), and the bindings of a `case let` pattern.
    static let maximumLineLength = 150

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
        let declarations = renderedDeclarations.joined(separator: "\n")
        if file.headerComments.isEmpty && file.imports.isEmpty { return declarations.isEmpty ? "\n" : declarations }
        return printer.text + declarations
    }

    /// Top-level declarations (not empty), each line ending in a newline.
    static func renderTopLevel(_ declarations: [Declaration]) -> String {
        var printer = CodePrinter()
        renderMembers(declarations, into: &printer)
        return printer.text
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
    /// ``maximumLineLength``: `first` starts the first line and `continuation` each next one.
    /// Everything that fills its lines goes through here: parameters, arguments passed on by name,
    /// long lists, `case a, b` and `guard` conditions.
    private static func fillLines(_ pieces: [String], separator: String = " ", first: String = "", continuation: String = "",
                                  into printer: inout CodePrinter) {
        var line = first
        var lineHasPiece = false
        for piece in pieces {
            if lineHasPiece && printer.column + line.count + separator.count + piece.count > maximumLineLength {
                printer.line(line)
                line = continuation
                lineHasPiece = false
            }
            line += (lineHasPiece ? separator : "") + piece
            lineHasPiece = true
        }
        if lineHasPiece { printer.line(line) }
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
                if printer.column + oneLine.count > maximumLineLength && values.count > 1 {
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
                    if let single = singleExpression(body) ?? singleLine(body) {
                        printer.line("\(keyword) { \(single) }")
                    } else {
                        printer.line("\(keyword) {")
                        printer.indented { printer in renderStatements(body, into: &printer) }
                        printer.line("}")
                    }
                }
            }
            printer.line("}")
        } else if let getter = decl.getter {
            if let single = singleExpression(getter), printer.column + head.count + single.count + 6 <= shortBodyLineLength {
                printer.line(head + " { " + single + " }")
                return
            }
            printer.line(head + " {")
            printer.indented { printer in renderStatements(getter, into: &printer) }
            printer.line("}")
        } else if let value = decl.initializer {
            printer.write(head + " = ")
            renderExpression(value, into: &printer)
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
        if printer.column + oneLine.count + 2 > maximumLineLength && parameters.count > 1 {
            writeWrapped(parameters, opening: head + "(", into: &printer)
            head = ")" + tail
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
        if let single = singleExpression(decl.body), printer.column + head.count + single.count + 6 <= shortBodyLineLength {
            printer.line(head + " { " + single + " }")
            return
        }
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
        switch type {
        case let .named(name): return name
        case let .member(base, name): return text(base) + "." + name
        case let .generic(base, arguments): return text(base) + "<" + arguments.map(text).joined(separator: ", ") + ">"
        case let .array(element): return "[" + text(element) + "]"
        case let .dictionary(key, value): return "[" + text(key) + ": " + text(value) + "]"
        case let .optional(wrapped):
            // `(any P)?`: an existential needs parentheses before `?`.
            if case .existential = wrapped { return "(" + text(wrapped) + ")?" }
            return text(wrapped) + "?"
        case let .existential(base): return "any " + text(base)
        case let .opaque(base): return "some " + text(base)
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
        switch statement {
        case let .expression(expression):
            renderExpression(wrapped(expression, after: 0, in: printer), into: &printer)
            printer.endLine()
        case let .return(value):
            if let value {
                printer.write("return ")
                renderExpression(wrapped(value, after: 7, in: printer), into: &printer)
                printer.endLine()
            } else {
                printer.line("return")
            }
        case let .throw(value):
            printer.write("throw ")
            renderExpression(value, into: &printer)
            printer.endLine()
        case let .declaration(isMutable, name, value):
            printer.write("\(isMutable ? "var" : "let") \(name) = ")
            renderExpression(value, into: &printer)
            printer.endLine()
        case let .assignment(target, value):
            renderExpression(target, into: &printer)
            printer.write(" = ")
            renderExpression(value, into: &printer)
            printer.endLine()
        case let .switch(subject, cases):
            printer.write("switch ")
            renderExpression(subject, into: &printer)
            printer.write(" {")
            printer.endLine()
            for switchCase in cases {
                let label = caseLabel(switchCase.patterns)
                // A case that only returns or assigns a short value reads best on one line:
                // `case .m: return "M"`.
                if let single = singleLine(switchCase.body), printer.column + label.count + 1 + single.count <= maximumLineLength {
                    printer.line(label + " " + single)
                    continue
                }
                if printer.column + label.count > maximumLineLength,
                   case let .enumCase(name, bindings)? = switchCase.patterns.first, switchCase.patterns.count == 1, bindings.count > 1 {
                    writeWrapped(bindings.map { spelling($0, .declaration) }, opening: "case let ." + spelling(name, .member) + "(",
                                 into: &printer)
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
        case let .if(condition, body):
            printer.write("if ")
            renderExpression(condition, into: &printer)
            renderBlock(body, into: &printer)
        case let .guard(conditions, elseBody):
            // Conditions fill the lines, continuing under the first (`guard a, b,` / `      c else`).
            var pieces = commaSeparated(conditions.map(inlineText))
            if let last = pieces.indices.last { pieces[last] += " else { " + (singleLine([elseBody]) ?? "") + " }" }
            fillLines(pieces, first: "guard ", continuation: "      ", into: &printer)
        case .break:
            printer.line("break")
        }
    }

    /// ` {` after what the line holds, `body` one level in, and `}` on a line of its own.
    private static func renderBlock(_ body: [Statement], into printer: inout CodePrinter) {
        printer.write(" {")
        printer.endLine()
        printer.indented { printer in renderStatements(body, into: &printer) }
        printer.line("}")
    }

    /// How long a line may be that holds a whole function or computed property: `{ expression }` on the
    /// declaration's line. Shorter than ``maximumLineLength``, so such a line reads at a glance.
    static let shortBodyLineLength = 110

    /// The text of a body that is one expression (or `return` of one) written on one line: the body of
    /// a function or getter that fits on its declaration's line.
    private static func singleExpression(_ body: [Statement]) -> String? {
        guard body.count == 1 else { return nil }
        switch body[0] {
        case let .expression(value) where !containsLineBreak(value): return inlineText(value)
        case let .return(value?) where !containsLineBreak(value): return inlineText(value)
        default: return nil
        }
    }

    /// The text of a case body that is one `return` or assignment of an expression written on one line.
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

    private static func caseLabel(_ patterns: [SwitchCase.Pattern]) -> String {
        if patterns == [.default] { return "default:" }
        let texts = patterns.map { pattern -> String in
            switch pattern {
            case let .enumCase(name, bindings):
                let member = "." + spelling(name, .member)
                return bindings.isEmpty ? member : "let " + member + "(" + bindings.map { spelling($0, .declaration) }.joined(separator: ", ") + ")"
            case let .expression(expression):
                return inlineText(expression)
            case .default:
                return "_"
            }
        }
        return "case " + texts.joined(separator: ", ") + ":"
    }

    // MARK: Expressions

    /// `expression`, as a call with one argument per line when it is a call that would not fit the
    /// line (`prefix` characters are written before it), of two or more arguments or of one that is
    /// itself a call.
    private static func wrapped(_ expression: Expression, after prefix: Int, in printer: CodePrinter) -> Expression {
        guard case let .call(callee, arguments, nil) = expression, !arguments.isEmpty else { return expression }
        // A call ending in a list written one element per line already wraps there.
        if case .arrayLiteral(_, true)? = arguments.last?.value { return expression }
        guard printer.column + prefix + inlineText(expression).count > maximumLineLength else { return expression }
        // A single argument that is a call stays on the line and wraps in turn, so nested calls
        // open together and only the innermost with several arguments breaks:
        // `endpoint(Call.bulk(.part1(.get(` / `    id: id, page: page` / `))))`.
        if arguments.count == 1 {
            guard case .call(_, let inner, nil) = arguments[0].value, !inner.isEmpty else { return expression }
            let argument = arguments[0]
            let head = inlineText(callee).count + 1 + (argument.label.map { spelling($0, .label).count + 2 } ?? 0)
            return .call(callee, [Argument(argument.label, wrapped(argument.value, after: prefix + head + 1, in: printer))])
        }
        return .multilineCall(callee, arguments)
    }

    private static func isHuggingList(_ expression: Expression?) -> Bool {
        if case .arrayLiteral(let elements, true)? = expression { return !elements.isEmpty }
        return false
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
        case .multilineCall, .closure: return true
        case let .member(base, _), let .try(base), let .await(base): return containsLineBreak(base)
        case let .binary(lhs, _, rhs): return containsLineBreak(lhs) || containsLineBreak(rhs)
        case let .dictionaryLiteral(entries, multiline):
            return (multiline && !entries.isEmpty) || entries.contains { containsLineBreak($0.key) || containsLineBreak($0.value) }
        default: return false
        }
    }

    /// An expression that fits on one line (no trailing closure).
    static func inlineText(_ expression: Expression) -> String {
        var printer = CodePrinter()
        renderExpression(expression, into: &printer)
        // `removeLast`, not `dropLast()`: on a String that one counts every character first.
        var text = printer.text
        text.removeLast()
        return text
    }

    static func renderExpression(_ expression: Expression, into printer: inout CodePrinter) {
        switch expression {
        case let .identifier(name):
            printer.write(spelling(name, .reference))
        case let .type(type):
            printer.write(text(type))
        case let .metatype(type):
            // `Optional<T>.self`: `T?.self` does not parse as a metatype.
            if case let .optional(wrapped) = type {
                printer.write("Optional<\(text(wrapped))>.self")
            } else {
                printer.write(text(type) + ".self")
            }
        case let .numberLiteral(number):
            printer.write(number)
        case let .booleanLiteral(value):
            printer.write(value ? "true" : "false")
        case .nilLiteral:
            printer.write("nil")
        case let .binary(lhs, op, rhs):
            renderExpression(lhs, into: &printer)
            printer.write(" \(op) ")
            renderExpression(rhs, into: &printer)
        case let .stringLiteral(text):
            printer.write(stringLiteral(text))
        case let .rawStringLiteral(text):
            printer.write(rawStringLiteral(text))
        case let .dotMember(name):
            printer.write("." + spelling(name, .member))
        case let .member(base, name):
            renderExpression(base, into: &printer)
            printer.write("." + spelling(name, .member))
        case let .call(callee, arguments, nil) where isHuggingList(arguments.last?.value):
            renderHuggingCall(callee, arguments, into: &printer)
        case let .call(callee, arguments, trailingClosure):
            renderCall(callee, arguments, trailingClosure: trailingClosure, into: &printer)
        case let .try(inner):
            printer.write("try ")
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
        case let .multilineCall(callee, arguments):
            renderMultilineCall(callee, arguments, into: &printer)
        }
    }

    /// A call ending in a list written one element per line (`request(.get, [ ... ])`): it stays
    /// on one line when it fits there.
    private static func renderHuggingCall(_ callee: Expression, _ arguments: [Argument], into printer: inout CodePrinter) {
        var flat = arguments
        if case let .arrayLiteral(elements, _)? = arguments.last?.value {
            flat[flat.count - 1].value = .arrayLiteral(elements, multiline: false)
        }
        let inline = Expression.call(callee, flat)
        if printer.column + inlineText(inline).count <= maximumLineLength {
            renderExpression(inline, into: &printer)
        } else {
            renderCall(callee, arguments, trailingClosure: nil, into: &printer)
        }
    }

    /// `[a, b]`; one element per line when `multiline`; a list too long for its line fills the lines below it.
    private static func renderArrayLiteral(_ elements: [Expression], multiline: Bool, into printer: inout CodePrinter) {
        if multiline && !elements.isEmpty {
            printer.write("[")
            printer.endLine()
            printer.indented { printer in
                for element in elements {
                    renderExpression(element, into: &printer)
                    printer.write(",")
                    printer.endLine()
                }
            }
            printer.write("]")
        } else if elements.count > 1, !elements.contains(where: containsLineBreak),
                  case let pieces = elements.map(inlineText),
                  printer.column + pieces.joined(separator: ", ").count + 2 > maximumLineLength {
            // A list too long for its line fills the lines below it (`"addBook", volumeId, xgafv,`).
            printer.write("[")
            printer.endLine()
            printer.indented { printer in fillLines(pieces.map { $0 + "," }, into: &printer) }
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

    /// `[key: value, ...]` (`[:]` when empty); one entry per line when `multiline` or when it would
    /// not fit its line.
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
                    renderExpression(entry.value, into: &printer)
                    printer.write(",")
                    printer.endLine()
                }
            }
            printer.write("]")
        } else {
            // One entry per line when the literal would not fit the line (`parts: [` ... `]`).
            let pieces = entries.map { inlineText($0.key) + ": " + inlineText($0.value) }
            let oneLine = "[" + pieces.joined(separator: ", ") + "]"
            if entries.count > 1 && printer.column + oneLine.count + 2 > maximumLineLength {
                printer.write("[")
                printer.endLine()
                printer.indented { printer in
                    for piece in pieces {
                        printer.write(piece + ",")
                        printer.endLine()
                    }
                }
                printer.write("]")
            } else {
                printer.write(oneLine)
            }
        }
    }

    /// `callee(` with its arguments on the lines below `)`.
    private static func renderMultilineCall(_ callee: Expression, _ arguments: [Argument], into printer: inout CodePrinter) {
        renderExpression(callee, into: &printer)
        // Values passed on by name fill the lines (`id: id, page: page,`); other arguments
        // (literals, calls that wrap in turn) go one per line.
        let texts = arguments.map { argument in (argument.label.map { spelling($0, .label) + ": " } ?? "") + inlineText(argument.value) }
        if arguments.allSatisfy({ if case .identifier = $0.value { return true } else { return false } }),
           texts.allSatisfy({ printer.column + 4 + $0.count < maximumLineLength }) {
            printer.write("(")
            printer.endLine()
            printer.indented { printer in fillLines(commaSeparated(texts), into: &printer) }
            printer.write(")")
            return
        }
        printer.write("(")
        printer.endLine()
        printer.indented { printer in
            for (index, argument) in arguments.enumerated() {
                let label = argument.label.map { spelling($0, .label) + ": " } ?? ""
                printer.write(label)
                // An argument that is itself a long call wraps in turn.
                renderExpression(wrapped(argument.value, after: index < arguments.count - 1 ? 1 : 0, in: printer), into: &printer)
                if index < arguments.count - 1 { printer.write(",") }
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

    /// A Swift string literal for any text: quotes, backslashes and control characters escaped.
    static func stringLiteral(_ text: String) -> String {
        // Most text needs no escape: copy it whole (0xE2 starts U+2028 and U+2029 in UTF-8).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) {
            return "\"" + text + "\""
        }
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
