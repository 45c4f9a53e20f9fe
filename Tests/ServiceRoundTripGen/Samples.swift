import EndpointGenCore
import Foundation

/// A value the writer cannot make for a type: the spec uses something it does not know.
struct SampleError: Error, CustomStringConvertible {
    var description: String
}

/// JSON as written into a sample: members in a fixed order, so the output is deterministic.
indirect enum SampleJSON {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([SampleJSON])
    case object([(String, SampleJSON)])

    var text: String {
        switch self {
        case let .string(value): return SampleJSON.quoted(value)
        case let .number(value): return value
        case let .bool(value): return value ? "true" : "false"
        case .null: return "null"
        case let .array(elements): return "[" + elements.map(\.text).joined(separator: ", ") + "]"
        case let .object(members): return "{" + members.map { SampleJSON.quoted($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// Sample values of a spec's types, as Swift expressions: literals for plain values, `try sample(T.self, json)`
/// (decoded with the API's date format) for models and JSON, initializers where a `File` is inside.
/// Each value differs from the parameter's default and from its neighbours (`seed`).
struct Samples {
    let spec: Spec
    let surface: ServiceSurface

    /// Where a value is sent: its strings carry the characters that place must escape.
    enum Place { case path, query, header, cookie, body }

    /// Past this depth, optional members are left out and collections are empty, so recursive models end.
    static let maximumDepth = 3

    /// The instant every date sample is made from: midnight UTC, exact in every date format.
    static let baseTime = 1_714_953_600

    // MARK: Swift expressions

    /// `inCollection`: an element of an array or a dictionary, whose strings hold no character a
    /// style separates elements with (`,` `|` space `.` `;` `=`): those are ambiguous by design.
    func swift(_ type: TypeRef, seed: Int, place: Place, avoiding defaultValue: DefaultValue? = nil, inCollection: Bool = false) throws -> String {
        switch type {
        case let .optional(wrapped):
            return try swift(wrapped, seed: seed, place: place, avoiding: defaultValue, inCollection: inCollection)
        case let .builtin(builtin):
            return builtinLiteral(builtin, seed: seed, place: place, avoiding: defaultValue, inCollection: inCollection)
        case .file:
            return "File(data: Data(\"file \(seed)\\n\".utf8), fileName: \"file\(seed).txt\", contentType: \"text/plain\")"
        case let .array(element) where containsFile(element) || Samples.isPlain(element):
            return "[" + (try [swift(element, seed: seed, place: place, inCollection: true),
                                swift(element, seed: seed + 1, place: place, inCollection: true)]).joined(separator: ", ") + "]"
        case let .dictionary(value) where Samples.isPlain(value):
            return "[\"k\(seed)\": " + (try swift(value, seed: seed, place: place, inCollection: true)) + "]"
        case let .model(name, true) where containsFile(type):
            guard let model = surface.model(named: name), case let .object(properties) = model.kind else {
                throw SampleError(description: "a File inside the model \(name), which is not an object")
            }
            let arguments = try properties.enumerated().map { index, property in
                ServiceSurface.label(property.swiftName) + ": " + (try swift(property.type, seed: seed + index, place: place))
            }
            return surface.typeText(.model(name, defined: true)) + "(" + arguments.joined(separator: ", ") + ")"
        case .void:
            throw SampleError(description: "a value of Void")
        default:
            if containsFile(type) { throw SampleError(description: "a File inside \(surface.typeText(type))") }
            let json = try self.json(type, seed: seed, depth: 0, avoiding: defaultValue)
            return "try sample(\(surface.typeText(type.unwrappedOptional)).self, #\"\(json.text)\"#, .\(dateFormatCase))"
        }
    }

    /// The runtime's `DateFormat` case of the spec's date format.
    var dateFormatCase: String {
        switch spec.dateFormat {
        case .iso8601: return "iso8601"
        case .iso8601Fractional: return "iso8601Fractional"
        case .secondsSince1970: return "secondsSince1970"
        case .millisecondsSince1970: return "millisecondsSince1970"
        case .date: return "date"
        }
    }

    /// Builtins, and arrays, dictionaries and optionals of them: written as Swift literals.
    static func isPlain(_ type: TypeRef) -> Bool {
        switch type {
        case .builtin: return true
        case let .optional(inner), let .array(inner), let .dictionary(inner): return isPlain(inner)
        default: return false
        }
    }

    /// Whether a `File` is inside: such a value cannot be decoded from JSON, so it is built with initializers.
    func containsFile(_ type: TypeRef, seen: Set<String> = []) -> Bool {
        switch type {
        case .file: return true
        case let .optional(inner), let .array(inner), let .dictionary(inner): return containsFile(inner, seen: seen)
        case let .model(name, true):
            guard !seen.contains(name), let model = surface.model(named: name), case let .object(properties) = model.kind else { return false }
            return properties.contains { containsFile($0.type, seen: seen.union([name])) }
        default: return false
        }
    }

    private func builtinLiteral(_ builtin: TypeRef.Builtin, seed: Int, place: Place, avoiding defaultValue: DefaultValue?,
                                inCollection: Bool) -> String {
        switch builtin {
        case .string:
            let text: String
            switch (place, inCollection) {
            case (.path, false): text = "p \(seed)/é"
            case (.path, true): text = "p\(seed)/é"
            case (.query, false): text = "q \(seed)&=+é"
            case (.query, true): text = "q\(seed)&+é"
            case (.header, false): text = "h \(seed)"
            case (.header, true): text = "h\(seed)"
            // What a cookie value cannot hold bare (RFC 6265): space, `;`, `,`, `"`, `%`, non-ASCII.
            case (.cookie, false): text = "c \(seed); x=\"%é,"
            case (.cookie, true): text = "c\(seed);%é,"
            case (.body, _): text = "b \(seed) \"é\"\n"
            }
            return SampleJSON.quoted(text)
        case .int, .int32, .int64:
            let base = builtin == .int64 ? 9_000_000_000 : builtin == .int32 ? 70_000 : 40
            var value = base + seed
            if case let .integer(text)? = defaultValue, text == String(value) { value += 1 }
            return String(value)
        case .double, .float:
            var value = Double(seed) + 0.5
            if case let .number(text)? = defaultValue, Double(text) == value { value += 1 }
            return String(value)
        case .bool:
            if case let .bool(flag)? = defaultValue { return flag ? "false" : "true" }
            return seed % 2 == 0 ? "true" : "false"
        case .date: return "Date(timeIntervalSince1970: \(Samples.baseTime + 86_400 * seed))"
        case .uuid: return "UUID(uuidString: \"E621E1F8-C36C-495A-93FC-0C247A3E6E\(String(format: "%02X", seed % 256))\")!"
        case .url: return "URL(string: \"https://example.com/a/\(seed)?b=c\")!"
        case .data: return "Data([0, 0xFF, \(seed % 256)])"
        }
    }

    // MARK: JSON

    func json(_ type: TypeRef, seed: Int, depth: Int, avoiding defaultValue: DefaultValue? = nil) throws -> SampleJSON {
        switch type {
        case let .optional(wrapped): return try json(wrapped, seed: seed, depth: depth, avoiding: defaultValue)
        case let .builtin(builtin): return builtinJSON(builtin, seed: seed)
        case .json: return .object([("k\(seed)", .array([.number("1"), .string("two"), .bool(true), .null]))])
        case .file, .void: throw SampleError(description: "a JSON value of \(surface.typeText(type))")
        case let .array(element):
            if depth >= Samples.maximumDepth { return .array([]) }
            return .array([try json(element, seed: seed, depth: depth + 1), try json(element, seed: seed + 1, depth: depth + 1)])
        case let .dictionary(value):
            if depth >= Samples.maximumDepth { return .object([]) }
            return .object([("k\(seed)", try json(value, seed: seed, depth: depth + 1))])
        case let .model(name, defined):
            guard defined else {
                guard let text = RoundTripWriter.moduleTypes[name] else {
                    throw SampleError(description: "no sample of \(name), a type the module defines")
                }
                return .number(text)
            }
            guard let model = surface.model(named: name) else { throw SampleError(description: "no model \(name)") }
            return try json(model, seed: seed, depth: depth, avoiding: defaultValue)
        }
    }

    private func json(_ model: Model, seed: Int, depth: Int, avoiding defaultValue: DefaultValue?, discriminator: (String, String)? = nil) throws -> SampleJSON {
        switch model.kind {
        case let .object(properties):
            var members: [(String, SampleJSON)] = []
            for (index, property) in properties.enumerated() {
                if let discriminator, property.key == discriminator.0 {
                    members.append((property.key, .string(discriminator.1)))
                    continue
                }
                if property.type.isOptional, depth >= Samples.maximumDepth { continue }
                members.append((property.key, try json(property.type, seed: seed + index, depth: depth + 1)))
            }
            if let discriminator, !members.contains(where: { $0.0 == discriminator.0 }) {
                members.append((discriminator.0, .string(discriminator.1)))
            }
            if let additional = model.additionalProperties, depth < Samples.maximumDepth {
                var key = "extra"
                while properties.contains(where: { $0.key == key }) { key += "_" }
                members.append((key, try json(additional, seed: seed, depth: depth + 1)))
            }
            return .object(members)
        case let .enumeration(cases), let .integerEnumeration(cases):
            guard !cases.isEmpty else { throw SampleError(description: "the enum \(model.swiftName) has no case") }
            var raw: String?
            if case let .enumCase(value)? = defaultValue { raw = value }
            let choice = cases.dropFirst(seed % cases.count).first { $0.value != raw } ?? cases.first { $0.value != raw } ?? cases[0]
            if case .integerEnumeration = model.kind { return .number(choice.value) }
            return .string(choice.value)
        case let .oneOf(union):
            // The first alternative: a payload that also fits a later one still decodes as the first.
            guard let alternative = union.alternatives.first else { throw SampleError(description: "the union \(model.swiftName) has no alternative") }
            if let discriminator = union.discriminator, case let .model(name, true) = alternative.type, let inner = surface.model(named: name) {
                return try json(inner, seed: seed, depth: depth, avoiding: nil, discriminator: (discriminator, alternative.tags.first ?? inner.key))
            }
            return try json(alternative.type, seed: seed, depth: depth)
        case let .anyOf(alternatives):
            guard let alternative = alternatives.first else { throw SampleError(description: "the union \(model.swiftName) has no alternative") }
            return try json(alternative.type, seed: seed, depth: depth)
        }
    }

    private func builtinJSON(_ builtin: TypeRef.Builtin, seed: Int) -> SampleJSON {
        switch builtin {
        case .string: return .string("b \(seed) \"é\"\n")
        case .int: return .number(String(40 + seed))
        case .int32: return .number(String(70_000 + seed))
        case .int64: return .number(String(9_000_000_000 + seed))
        case .double, .float: return .number(String(Double(seed) + 0.5))
        case .bool: return .bool(seed % 2 == 0)
        case .date:
            let seconds = Samples.baseTime + 86_400 * seed
            switch spec.dateFormat {
            case .iso8601, .iso8601Fractional, .date:
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(identifier: "UTC")
                formatter.dateFormat = spec.dateFormat == .date ? "yyyy-MM-dd"
                    : spec.dateFormat == .iso8601 ? "yyyy-MM-dd'T'HH:mm:ss'Z'" : "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"
                return .string(formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
            case .secondsSince1970: return .number(String(seconds))
            case .millisecondsSince1970: return .number(String(seconds * 1000))
            }
        case .uuid: return .string("E621E1F8-C36C-495A-93FC-0C247A3E6E" + String(format: "%02X", seed % 256))
        case .url: return .string("https://example.com/a/\(seed)?b=c")
        case .data: return .string(Data([0, 0xFF, UInt8(seed % 256)]).base64EncodedString())
        }
    }
}

extension TypeRef {
    var unwrappedOptional: TypeRef {
        if case let .optional(wrapped) = self { return wrapped }
        return self
    }
}
