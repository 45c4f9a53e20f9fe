/// Parses a type string (`[String: [Athlete]]?`) into a `TypeRef`, reporting the first problem at
/// its column inside the string.
///
/// Grammar (whitespace allowed between tokens):
/// ```
/// type       := primary "?"?
/// primary    := "[" type "]" | "[" type ":" type "]" | name
/// name       := a builtin, JSON, File, Void, a model from `models`, or a type of the module from `moduleTypes`
/// ```
/// Any other name is an error at its column, with a did-you-mean among the builtins and models.
struct TypeParser {
    /// Names of the spec's models.
    let models: Set<String>
    /// Names the module defines itself (the config's `moduleTypes`).
    let moduleTypes: Set<String>
    let allowVoid: Bool

    private var scalars: [Unicode.Scalar] = []
    private var index = 0
    private var base = SourceLocation(file: "", line: 0, column: 0)
    private var text = ""

    init(models: Set<String>, moduleTypes: Set<String> = [], allowVoid: Bool) {
        self.models = models
        self.moduleTypes = moduleTypes
        self.allowVoid = allowVoid
    }

    /// Parses `text`, the string value at `location` (its opening quote). Columns of problems are
    /// counted from there (exact when the string has no escapes).
    static func parse(_ text: String, at location: SourceLocation, models: Set<String>, moduleTypes: Set<String> = [],
                      allowVoid: Bool, diagnostics: inout Diagnostics) -> TypeRef? {
        var parser = TypeParser(models: models, moduleTypes: moduleTypes, allowVoid: allowVoid)
        parser.text = text
        parser.scalars = Array(text.unicodeScalars)
        parser.base = location
        return parser.parseAll(diagnostics: &diagnostics)
    }

    private struct Failure: Error {}

    private func place(_ offset: Int) -> SourceLocation {
        SourceLocation(file: base.file, line: base.line, column: base.column + 1 + offset)
    }

    private mutating func parseAll(diagnostics: inout Diagnostics) -> TypeRef? {
        skipSpaces()
        if index >= scalars.count {
            diagnostics.error("the type is empty", at: base)
            return nil
        }
        do {
            let type = try parseType(top: true, diagnostics: &diagnostics)
            skipSpaces()
            if index < scalars.count {
                diagnostics.error("unexpected '\(scalars[index])' in the type '\(text)'", at: place(index))
                return nil
            }
            return type
        } catch {
            return nil
        }
    }

