// The generated Swift as a plain value tree. The Translator builds it; the Renderer alone turns it
// into text (indentation, punctuation, literals, blank lines, backticks). It holds names, types and
// expressions, never pre-rendered Swift: a name is stored as it reads (`default`, never
// `` `default` ``), and the Renderer escapes it for where it is written (`Renderer.spelling`).

/// A name in generated code: a property, enum case, endpoint, parameter or binding. Stored without
/// backticks; the renderer adds them where the name's position needs them.
///
/// A name made from the spec is `Identifier(name)`: whether it is a Swift keyword is worked out
/// once, here, from `Naming.escapedKeywords`. A string literal, and a `String` given where the code
/// model takes a name, is one of the generator's own words, written as it is in every position:
/// `self`, `init`, `rawValue`, or a member of the runtime such as `.default` after a dot. (So is
/// `Identifier("default")` with a literal: Swift reads `T("literal")` as the literal itself.)
struct Identifier: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The name, without backticks.
    let name: String
    /// A keyword used as a name: the renderer writes it in backticks where its position needs them.
    let isKeyword: Bool

    /// A name made from the spec (`Naming.lowerCamel` and the like).
    init(_ name: String) {
        self.name = name
        self.isKeyword = Naming.escapedKeywords.contains(name)
    }

    /// One of the generator's own words, written as it is.
    init(word: String) {
        self.name = word
        self.isKeyword = false
    }

    init(stringLiteral word: String) {
        self.init(word: word)
    }
}

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
    /// Attributes, each on its own line.
    var attributes: [Attribute] = []
    var kind: Kind

    indirect enum Kind: Hashable, Sendable {
        case typeAlias(TypeAliasDecl)
        case enumeration(EnumDecl)
        case structure(StructDecl)
        case `extension`(ExtensionDecl)
        case enumCase(EnumCaseDecl)
        case variable(VariableDecl)
        case function(FunctionDecl)
        /// `protocol Name: Inheritance { requirements }`.
        case `protocol`(ProtocolDecl)
        /// A `// text` line between declarations.
        case lineComment(String)
    }
}

/// An attribute written on the line before a declaration.
enum Attribute: Hashable, Sendable {
    /// `@available(*, deprecated)`, or with `message: "..."`.
    case deprecated(message: String?)
}

/// `public`, `private`, ... or nothing (the empty string is never stored: nil means no modifier).
typealias AccessModifier = String

/// A type as written in code. Its names are written as they are: no type name is a keyword (the
/// validator refuses one for a model, group or the API: `Naming.typeNameProblem`, and the names
/// made from them end in `Headers` or `Response`), and `Self` and `Any` are meant as the keywords.
indirect enum TypeName: Hashable, Sendable {
    /// One name: `Int64`, `Call`, `数据`.
    case named(String)
    /// `Base.Name`: `StravaAPI.Fault`, `EndpointRuntime.Auth`.
    case member(TypeName, String)
    /// `Base<Arguments>`: `Endpoint<StravaAPI.Fault>`.
    case generic(TypeName, [TypeName])
    /// `[Element]`
    case array(TypeName)
    /// `[Key: Value]`
    case dictionary(key: TypeName, value: TypeName)
    /// `Wrapped?`
    case optional(TypeName)
    /// `any Protocol`
    case existential(TypeName)
    /// `some Protocol`
    case opaque(TypeName)
}

struct TypeAliasDecl: Hashable, Sendable {
    var access: AccessModifier?
    var name: String
    var existingType: TypeName
}

struct EnumDecl: Hashable, Sendable {
    var access: AccessModifier?
    /// `nonisolated`: generated types and extensions are, so that a target whose default isolation
    /// is the main actor still gets types and conformances usable from any context.
    var isNonisolated = true
    var name: String
    var inheritance: [TypeName] = []
    var members: [Declaration] = []
    /// `indirect enum`: every payload boxed.
    var isIndirect = false
}

struct StructDecl: Hashable, Sendable {
    var access: AccessModifier?
    var isNonisolated = true
    var name: String
    var inheritance: [TypeName] = []
    var members: [Declaration] = []
}

struct ExtensionDecl: Hashable, Sendable {
    var access: AccessModifier? = nil
    var isNonisolated = true
    var extendedType: TypeName
    var conformances: [TypeName] = []
    var members: [Declaration] = []
}

/// A protocol: its requirements are functions with `isRequirement` set (no body).
struct ProtocolDecl: Hashable, Sendable {
    var access: AccessModifier?
    var isNonisolated = true
    var name: String
    var inheritance: [TypeName] = []
    var members: [Declaration] = []
}

struct EnumCaseDecl: Hashable, Sendable {
    var name: Identifier
    var associatedValues: [FunctionParameter] = []
    /// `= "raw"` for raw-value enums.
    var rawValue: Expression? = nil
    /// `indirect case`: this case's payload is boxed.
    var isIndirect = false
}

/// A labelled value in a case payload or function signature: `label name: inout Type = default`.
struct FunctionParameter: Hashable, Sendable {
    /// The external label; nil for `_`.
    var label: Identifier?
    /// The internal name when it differs from the label (or when the label is `_`).
    var name: Identifier? = nil
    var type: TypeName
    var isInout = false
    var defaultValue: Expression? = nil
}

