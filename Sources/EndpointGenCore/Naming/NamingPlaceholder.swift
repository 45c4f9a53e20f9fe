// PLACEHOLDER owned by the front end: the real `Naming` replaces this file (delete it then).
// Only `escaped` is declared, the one function the Translator calls.
enum Naming {
    private static let reserved: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_", "Type", "Protocol", "package",
    ]

    /// The identifier, in backticks when it is a Swift keyword.
    static func escaped(_ identifier: String) -> String {
        reserved.contains(identifier) ? "`\(identifier)`" : identifier
    }
}
