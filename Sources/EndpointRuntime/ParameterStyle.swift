import Foundation

/// How a parameter's value is written: OpenAPI's `style` and `explode`.
///
/// Queries and form bodies take `form` (the default), `spaceDelimited`, `pipeDelimited` and
/// `deepObject`; paths (``PathParameter``) and headers take `simple` (the default), `label` and
/// `matrix`. For `color` holding `"blue"`, `["blue", "black", "brown"]` or
/// `{"R": 100, "G": 200, "B": 150}`:
///
/// | style | explode | string | array | object |
/// |---|---|---|---|---|
/// | form | true | `color=blue` | `color=blue&color=black&color=brown` | `R=100&G=200&B=150` |
/// | form | false (`.comma`) | `color=blue` | `color=blue,black,brown` | `color=R,100,G,200,B,150` |
/// | spaceDelimited | false | `color=blue` | `color=blue%20black%20brown` | `color=R%20100%20G%20200%20B%20150` |
/// | pipeDelimited | false | `color=blue` | `color=blue%7Cblack%7Cbrown` | `color=R%7C100%7CG%7C200%7CB%7C150` |
/// | deepObject | true | `color=blue` | `color%5B%5D=blue&…` | `color%5BR%5D=100&color%5BG%5D=200&…` |
/// | simple | false | `blue` | `blue,black,brown` | `R,100,G,200,B,150` |
/// | simple | true | `blue` | `blue,black,brown` | `R=100,G=200,B=150` |
/// | label | false | `.blue` | `.blue,black,brown` | `.R,100,G,200,B,150` |
/// | label | true | `.blue` | `.blue.black.brown` | `.R=100.G=200.B=150` |
/// | matrix | false | `;color=blue` | `;color=blue,black,brown` | `;color=R,100,G,200,B,150` |
/// | matrix | true | `;color=blue` | `;color=blue;color=black;color=brown` | `;R=100;G=200;B=150` |
///
/// Only the separators are bare; names and values are percent-encoded on their own, so a value
/// never changes the request's structure.
public struct ParameterStyle: Sendable, Hashable {
    /// OpenAPI's style names.
    enum Name: String, Sendable, Hashable, CaseIterable {
        /// `name=value` items; arrays repeat the name (explode) or join with commas.
        case form
        /// Arrays and objects joined with spaces (`%20`).
        case spaceDelimited
        /// Arrays and objects joined with pipes (`%7C`).
        case pipeDelimited
        /// Bracketed names: `filter[a][b]=1`, `ids[]=1`, `items[0][price]=5`.
        case deepObject
        /// Comma-separated text: paths and headers.
        case simple
        /// Text after a `.`: paths.
        case label
        /// `;name=value`: paths.
        case matrix
    }

    /// The style.
    var name: Name
    /// Whether arrays and objects are written as separate items (or parts) rather than one joined value.
    var explode: Bool

    /// `explode` nil: OpenAPI's default (true for form and deepObject, false for the others).
    init(_ name: Name, explode: Bool? = nil) {
        self.name = name
        self.explode = explode ?? (name == .form || name == .deepObject)
    }

    /// Form, exploded: `ids=1&ids=2`.
    public static let form = ParameterStyle(.form)
    /// Form, not exploded: `ids=1,2` (the version 1 spelling).
    public static let comma = ParameterStyle(.form, explode: false)
    /// Space-delimited: `ids=1%202`.
    public static let spaceDelimited = ParameterStyle(.spaceDelimited)
    /// Pipe-delimited: `ids=1%7C2`.
    public static let pipeDelimited = ParameterStyle(.pipeDelimited)
    /// Deep object: `filter%5Bstatus%5D=open` (`filter[status]=open`).
    public static let deepObject = ParameterStyle(.deepObject)
    /// Simple: `1,2`.
    public static let simple = ParameterStyle(.simple)
    /// Label: `.1,2`.
    public static let label = ParameterStyle(.label)
    /// Matrix: `;ids=1,2`.
    public static let matrix = ParameterStyle(.matrix)

