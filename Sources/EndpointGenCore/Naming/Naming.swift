/// The one place that turns spec keys into Swift identifiers and escapes keywords.
///
/// Rules (also in docs/spec-format.md, "Names"):
/// - A key is split into words at every character that cannot be part of a Swift identifier
///   (`_`, `-`, space, `.`, `/`, emoji, ...) and at case changes (`fooBar` -> foo, Bar;
///   `HTTPStatus` -> HTTP, Status; a plural acronym stays whole: `IDs`, `URLs`). Digits stay with the
///   word they follow (`v2_api` -> v2, api).
/// - lowerCamel: the first word in lower case (an all-capitals word too: `HTTPStatus` -> `httpStatus`,
///   `IDs` -> `ids`),
///   later words capitalised, their other letters kept (`user_ID` -> `userID`). A key without any
///   lower-case letter (`X-API-KEY`, `FOO_BAR`) is treated as all lower case (`xApiKey`, `fooBar`).
/// - upperCamel: every word capitalised, other letters kept (`user_profile` -> `UserProfile`).
/// - Letters outside ASCII are kept when Swift accepts them in identifiers (`größe` -> `größe`);
///   symbols and emoji are dropped. A key with nothing left becomes `u` (or `U`) followed by the
///   hexadecimal code points of its characters (`🎉` -> `u1F389`), so a name is never empty.
/// - A name that would start with a digit gets a leading underscore (`2fa` -> `_2fa`).
/// - The cases of one enum are named together (`enumCases`): where signs alone tell values apart,
///   they are words (`Etc/GMT+1` -> `etcGMTPlus1`).
/// - `lowerCamel`/`upperCamel` never add backticks: the renderer does, where a name is written
///   (`Renderer.spelling`; which names are keywords: `escapedKeywords`).
package enum Naming {
    // MARK: Conversions

    /// `include_all_efforts` -> `includeAllEfforts`, `If-None-Match` -> `ifNoneMatch`, `HTTPStatus` -> `httpStatus`.
    ///
    /// A leading sign is a word, so keys that differ only in it keep distinct names: `+1` -> `plus1`,
    /// `-1` -> `minus1` (GitHub's reactions, as enum values and as properties), `-5` -> `minus5`.
    package static func lowerCamel(_ key: String) -> String {
        // The sign's byte first: `count` and `first` read grapheme clusters, which this path is too hot for.
        if let byte = key.utf8.first, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
           key.count > 1, let sign = key.first, sign == "+" || sign == "-" {
            return lowerCamel((sign == "+" ? "plus " : "minus ") + key.dropFirst())
        }
        if let fast = asciiCamel(key, upper: false) { return fast }
        return generalLowerCamel(key)
    }

    /// The general (any Unicode) path of `lowerCamel`; internal so tests can check the ASCII fast path against it.
    static func generalLowerCamel(_ key: String) -> String {
        let words = splitWords(key)
        guard !words.isEmpty else { return fallback(key, prefix: "u") }
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 {
                result += lowercasedLeadingWord(word)
            } else {
                result += capitalized(word)
            }
        }
        return prefixDigit(result)
    }

    /// An enum model's case name: `lowerCamel`, except that `none` and `some` become `noneValue` and
    /// `someValue`. A property of an enum type is usually optional, and there `.none` would be read as
    /// `Optional.none`: `status == .none` would test for nil, and a spec default of `"NONE"` would
    /// become a nil default.
    package static func enumCase(_ value: String) -> String {
        let name = lowerCamel(value)
        return optionalCaseNames.contains(name) ? name + "Value" : name
    }

    private static let optionalCaseNames: Set<String> = ["none", "some"]

    /// The case names of one enum's values, in order: each value's `enumCase`. When values would
    /// share a name that their signs tell apart, every value of the enum spells a sign as a word
    /// (`signsAsWords`): Stripe's time zones `Etc/GMT+1`, `Etc/GMT-1` and `Etc/GMT-13` are
    /// `etcGMTPlus1`, `etcGMTMinus1` and `etcGMTMinus13`, where on their own they would all read
    /// `etcGMT...`. An enum whose names differ anyway keeps them, so a spec that was valid keeps
    /// its names. Names can still be the same (`a_b`, `a b`): the spec's check reports that.
    package static func enumCases(_ values: [String]) -> [String] {
        let names = values.map(enumCase)
        let distinct = Set(names).count
        guard distinct < names.count else { return names }
        let signed = values.map { enumCase(signsAsWords($0)) }
        return Set(signed).count > distinct ? signed : names
    }

    /// `Etc/GMT+1` -> `Etc/GMT plus 1`: a `+` or `-` before a digit, and not after one, is a sign
    /// and becomes a word; a date's or a name's dash (`2020-08-27`, `Port-au-Prince`) stays a separator.
    static func signsAsWords(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) else { return value }
        let characters = Array(value)
        var result = ""
        for (index, character) in characters.enumerated() {
            let isSign = (character == "+" || character == "-")
                && index + 1 < characters.count && characters[index + 1].isASCII && characters[index + 1].isNumber
                && !(index > 0 && characters[index - 1].isASCII && characters[index - 1].isNumber)
            if isSign {
                result += character == "+" ? " plus " : " minus "
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `user_profile` -> `UserProfile`, `activities` -> `Activities`, `HTTPStatus` -> `HTTPStatus`.
    package static func upperCamel(_ key: String) -> String {
        if let fast = asciiCamel(key, upper: true) { return fast }
        return generalUpperCamel(key)
    }

    static func generalUpperCamel(_ key: String) -> String {
        let words = splitWords(key)
        guard !words.isEmpty else { return fallback(key, prefix: "U") }
        return prefixDigit(words.map(capitalized).joined())
    }

    /// True when `name` can be used unescaped as a Swift identifier (not a keyword, valid characters).
    package static func isValidIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isIdentifierHead(first) else { return false }
        guard name.unicodeScalars.dropFirst().allSatisfy(isIdentifierCharacter) else { return false }
        return !escapedKeywords.contains(name) && name != "_"
    }

    /// Why `name` cannot name a Swift type, or nil when it can. The checks: valid identifier
    /// characters, not a keyword, and not one of `Type`, `Self`, `Any`, `Protocol` (a nested type with
    /// such a name cannot be referred to as `Outer.Type`).
    package static func typeNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a type name cannot be empty" }
        guard let first = name.unicodeScalars.first, isIdentifierHead(first),
              name.unicodeScalars.dropFirst().allSatisfy(isIdentifierCharacter), name != "_" else {
            return "'\(name)' is not a valid Swift type name"
        }
        if reservedTypeNames.contains(name) {
            return "'\(name)' cannot be used as a Swift type name"
        }
        if escapedKeywords.contains(name) {
            return "'\(name)' is a Swift keyword"
        }
        return nil
    }

    /// Names a generated type may not take: a nested type with one of these names cannot be referred to.
    static let reservedTypeNames: Set<String> = ReservedNames.swiftTypeKeywords

    /// The closest candidate to `key` (case-insensitive edit distance), when it is close enough to be
    /// a plausible typo: distance at most 1 for short keys, at most 2 from 4 characters, 3 from 9.
    package static func didYouMean(_ key: String, candidates: [String]) -> String? {
        let lowered = Array(key.lowercased().unicodeScalars)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != key {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        guard let best else { return nil }
        let length = max(lowered.count, 1)
        let allowed = length >= 9 ? 3 : length >= 4 ? 2 : 1
        return best.distance <= allowed ? best.candidate : nil
    }

    // MARK: Keywords

    /// Every Swift keyword that needs backticks in some identifier position (declarations,
    /// statements, expressions, types), plus contextual ones that change meaning after a dot or
    /// as a pattern (`self`, `Self`, `Type`, `Protocol`, `init`, `Any`). Escaping a word that did not
    /// strictly need it is harmless; missing one is a compile error.
    package static let escapedKeywords: Set<String> = [
        // Declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Type", "Protocol", "package", "some", "any", "copy", "consume", "discard", "each",
    ]

    // MARK: Internals

    /// The same conversion as the general path, over ASCII bytes (the common case, and hot in big
    /// specs: every endpoint, parameter and property name goes through it, in the checker and the
    /// resolver). Returns nil for keys with non-ASCII characters or without any word.
    ///
    /// It reads the key's own UTF-8 storage and writes the name straight into the new string's
    /// (a name is never longer than its key plus a leading `_`): no arrays, no copies.
    private static func asciiCamel(_ key: String, upper: Bool) -> String? {
        var key = key
        return key.withUTF8 { bytes -> String? in
            var hasLowercase = false
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte >= 0x61 && byte <= 0x7A { hasLowercase = true }
            }
            let name = String(unsafeUninitializedCapacity: bytes.count + 1) { output in
                asciiCamel(bytes, hasLowercase: hasLowercase, upper: upper, into: output)
            }
            return name.isEmpty ? nil : name
        }
    }

    /// `asciiCamel`'s words written into `output` (at least one byte longer than `bytes`); the
    /// number of bytes written, 0 when `bytes` has no word.
    private static func asciiCamel(_ bytes: UnsafeBufferPointer<UInt8>, hasLowercase: Bool, upper: Bool,
                                   into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
        func isLower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
        func isDigitByte(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        var count = 0
        var wordIndex = 0
        var start = -1
        // Appends a word and adjusts its case in place.
        func emit(_ range: Range<Int>) {
            let word = count..<(count + range.count)
            for index in range {
                output[count] = bytes[index]
                count += 1
            }
            if !hasLowercase {
                for i in word where isUpper(output[i]) { output[i] += 0x20 }
            }
            if wordIndex == 0 && !upper {
                var letters = 0
                var capitals = 0
                var lastLetter: UInt8 = 0
                for i in word where isUpper(output[i]) || isLower(output[i]) {
                    letters += 1
                    if isUpper(output[i]) { capitals += 1 }
                    lastLetter = output[i]
                }
                // An all-capitals first word (URL), or one with a plural "s" (IDs), is lower-cased whole.
                if letters > 1 && capitals == letters
                    || letters > 2 && lastLetter == UInt8(ascii: "s") && capitals == letters - 1 {
                    for i in word where isUpper(output[i]) { output[i] += 0x20 }
                } else if isUpper(output[word.lowerBound]) {
                    output[word.lowerBound] += 0x20
                }
            } else if isLower(output[word.lowerBound]) {
                output[word.lowerBound] -= 0x20
            }
            wordIndex += 1
        }
        for index in bytes.indices {
            let byte = bytes[index]
            guard isUpper(byte) || isLower(byte) || isDigitByte(byte) else {
                if start >= 0 { emit(start..<index); start = -1 }
                continue
            }
            if start >= 0, hasLowercase, isUpper(byte) {
                let previous = bytes[index - 1]
                if isLower(previous) || isDigitByte(previous) {
                    emit(start..<index); start = index
                } else if isUpper(previous), index + 1 < bytes.count, isLower(bytes[index + 1]),
                          !(bytes[index + 1] == UInt8(ascii: "s") && (index + 2 >= bytes.count || !isLower(bytes[index + 2]))) {
                    emit(start..<index); start = index
                }
            }
            if start < 0 { start = index }
        }
        if start >= 0 { emit(start..<bytes.count) }
        // A name that would start with a digit gets a leading underscore.
        if count > 0 && isDigitByte(output[0]) {
            var index = count
            while index > 0 {
                output[index] = output[index - 1]
                index -= 1
            }
            output[0] = UInt8(ascii: "_")
            count += 1
        }
        return count
    }

    private static func splitWords(_ key: String) -> [[Unicode.Scalar]] {
        var words: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        let scalars = Array(key.unicodeScalars)
        let hasLowercase = scalars.contains { $0.properties.isLowercase }
        for (index, scalar) in scalars.enumerated() {
            guard isKeptScalar(scalar) else {
                if !current.isEmpty { words.append(current); current = [] }
                continue
            }
            if !current.isEmpty, hasLowercase, let previous = current.last {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                let isUpper = scalar.properties.isUppercase
                // fooBar: lower (or digit) -> Upper starts a word.
                if isUpper, previous.properties.isLowercase || isDigit(previous) {
                    words.append(current); current = []
                }
                // HTTPStatus: the last capital of a run starts a word when a lower-case letter follows
                // (but not a plural "s": IDs, URLs).
                else if isUpper, previous.properties.isUppercase, let next, next.properties.isLowercase,
                        !(next == "s" && (index + 2 >= scalars.count || !scalars[index + 2].properties.isLowercase)) {
                    words.append(current); current = []
                }
            }
            current.append(scalar)
        }
        if !current.isEmpty { words.append(current) }
        if !hasLowercase {
            words = words.map { Array(String(String.UnicodeScalarView($0)).lowercased().unicodeScalars) }
        }
        return words
    }

    private static func lowercasedLeadingWord(_ word: [Unicode.Scalar]) -> String {
        let text = String(String.UnicodeScalarView(word))
        // An all-capitals word (an acronym) is lowered entirely: HTTP -> http, ID -> id.
        let letters = word.filter { $0.properties.isAlphabetic }
        if letters.count > 1, letters.allSatisfy({ $0.properties.isUppercase }) {
            return text.lowercased()
        }
        // A plural acronym too: IDs -> ids, URLs -> urls.
        if letters.count > 2, letters.last == "s", letters.dropLast().allSatisfy({ $0.properties.isUppercase }) {
            return text.lowercased()
        }
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    private static func capitalized(_ word: [Unicode.Scalar]) -> String {
        let text = String(String.UnicodeScalarView(word))
        guard let first = text.first else { return text }
        let upper = first.uppercased()
        // Keep a character whose upper-case form is several letters (ß -> SS) as it is.
        return (upper.count == 1 ? upper : String(first)) + text.dropFirst()
    }

    private static func prefixDigit(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, isDigit(first) else { return name }
        return "_" + name
    }

    private static func fallback(_ key: String, prefix: String) -> String {
        let codes = key.unicodeScalars.map { hex($0.value, width: 2) }
        return prefix + (codes.isEmpty ? "nnamed" : codes.joined(separator: "_"))
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// A character kept in a converted name: ASCII letters and digits, letters Swift accepts in
    /// identifiers, and combining marks after them. Everything else separates words.
    private static func isKeptScalar(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
        }
        if isSwiftCombining(value) { return true }
        return isIdentifierHead(scalar) && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
            && !scalar.properties.isEmojiPresentation
    }

    private static func isSwiftCombining(_ value: UInt32) -> Bool {
        (0x0300...0x036F).contains(value) || (0x1DC0...0x1DFF).contains(value)
            || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value)
    }

    /// The Swift grammar's identifier-head.
    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 {
            return (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x5F
        }
        for range in identifierHeadRanges where range.contains(v) { return true }
        return false
    }

    /// The Swift grammar's identifier-character.
    static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierHead(scalar) || isDigit(scalar) || isSwiftCombining(scalar.value)
    }

    private static let identifierHeadRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE,
        0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D,
        0x180F...0x1DBF, 0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040,
        0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF,
        0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F,
        0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
        0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
        0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD,
        0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD,
        0xE0000...0xEFFFD,
    ]

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