    private mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
    }

    private mutating func fail(_ message: String, at offset: Int, _ diagnostics: inout Diagnostics) -> Failure {
        diagnostics.error(message, at: place(offset))
        return Failure()
    }

    private mutating func parseType(top: Bool, diagnostics: inout Diagnostics) throws -> TypeRef {
        skipSpaces()
        let start = index
        guard index < scalars.count else {
            throw fail("the type '\(text)' ends early: expected a type", at: index, &diagnostics)
        }
        var type: TypeRef
        if scalars[index] == "[" {
            index += 1
            let element = try parseType(top: false, diagnostics: &diagnostics)
            skipSpaces()
            if index < scalars.count, scalars[index] == ":" {
                index += 1
                guard element == .builtin(.string) else {
                    throw fail("dictionary keys must be String in the type '\(text)'", at: start + 1, &diagnostics)
                }
                let value = try parseType(top: false, diagnostics: &diagnostics)
                skipSpaces()
                type = .dictionary(value)
            } else {
                type = .array(element)
            }
            guard index < scalars.count, scalars[index] == "]" else {
                if index >= scalars.count {
                    throw fail("missing ']' in the type '\(text)'", at: index, &diagnostics)
                }
                throw fail("expected ']' in the type '\(text)', found '\(scalars[index])'", at: index, &diagnostics)
            }
            index += 1
        } else {
            type = try parseName(top: top, diagnostics: &diagnostics)
        }
        skipSpaces()
        if index < scalars.count, scalars[index] == "?" {
            if type == .void {
                throw fail("'Void' cannot be optional", at: index, &diagnostics)
            }
            index += 1
            type = .optional(type)
            skipSpaces()
            if index < scalars.count, scalars[index] == "?" {
                throw fail("a type can be optional only once ('T?', not 'T??')", at: index, &diagnostics)
            }
        }
        return type
    }

    private mutating func parseName(top: Bool, diagnostics: inout Diagnostics) throws -> TypeRef {
        let start = index
        while index < scalars.count, Naming.isIdentifierCharacter(scalars[index]) { index += 1 }
        guard index > start else {
            let found = scalars[index]
            throw fail("expected a type name in '\(text)', found '\(found)'", at: index, &diagnostics)
        }
        var name = String.UnicodeScalarView()
        name.append(contentsOf: scalars[start..<index])
        let word = String(name)
        if index < scalars.count, scalars[index] == "<" || scalars[index] == "." {
            throw fail("unexpected '\(scalars[index])' in the type '\(text)': write arrays as [T], dictionaries as [String: T] and optionals as T?",
                       at: index, &diagnostics)
        }
        if let builtin = TypeRef.Builtin(rawValue: word) { return .builtin(builtin) }
        if word == "JSON" { return .json }
        if word == "File" { return .file }
        if word == "Void" {
            guard top && allowVoid else {
                throw fail("'Void' can only be a response type", at: start, &diagnostics)
            }
            return .void
        }
        if models.contains(word) { return .model(word, defined: true) }
        let known = TypeRef.Builtin.allCases.map(\.rawValue) + ["JSON", "File", "Void"] + models.sorted()
        let isCapitalised = scalars[start].properties.isUppercase
        if !isCapitalised {
            let message = TypeParser.unknownType(word, closest: TypeParser.aliases[word] ?? Naming.didYouMean(word, candidates: known),
                                                 otherwise: "a type the module defines must start with a capital letter")
            throw fail(message, at: start, &diagnostics)
        }
        if let problem = Naming.typeNameProblem(word) {
            throw fail(problem, at: start, &diagnostics)
        }
        guard moduleTypes.contains(word) else {
            // The compiler would report every use of the name; one error here, at the name, instead.
            let closest = known.first(where: { $0.lowercased() == word.lowercased() }) ?? Naming.didYouMean(word, candidates: known)
            let message = TypeParser.unknownType(word, closest: closest,
                                                 otherwise: "define it in 'models', or, if the module defines it, list it in the config's \"moduleTypes\"")
            throw fail(message, at: start, &diagnostics)
        }
        return .model(word, defined: false)
    }

    /// "unknown type 'word'", with "did you mean" the closest name when there is one, else `otherwise`.
    static func unknownType(_ word: String, closest: String?, otherwise: String) -> String {
        if let closest { return "unknown type '\(word)'; did you mean '\(closest)'?" }
        return "unknown type '\(word)': \(otherwise)"
    }
}

extension TypeParser {
    /// Names other languages and OpenAPI use, with the spec's type to suggest instead.
    static let aliases: [String: String] = [
        "integer": "Int", "long": "Int64", "int64": "Int64", "int32": "Int32", "boolean": "Bool", "number": "Double",
        "str": "String", "text": "String", "object": "JSON", "any": "JSON", "binary": "Data", "bytes": "Data", "file": "File",
        "uri": "URL", "datetime": "Date", "date-time": "Date", "uuid": "UUID", "void": "Void", "null": "Void",
    ]
}

extension TypeRef {
    /// The type as a spec would write it (`[String: Athlete]?`).
    var specText: String {
        switch self {
        case .builtin(let builtin): return builtin.rawValue
        case .json: return "JSON"
        case .file: return "File"
        case .void: return "Void"
        case .model(let name, _): return name
        case .array(let element): return "[\(element.specText)]"
        case .dictionary(let value): return "[String: \(value.specText)]"
        case .optional(let wrapped): return "\(wrapped.specText)?"
        }
    }
}