    /// The style with `explode` set, for the rows of the table above that are not a style's
    /// default: `.label.exploded()` (`.blue.black.brown`), `.simple.exploded()` (`R=100,G=200`),
    /// `.deepObject.exploded(false)`. (`.form.exploded(false)` is `.comma`.)
    public func exploded(_ explode: Bool = true) -> ParameterStyle {
        var style = self
        style.explode = explode
        return style
    }
}

extension ParameterStyle {
    /// `deepObject`, `form (explode false)`: the style as error messages name it.
    var label: String {
        let byDefault = ParameterStyle(name).explode
        return explode == byDefault ? name.rawValue : "\(name.rawValue) (explode \(explode))"
    }
}

// MARK: - Values

/// A parameter's value as the style writer reads it: text, a list or an object, nested or not.
/// `nil` and absent optionals are already left out.
enum StyledValue {
    case scalar(String)
    case list([StyledValue])
    case object([(key: String, value: StyledValue)])

    var isScalar: Bool {
        if case .scalar = self { return true }
        return false
    }

    /// A scalar, or a list or object of scalars.
    var isFlat: Bool {
        switch self {
        case .scalar: return true
        case let .list(elements): return elements.allSatisfy(\.isScalar)
        case let .object(members): return members.allSatisfy(\.value.isScalar)
        }
    }

    /// The value of an encoded node; `nil` when it holds nothing (`nil`, an absent optional).
    init?(_ node: FieldNode) {
        switch node.kind {
        case .empty, .null:
            return nil
        case let .value(.text(text)):
            self = .scalar(text)
        case let .value(.file(file)):
            self = .scalar(file.data.base64EncodedString())
        case let .keyed(members):
            self = .object(members.compactMap { key, child in StyledValue(child).map { (key: key, value: $0) } })
        case let .unkeyed(elements):
            self = .list(elements.compactMap(StyledValue.init))
        }
    }

    /// Encodes `value` with ``FieldsEncoder``'s tree (dates by `dateFormat`, a dictionary's entries
    /// in key order); `nil` when it encodes nothing.
    static func encoding(_ value: some Encodable, dateFormat: DateFormat) throws -> StyledValue? {
        let root = FieldNode()
        try FieldsEncoding.encode(value, into: root, codingPath: [], options: FieldsEncodingOptions(dateFormat: dateFormat, dataAsFiles: false))
        return StyledValue(root)
    }

    /// A list of scalars.
    static func list(_ values: [any ParameterValue], dateFormat: DateFormat) -> StyledValue {
        .list(values.map { .scalar($0.parameterString(dateFormat: dateFormat)) })
    }
}

// MARK: - Sinks

/// Where styled text goes: a path segment, a header value, a query or a form body. The sink
/// encodes text as its place needs; literals (separators) are written as given.
protocol StyleTextSink {
    /// A name or value, encoded by the sink.
    mutating func appendText(_ text: String)
    /// Separators, written bare (already encoded where needed: `%20`, `%7C`).
    mutating func appendLiteral(_ literal: String)
}

/// A sink of `name=value` items: a query or a form body.
protocol StyleItemSink: StyleTextSink {
    /// Starts an item: its separator from the item before, the name encoded, `=`.
    mutating func startItem(name: String)
}

/// Percent-encoded bytes of one path segment.
struct SegmentSink: StyleTextSink {
    var bytes: [UInt8] = []
    /// Whether a `.` in text is escaped: `label` style separates with dots, so a dot in a value
    /// must not read as one (`.a%2Eb.c` is two elements).
    var escapesDots = false
    mutating func appendText(_ text: String) {
        guard escapesDots, text.utf8.contains(UInt8(ascii: ".")) else { return PercentEncoding.append(text, to: &bytes) }
        var encoded: [UInt8] = []
        PercentEncoding.append(text, to: &encoded)
        for byte in encoded {
            if byte == UInt8(ascii: ".") { bytes.append(contentsOf: [UInt8(ascii: "%"), UInt8(ascii: "2"), UInt8(ascii: "E")]) } else { bytes.append(byte) }
        }
    }
    mutating func appendLiteral(_ literal: String) { bytes.append(contentsOf: literal.utf8) }
}

