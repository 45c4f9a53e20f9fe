// Line breaks as specs and documents write them: LF, CRLF, a lone CR, NEL (U+0085), and the Unicode
// line and paragraph separators (U+2028, U+2029). Text that becomes a comment is split at every one
// of them, so none can end a `///` line early and turn the rest of a description into code.
extension String {
    /// The lines of the text, split at any line break (a CRLF is one break).
    var linesAtAnyBreak: [String] {
        // Most text is one line: looked for on its UTF-8 bytes first (0xC2 starts NEL, 0xE2 the
        // separators), and then returned whole rather than rebuilt scalar by scalar.
        if !utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0xC2 || $0 == 0xE2 }) { return [self] }
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in unicodeScalars {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if scalar == "\n" { continue }
            }
            switch scalar {
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                lines.append(String(line))
                line = String.UnicodeScalarView()
                afterCarriageReturn = scalar == "\r"
            default:
                line.append(scalar)
            }
        }
        lines.append(String(line))
        return lines
    }

    /// The lines of the text as comment lines: split at any line break, and every other control
    /// character but a tab written as `\u{...}` text. The compiler rejects a NUL anywhere in a file,
    /// comments included, and the others are invisible in an editor.
    var commentLines: [String] {
        linesAtAnyBreak.map { line in
            // On its UTF-8 bytes first: a line with no control character, no C1 lead byte (0xC2) and no
            // separator lead byte (0xE2), nearly every line, is written as it is.
            guard line.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }),
                  line.unicodeScalars.contains(where: { $0 != "\t" && Renderer.needsEscape($0) }) else { return line }
            var text = ""
            for scalar in line.unicodeScalars {
                if scalar != "\t" && Renderer.needsEscape(scalar) {
                    text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
            return text
        }
    }
}
