/// A place in a spec file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// One problem found in a spec, printed in compiler form so SwiftPM and Xcode show it on the line:
/// `path:line:column: error: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
        case note
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation

    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// Collects diagnostics as values; nothing in the generator prints.
public struct Diagnostics: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init() {}

    public mutating func emit(_ diagnostic: Diagnostic) { all.append(diagnostic) }
    public mutating func error(_ message: String, at location: SourceLocation) { emit(.error(message, at: location)) }
    public mutating func warning(_ message: String, at location: SourceLocation) { emit(.warning(message, at: location)) }
    public mutating func append(contentsOf other: Diagnostics) { all.append(contentsOf: other.all) }

    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// In file order (then in the order emitted), which is how a reader walks the file.
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { a, b in
            a.element.location == b.element.location ? a.offset < b.offset : a.element.location < b.element.location
        }.map(\.element)
    }
}