/// Text as it is: a header value, or a parameter's unencoded text.
struct RawSink: StyleTextSink {
    var text = ""
    mutating func appendText(_ text: String) { self.text += text }
    mutating func appendLiteral(_ literal: String) { text += literal }
}

/// An `application/x-www-form-urlencoded` body: names and values percent-encoded, spaces as `+`.
struct FormSink: StyleItemSink {
    var bytes: [UInt8] = []
    mutating func startItem(name: String) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: "&")) }
        PercentEncoding.appendForm(name, to: &bytes)
        bytes.append(UInt8(ascii: "="))
    }
    mutating func appendText(_ text: String) { PercentEncoding.appendForm(text, to: &bytes) }
    mutating func appendLiteral(_ literal: String) { bytes.append(contentsOf: literal.utf8) }
}

/// The query of a URL being built.
extension PendingURL: StyleItemSink {
    mutating func startItem(name: String) { startQueryItem(name: name) }
    mutating func appendText(_ text: String) { appendQueryValue(text) }
    mutating func appendLiteral(_ literal: String) { query!.append(contentsOf: literal.utf8) }
}

// MARK: - The writer

/// Writes values in a ``ParameterStyle``: one rule per style, shared by ``Query``,
/// ``PathParameter``, ``Header`` and ``FormBody``.
enum StyleWriter {
    /// A value the style cannot write, or a style the place does not take.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Query and form-body items. Throws before writing anything when the style is not one of
    /// form, spaceDelimited, pipeDelimited, deepObject, or a non-exploded style meets nested values.
    ///
    /// `keepsObjectName`: an exploded object's keys are bracketed under `name` (a form body's
    /// property) instead of replacing it (a query parameter, as OpenAPI's table writes it).
    static func writeItems<Sink: StyleItemSink>(_ value: StyledValue, name: String, style: ParameterStyle,
                                                keepsObjectName: Bool = false, into sink: inout Sink) throws {
        let separator: String
        switch style.name {
        case .deepObject:
            // Defined only exploded; `explode` is not read.
            writeBrackets(value, name: name, scalarListSuffix: "[]", into: &sink)
            return
        case .form: separator = ","
        case .spaceDelimited: separator = "%20"
        case .pipeDelimited: separator = "%7C"
        case .simple, .label, .matrix:
            throw Failure(description: "The parameter \"\(name)\" has style \(style.label), which is for paths and headers; a query or form body takes form, spaceDelimited, pipeDelimited or deepObject.")
        }
        switch value {
        case let .scalar(text):
            sink.startItem(name: name)
            sink.appendText(text)
        case .list where style.explode:
            // Exploded delimited styles (undefined by OpenAPI) are written as form's.
            writeBrackets(value, name: name, scalarListSuffix: "", into: &sink)
        case .object where style.explode && keepsObjectName:
            writeBrackets(value, name: name, scalarListSuffix: "", into: &sink)
        case let .object(members) where style.explode:
            // The members' keys are the names.
            for member in members { writeBrackets(member.value, name: member.key, scalarListSuffix: "", into: &sink) }
        case .list, .object:
            try requireFlat(value, name: name, style: style)
            // An empty list or object is undefined (RFC 6570, section 2.3): nothing is sent.
            if value.isEmptyCollection { return }
            sink.startItem(name: name)
            writeJoined(value, separator: separator, into: &sink)
        }
    }

