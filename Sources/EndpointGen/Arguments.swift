/// A hand-written argument reader: `--name value`, `--name=value`, flags, and positional inputs.
struct ArgumentReader {
    private var remaining: [String]
    private(set) var positionals: [String] = []

    init(_ arguments: [String]) {
        remaining = arguments
    }

    /// Walks the arguments, calling `option` for each `--name` (with a way to take its value).
    /// Anything not starting with `-` is positional; `--` ends options.
    mutating func parse(option: (_ name: String, _ value: () throws -> String) throws -> Void) throws {
        var onlyPositionals = false
        while !remaining.isEmpty {
            let argument = remaining.removeFirst()
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            var consumed = inlineValue == nil
            try option(name) {
                if let inlineValue {
                    consumed = true
                    return inlineValue
                }
                guard let next = remaining.first, !next.hasPrefix("--") else {
                    throw UsageError("missing value for '\(name)'")
                }
                remaining.removeFirst()
                return next
            }
            if !consumed {
                throw UsageError("'\(name)' takes no value")
            }
        }
    }
}
