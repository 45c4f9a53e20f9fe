/// A path segment with the placeholders it uses and where they were written.
struct ParsedSegment {
    var parts: [PathSegment.Part]
    /// For each placeholder: its name and its place in the spec.
    var placeholders: [(name: String, location: SourceLocation)]
    /// The group key whose `path` holds it, or nil for the endpoint's own path.
    var group: String?
}

/// Splits a path (`/activities/{id}.json`) into segments, checking its placeholders. Used by the
/// checker (which reports) and by the resolver (which builds the endpoint's path from it).
enum PathParser {
    /// The segments of `text`, or nil when it has a problem (reported). Placeholder places are
    /// computed from the path string's place.
    static func parse(_ text: Located<String>, group: String?, diagnostics: inout Diagnostics) -> [ParsedSegment]? {
        let location = text.location
        let text = text.value
        if !text.isEmpty && !text.hasPrefix("/") {
            diagnostics.error("a path must start with '/', found '\(text)'", at: location)
            return nil
        }
        var ok = true
        for (offset, scalar) in text.unicodeScalars.enumerated() where scalar == "?" || scalar == "#" || scalar == " " || scalar.value < 0x20 {
            let what = scalar == "?" ? "a query ('?'); use query parameters" : scalar == "#" ? "a fragment ('#')" : "spaces or control characters"
            diagnostics.error("a path cannot contain \(what)", at: column(location, offset))
            ok = false
            break
        }
        var segments: [ParsedSegment] = []
        var current = ParsedSegment(parts: [], placeholders: [], group: group)
        let view = text.unicodeScalars
        var literalStart = view.startIndex
        var index = view.startIndex
        var offset = 0
        func flushLiteral(upTo end: String.UnicodeScalarView.Index) {
            if literalStart < end { current.parts.append(.literal(String(view[literalStart..<end]))) }
        }
        while index < view.endIndex {
            let scalar = view[index]
            if scalar == "/" {
                flushLiteral(upTo: index)
                if !current.parts.isEmpty { segments.append(current) }
                current = ParsedSegment(parts: [], placeholders: [], group: group)
                index = view.index(after: index)
                offset += 1
                literalStart = index
                continue
            }
            if scalar == "{" {
                var end = view.index(after: index)
                var endOffset = offset + 1
                while end < view.endIndex, view[end] != "}", view[end] != "{", view[end] != "/" {
                    end = view.index(after: end)
                    endOffset += 1
                }
                guard end < view.endIndex, view[end] == "}" else {
                    diagnostics.error("unclosed '{' in the path '\(text)'", at: column(location, offset))
                    ok = false
                    break
                }
                let name = String(view[view.index(after: index)..<end])
                if Validation.isBlank(name) {
                    diagnostics.error("empty placeholder '{}' in the path '\(text)'", at: column(location, offset))
                    ok = false
                } else {
                    flushLiteral(upTo: index)
                    current.parts.append(.parameter(name))
                    current.placeholders.append((name, column(location, offset)))
                }
                index = view.index(after: end)
                offset = endOffset + 1
                literalStart = index
                continue
            }
            if scalar == "}" {
                diagnostics.error("'}' without '{' in the path '\(text)'", at: column(location, offset))
                ok = false
            }
            index = view.index(after: index)
            offset += 1
        }
        if ok { flushLiteral(upTo: view.endIndex) }
        if !current.parts.isEmpty { segments.append(current) }
        return ok ? segments : nil
    }

    /// The place `offset` scalars into a string value (after its opening quote).
    static func column(_ location: SourceLocation, _ offset: Int) -> SourceLocation {
        SourceLocation(file: location.file, line: location.line, column: location.column + 1 + offset)
    }
}