struct VariableDecl: Hashable, Sendable {
    var access: AccessModifier?
    var isStatic = false
    var isMutable = false
    var name: Identifier
    var type: TypeName?
    /// `= value` (stored) ...
    var initializer: Expression? = nil
    /// ... or a getter body (computed) ...
    var getter: [Statement]? = nil
    /// ... with a setter body (`newValue`): written as `get { }` and `set { }`.
    var setter: [Statement]? = nil

    /// An instance property holding its value: no getter, not static.
    var isStored: Bool { getter == nil && !isStatic }
}

struct FunctionDecl: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case function(name: Identifier, isStatic: Bool, isMutating: Bool)
        case initializer(failable: Bool)
    }

    var access: AccessModifier?
    var kind: Kind
    var parameters: [FunctionParameter] = []
    var throwsErrors = false
    var returnType: TypeName? = nil
    var body: [Statement]
    /// `async`, written before `throws`.
    var isAsync = false
    /// A protocol requirement: written without a body (`body` is not read).
    var isRequirement = false
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
    /// `if first, second, ... { body }`: the conditions fill their lines, as `guard`'s do.
    case `if`(conditions: [Expression], body: [Statement])
    /// `guard first, second, ... else { elseBody }`: the conditions fill their lines, one `else`
    /// statement follows on the last.
    case `guard`(conditions: [Expression], elseBody: Statement)
    /// `break`: the body of a switch case that does nothing.
    case `break`
}

struct SwitchCase: Hashable, Sendable {
    indirect enum Pattern: Hashable, Sendable {
        /// `case .name:` or `case let .name(a, b):` (bindings bound positionally).
        case enumCase(name: Identifier, bindings: [Identifier])
        /// `case "literal":` and other expression patterns.
        case expression(Expression)
        case `default`
        /// `case let (.a(left), .a(right)):`, matching a tuple subject element by element (`_` for
        /// `default`).
        case tuple([Pattern])
    }

    var patterns: [Pattern]
    var body: [Statement]
}

indirect enum Expression: Hashable, Sendable {
    /// A name: a variable, parameter or `self`.
    case identifier(Identifier)
    /// A type used as a value: the callee of an initializer call, the base of a static member.
    case type(TypeName)
    /// `Type.self`
    case metatype(TypeName)
    /// A number as written in the spec, already checked to be one (`30`, `2.5`, `-1e3`).
    case numberLiteral(String)
    case booleanLiteral(Bool)
    case nilLiteral
    /// A string literal; the renderer escapes it.
    case stringLiteral(String)
    /// A raw string literal `#"..."#` with as many `#` as its content needs.
    case rawStringLiteral(String)
    /// `.name` (implicit member).
    case dotMember(Identifier)
    /// `base.member`
    case member(Expression, Identifier)
    /// `value!`: for a value the generator has checked (a default's `URL(string: "...")`).
    case forceUnwrap(Expression)
    /// `callee(label: value, ...)` with an optional trailing closure of statements.
    case call(Expression, [Argument], trailingClosure: [Statement]? = nil)
    case `try`(Expression)
    /// `try? value`: nil when `value` throws.
    case tryOptional(Expression)
    /// `await value`
    case await(Expression)
    /// `{ a, b in statements }`; as the last argument of a call it is written as a trailing closure.
    case closure(parameters: [String], body: [Statement])
    /// `lhs op rhs`
    case binary(Expression, String, Expression)
    /// `(a, b)`
    case tuple([Expression])
    /// `[a, b]`, or with `multiline` one element per line. Otherwise the renderer decides where it
    /// wraps (its one rule); `multiline` is for lists one element a line by nature (samples, routes).
    case arrayLiteral([Expression], multiline: Bool = false)
    /// `[key: value, ...]` (`[:]` when empty), or with `multiline` one entry per line (the renderer
    /// decides otherwise).
    case dictionaryLiteral([DictionaryEntry], multiline: Bool = false)
}

struct DictionaryEntry: Hashable, Sendable {
    var key: Expression
    var value: Expression
}

struct Argument: Hashable, Sendable {
    var label: Identifier?
    var value: Expression

    init(_ label: Identifier?, _ value: Expression) {
        self.label = label
        self.value = value
    }

    /// An argument labelled with a word of the runtime or of the generator (`Argument(RuntimeNames.Label.decoder, value)`).
    init(_ label: String, _ value: Expression) {
        self.init(Identifier(word: label), value)
    }

    init(_ value: Expression) {
        self.label = nil
        self.value = value
    }
}

// The generator's own words as names: a `String` where the code model takes a name is written as it
// is (see `Identifier`); a name made from the spec is passed as `Identifier(name)`.
extension Expression {
    static func identifier(_ word: String) -> Expression { .identifier(Identifier(word: word)) }
    static func dotMember(_ word: String) -> Expression { .dotMember(Identifier(word: word)) }
    static func member(_ base: Expression, _ word: String) -> Expression { .member(base, Identifier(word: word)) }
}
