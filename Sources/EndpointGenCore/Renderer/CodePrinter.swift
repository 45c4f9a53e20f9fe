/// Accumulates Swift text line by line with push/pop indentation (4 spaces a level).
/// The one place that knows about indentation.
///
/// Lines go straight into one buffer of UTF-8 bytes (not an array of lines joined at the end, nor
/// a `String`, whose appends keep track of what its contents are): for a file of 200,000 lines
/// that halves the allocations of rendering, and a write is a copy of its bytes. A line's
/// indentation is written with its first text (an empty line stays empty: no trailing spaces), so
/// the line being written is the end of the output, and a ``Mark`` is a few numbers: going back to
/// one cuts the output.
///
/// The renderer tries a construct on its line in a *trial* (`beginTrial`): the trial fails as soon
/// as the line passes ``width`` or a line ends, and from then on nothing more is written, so a
/// construct that does not fit costs at most a line's worth of text before it is taken back.
struct CodePrinter {
    /// The one width of generated code: a construct that fits on its line within this many columns
    /// is written there; one that does not is wrapped (`Renderer`).
    static let width = 150

    private var output: [UInt8] = []
    private var level = 0
    private var lineCount = 0
    /// The columns of the line being written, its indentation included; 0 while it is empty.
    private var lineWidth = 0
    /// Whether a trial is under way, and whether it has failed.
    private(set) var isTrying = false
    private(set) var trialFailed = false
    /// Appends text to the line being written.
    mutating func write(_ text: String) {
        if trialFailed || text.isEmpty { return }
        if lineWidth == 0 {
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 4))
            lineWidth = level * 4
        }
        // Its bytes copied and looked at once: its columns are its bytes when it is ASCII (nearly
        // always), else its characters.
        var text = text
        let isASCII = text.withUTF8 { bytes in
            output.append(contentsOf: bytes)
            return Self.isASCII(bytes)
        }
        lineWidth += isASCII ? text.utf8.count : text.count
        if isTrying && lineWidth > Self.width { trialFailed = true }
    }

    /// Ends the line being written. In a trial, ending a line fails it.
    mutating func endLine() {
        if trialFailed { return }
        if isTrying {
            trialFailed = true
            return
        }
        output.append(UInt8(ascii: "\n"))
        lineCount += 1
        lineWidth = 0
    }

    /// Writes a whole line.
    mutating func line(_ text: String) {
        write(text)
        endLine()
    }

    mutating func blankLine() {
        precondition(lineWidth == 0, "a blank line must start on a fresh line")
        endLine()
    }

    /// The columns of the indentation of the current level.
    var indentColumns: Int { level * 4 }

    /// The column the next character written would land in (indentation included).
    var column: Int { lineWidth == 0 ? level * 4 : lineWidth }

    /// The columns `text` takes: its bytes when it is ASCII (nearly always), else its characters.
    static func columns(_ text: String) -> Int {
        var text = text
        return text.withUTF8(isASCII) ? text.utf8.count : text.count
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.reduce(0 as UInt8) { $0 | $1 } < 0x80
    }

    /// Where the printer is: what `rewind(to:)` goes back to.
    struct Mark {
        fileprivate let outputLength: Int
        fileprivate let lineCount: Int
        fileprivate let lineWidth: Int
        fileprivate let level: Int
        fileprivate let isTrying: Bool
    }

    var mark: Mark {
        Mark(outputLength: output.count, lineCount: lineCount, lineWidth: lineWidth, level: level, isTrying: isTrying)
    }

    /// Takes back everything written since `mark` (and ends a trial begun there).
    mutating func rewind(to mark: Mark) {
        if output.count != mark.outputLength { output.removeSubrange(mark.outputLength...) }
        lineCount = mark.lineCount
        lineWidth = mark.lineWidth
        level = mark.level
        isTrying = mark.isTrying
        trialFailed = false
    }

    /// Starts a trial: what follows must stay on this line within ``width``. Returns where it
    /// started, for `endTrial(from:)`.
    mutating func beginTrial() -> Mark {
        let start = mark
        isTrying = true
        return start
    }

    /// Ends the trial begun at `start`, with `reserve` columns still to come on the line: true when
    /// what was written fits (it stays), false when it did not (it is taken back). A trial inside
    /// another only reports: the outer one decides.
    mutating func endTrial(from start: Mark, reserve: Int = 0) -> Bool {
        let fits = !trialFailed && lineWidth + reserve <= Self.width
        if start.isTrying { return fits }
        if fits {
            isTrying = false
        } else {
            rewind(to: start)
        }
        return fits
    }

    mutating func indent() { level += 1 }
    mutating func outdent() { level -= 1 }

    mutating func indented(_ body: (inout CodePrinter) -> Void) {
        indent()
        body(&self)
        outdent()
    }

    /// The lines of the text so far (a line still being written not counted).
    var lines: Int { lineCount }

    /// The text: the lines, each ending with a newline (a line still being written is ended);
    /// a printer with nothing in it gives one newline.
    var text: String {
        if lineWidth != 0 { return String(decoding: output, as: UTF8.self) + "\n" }
        return lineCount == 0 ? "\n" : String(decoding: output, as: UTF8.self)
    }

    /// What was written on the one line of a printer used to render an expression: no newline.
    var singleLineText: String { String(decoding: output, as: UTF8.self) }
}
