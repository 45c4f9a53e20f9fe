/// A place in a spec file: 1-based line and column (columns count Unicode scalars).
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    package var description: String { "\(file):\(line):\(column)" }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// One problem found in a spec, printed in compiler form so SwiftPM and Xcode show it on the line:
/// `path:line:column: error: message`.
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    package enum Severity: String, Sendable, Hashable {
        case error
        case warning
        case note
    }

    package var severity: Severity
    package var message: String
    package var location: SourceLocation

    package init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    package static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    package static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// The printed form, always one line: control characters and line separators that a message
    /// quotes from the spec (`unknown method 'a<newline>b'`) are written as escapes (`\n`, `\u{1B}`),
    /// so SwiftPM and Xcode still read the whole diagnostic.
    package var description: String { "\(location): \(severity.rawValue): \(Diagnostic.singleLine(message))" }

    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case _ where needsEscape(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}

/// Collects diagnostics as values; nothing in the generator prints.
package struct Diagnostics: Sendable {
    package private(set) var all: [Diagnostic] = []

    package init() {}

    package mutating func emit(_ diagnostic: Diagnostic) { all.append(diagnostic) }
    package mutating func error(_ message: String, at location: SourceLocation) { emit(.error(message, at: location)) }
    package mutating func warning(_ message: String, at location: SourceLocation) { emit(.warning(message, at: location)) }
    package mutating func append(contentsOf other: Diagnostics) { all.append(contentsOf: other.all) }

    package var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// In file order (then in the order emitted), which is how a reader walks the file.
    package var sorted: [Diagnostic] {
        all.enumerated().sorted { a, b in
            a.element.location == b.element.location ? a.offset < b.offset : a.element.location < b.element.location
        }.map(\.element)
    }
}
