// The generated Swift as a plain value tree. The Translator builds it; the Renderer alone turns it
// into text (indentation, punctuation, blank lines). Identifiers in here are already escaped.

/// One generated file.
struct SwiftFile: Hashable, Sendable {
    /// Line comments at the very top (without the `// `).
    var headerComments: [String]
    var imports: [Import]
    var declarations: [Declaration]
}

/// `public import EndpointRuntime`: a module with the access level of the import (nil: plain `import`).
struct Import: Hashable, Sendable {
    var access: AccessModifier?
    var module: String
}

/// A declaration with what is written before it: a doc comment and attributes.
struct Declaration: Hashable, Sendable {
    /// Doc comment lines, written as `/// line`.
    var documentation: [String] = []
    /// Attributes, each on its own line (`@available(*, deprecated)`).
    var attributes: [String] = []
    var kind: Kind

    indirect enum Kind: Hashable, Sendable {
        case typeAlias(TypeAliasDecl)
        case enumeration(EnumDecl)
        case structure(StructDecl)
        case `extension`(ExtensionDecl)
        case protocolDecl(ProtocolDecl)
        case enumCase(EnumCaseDecl)
        case variable(VariableDecl)
        case function(FunctionDecl)
        /// A `// text` line between declarations.
        case lineComment(String)
    }
}

/// `public`, `private`, ... or nothing (the empty string is never stored: nil means no modifier).
typealias AccessModifier = String

struct TypeAliasDecl: Hashable, Sendable {
    var access: AccessModifier?
    var name: String
    var existingType: String
}

struct EnumDecl: Hashable, Sendable {
    var access: AccessModifier?
    /// `nonisolated`: generated types and extensions are, so that a target whose default isolation
    /// is the main actor still gets types and conformances usable from any context.
    var isNonisolated = true
    var name: String
    var inheritance: [String] = []
    var members: [Declaration] = []
    /// `indirect enum`: every payload boxed.
    var isIndirect = false
}

struct StructDecl: Hashable, Sendable {
    var access: AccessModifier?
    var isNonisolated = true
    var name: String
    var inheritance: [String] = []
    var members: [Declaration] = []
}

struct ExtensionDecl: Hashable, Sendable {
    var access: AccessModifier? = nil
    var isNonisolated = true
    var extendedType: String
    var conformances: [String] = []
    var members: [Declaration] = []
}

struct ProtocolDecl: Hashable, Sendable {
    var access: AccessModifier?
    var name: String
    /// Requirement signatures, one per line (`func f() throws -> Int`).
    var requirements: [String]
}

struct EnumCaseDecl: Hashable, Sendable {
    var name: String
    var associatedValues: [FunctionParameter] = []
    /// `= "raw"` for raw-value enums.
    var rawValue: String? = nil
}

/// A labelled value in a case payload or function signature: `label: Type = default`.
struct FunctionParameter: Hashable, Sendable {
    /// The external label; nil for `_`.
    var label: String?
    /// The internal name when it differs from the label (or when the label is `_`).
    var name: String? = nil
    var type: String
    var defaultValue: Expression? = nil
}

struct VariableDecl: Hashable, Sendable {
    var access: AccessModifier?
    var isStatic = false
    var isMutable = false
    var name: String
    var type: String?
    /// `= value` (stored) ...
    var initializer: Expression? = nil
    /// ... or a getter body (computed).
    var getter: [Statement]? = nil
}

struct FunctionDecl: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case function(name: String, isStatic: Bool, isMutating: Bool)
        case initializer(failable: Bool)
    }

    var access: AccessModifier?
    var kind: Kind
    var parameters: [FunctionParameter] = []
    var throwsErrors = false
    var returnType: String? = nil
    var body: [Statement]
}

indirect enum Statement: Hashable, Sendable {
    case expression(Expression)
    case `return`(Expression?)
    case `throw`(Expression)
    /// `let name = value` / `var name = value`
    case declaration(isMutable: Bool, name: String, value: Expression)
    case assignment(target: Expression, value: Expression)
    case `switch`(subject: Expression, cases: [SwitchCase])
    /// `if let name = value { body }` (name == value uses the shorthand `if let name`).
    case ifLet(name: String, value: Expression, body: [Statement])
    /// `if condition { body }`
    case `if`(condition: Expression, body: [Statement])
}

struct SwitchCase: Hashable, Sendable {
    enum Pattern: Hashable, Sendable {
        /// `case .name:` or `case let .name(a, b):` (bindings bound positionally).
        case enumCase(name: String, bindings: [String])
        /// `case "literal":` and other expression patterns.
        case expression(Expression)
        case `default`
    }

    var patterns: [Pattern]
    var body: [Statement]
}

indirect enum Expression: Hashable, Sendable {
    /// Swift text used as is: identifiers, member access, literals already formatted.
    case raw(String)
    /// A string literal; the renderer escapes it.
    case stringLiteral(String)
    /// A raw string literal `#"..."#` with as many `#` as its content needs.
    case rawStringLiteral(String)
    /// `.name` (implicit member).
    case dotMember(String)
    /// `base.member`
    case member(Expression, String)
    /// `callee(label: value, ...)` with an optional trailing closure of statements.
    case call(Expression, [Argument], trailingClosure: [Statement]? = nil)
    case `try`(Expression)
    /// `[a, b]`, or with `multiline` one element per line.
    case arrayLiteral([Expression], multiline: Bool = false)
    /// `[key: value, ...]` (`[:]` when empty).
    case dictionaryLiteral([DictionaryEntry])
    /// `callee(` one argument per line `)`.
    case multilineCall(Expression, [Argument])
    /// `(value as any Type)`
    case cast(Expression, to: String)
}

struct DictionaryEntry: Hashable, Sendable {
    var key: Expression
    var value: Expression
}

struct Argument: Hashable, Sendable {
    var label: String?
    var value: Expression

    init(_ label: String?, _ value: Expression) {
        self.label = label
        self.value = value
    }

    init(_ value: Expression) {
        self.label = nil
        self.value = value
    }
}