    /// Path and header text: simple, label or matrix. Throws before writing anything for another
    /// style or nested values.
    static func writeText<Sink: StyleTextSink>(_ value: StyledValue?, name: String, style: ParameterStyle, into sink: inout Sink) throws {
        // RFC 6570's first character, separator of exploded parts, and whether parts are named.
        let first: String, explodedSeparator: String, named: Bool
        switch style.name {
        case .simple: (first, explodedSeparator, named) = ("", ",", false)
        case .label: (first, explodedSeparator, named) = (".", ".", false)
        case .matrix: (first, explodedSeparator, named) = (";", ";", true)
        case .form, .spaceDelimited, .pipeDelimited, .deepObject:
            throw Failure(description: "The parameter \"\(name)\" has style \(style.label), which is for queries and form bodies; a path or header takes simple, label or matrix.")
        }
        if let value { try requireFlat(value, name: name, style: style) }
        sink.appendLiteral(first)
        // `name=text` for matrix; `;name` alone when the text is empty (RFC 6570).
        func writeNamed(_ partName: String, _ text: String) {
            sink.appendText(partName)
            if !text.isEmpty { sink.appendLiteral("=") }
            sink.appendText(text)
        }
        switch value {
        case nil:
            // The table's undefined column: `;color`, `.`, nothing.
            if named { sink.appendText(name) }
        case let flat? where flat.isEmptyCollection:
            // An empty array or object is written as undefined too.
            if named { sink.appendText(name) }
        case let .scalar(text)?:
            if named { writeNamed(name, text) } else { sink.appendText(text) }
        case let .list(elements)? where style.explode:
            for (index, element) in elements.enumerated() {
                if index > 0 { sink.appendLiteral(explodedSeparator) }
                if named { writeNamed(name, element.text) } else { sink.appendText(element.text) }
            }
        case let .object(members)? where style.explode:
            for (index, member) in members.enumerated() {
                if index > 0 { sink.appendLiteral(explodedSeparator) }
                if named {
                    writeNamed(member.key, member.value.text)
                } else {
                    sink.appendText(member.key)
                    sink.appendLiteral("=")
                    sink.appendText(member.value.text)
                }
            }
        case let flat?:
            if named {
                sink.appendText(name)
                sink.appendLiteral("=")
            }
            writeJoined(flat, separator: ",", into: &sink)
        }
    }

    /// Bracketed names all the way down: objects `name[key]`, lists of scalars `name` + suffix
    /// (`[]` for deepObject, nothing for form: the name repeats), other lists indexed `name[0]`.
    private static func writeBrackets<Sink: StyleItemSink>(_ value: StyledValue, name: String, scalarListSuffix: String, into sink: inout Sink) {
        switch value {
        case let .scalar(text):
            sink.startItem(name: name)
            sink.appendText(text)
        case let .object(members):
            for member in members {
                writeBrackets(member.value, name: name + "[" + member.key + "]", scalarListSuffix: scalarListSuffix, into: &sink)
            }
        case let .list(elements):
            let indexed = !elements.allSatisfy(\.isScalar)
            let scalarName = name + scalarListSuffix
            for (index, element) in elements.enumerated() {
                writeBrackets(element, name: indexed ? "\(name)[\(index)]" : scalarName, scalarListSuffix: scalarListSuffix, into: &sink)
            }
        }
    }

    /// One value of a flat list (`a,b`) or object (`k1,v1,k2,v2`) joined by a bare separator.
    private static func writeJoined<Sink: StyleTextSink>(_ value: StyledValue, separator: String, into sink: inout Sink) {
        switch value {
        case let .scalar(text):
            sink.appendText(text)
        case let .list(elements):
            for (index, element) in elements.enumerated() {
                if index > 0 { sink.appendLiteral(separator) }
                sink.appendText(element.text)
            }
        case let .object(members):
            for (index, member) in members.enumerated() {
                if index > 0 { sink.appendLiteral(separator) }
                sink.appendText(member.key)
                sink.appendLiteral(separator)
                sink.appendText(member.value.text)
            }
        }
    }

    private static func requireFlat(_ value: StyledValue, name: String, style: ParameterStyle) throws {
        guard value.isFlat else {
            throw Failure(description: "The parameter \"\(name)\" holds nested objects or arrays, which style \(style.label) cannot write; use deepObject, or form with explode.")
        }
    }
}

extension StyledValue {
    /// An empty list or object.
    fileprivate var isEmptyCollection: Bool {
        switch self {
        case .scalar: return false
        case let .list(elements): return elements.isEmpty
        case let .object(members): return members.isEmpty
        }
    }

    /// A scalar's text (callers have checked the value is flat).
    fileprivate var text: String {
        if case let .scalar(text) = self { return text }
        return ""
    }
}
