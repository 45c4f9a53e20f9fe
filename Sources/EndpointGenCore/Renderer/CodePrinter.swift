/// Accumulates Swift text line by line with push/pop indentation (4 spaces a level).
/// The one place that knows about indentation.
struct CodePrinter {
    private(set) var lines: [String] = []
    private var current = ""
    private var level = 0
    private static let unit = "    "

    /// Appends text to the line being written.
    mutating func write(_ text: String) {
        current += text
    }

    /// Ends the line being written (an empty line stays empty: no trailing spaces).
    mutating func endLine() {
        lines.append(current.isEmpty ? "" : String(repeating: Self.unit, count: level) + current)
        current = ""
    }

    /// Writes a whole line.
    mutating func line(_ text: String) {
        write(text)
        endLine()
    }

    mutating func blankLine() {
        precondition(current.isEmpty, "a blank line must start on a fresh line")
        lines.append("")
    }

    mutating func indent() { level += 1 }
    mutating func outdent() { level -= 1 }

    mutating func indented(_ body: (inout CodePrinter) -> Void) {
        indent()
        body(&self)
        outdent()
    }

    /// The text: lines joined by `\n`, ending with one newline.
    var text: String {
        var all = lines
        if !current.isEmpty { all.append(current) }
        return all.joined(separator: "\n") + "\n"
    }
}
