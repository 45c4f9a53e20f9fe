// A large spec written as several files. The compiler's back end does work for each function that
// grows with how much type metadata its file defines (LLVM walks every constant reachable from the
// function, and a file's metadata records all reach one another), so one file per spec makes compile
// time grow with the square of its size. Measured on a 10,000-endpoint spec: 637 s in one file,
// 352 s in 32 files (and 34 s for 1,000 endpoints either way).
//
// The declarations are cut into self-contained pieces (the API's namespace, each group's namespace
// with its typed factories in chunks, each level's `Call` enum, each model, the samples), then packed
// in order into the requested number of files of about equal length.
extension Translator {
    /// Declarations placed whole in one file.
    struct Piece: Sendable {
        var declarations: [Declaration]
    }

    /// The spec as `count` files (the first holds the API enum); `count` 1 is `translate()`.
    func translateParts(count: Int) -> [SwiftFile] {
        guard count > 1 else { return [translate()] }
        let pieces = partPieces()
        // Packed by an estimate of their lines read off the code model: rendering every piece to
        // measure it would render the whole spec twice.
        let sizes = pieces.map { $0.declarations.reduce(0) { $0 + Self.estimatedLines($1) } }
        let groups = Self.pack(sizes: sizes, into: count)
        return groups.enumerated().map { index, range in
            var declarations = pieces[range].flatMap(\.declarations)
            // The server side, when asked for, closes the last part.
            if options.service, index == groups.count - 1 { declarations += serviceDeclarations() }
            return sourceFile(header: Generator.partHeaderPrefix(specFileName: spec.fileName) + "\(index + 1) of \(count)). DO NOT EDIT.",
                              declarations: declarations)
        }
    }

    /// Consecutive ranges of `sizes`, exactly `count` of them (some empty when there are fewer
    /// pieces), each closed once it reaches its share of what is left.
    static func pack(sizes: [Int], into count: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var remaining = sizes.reduce(0, +)
        for part in 0..<count {
            let partsLeft = count - part
            if partsLeft == 1 {
                ranges.append(start..<sizes.count)
                break
            }
            let share = (remaining + partsLeft - 1) / partsLeft
            var end = start
            var filled = 0
            // Take pieces until the share is reached, leaving at least one piece for each later part when possible.
            while end < sizes.count, filled < share, sizes.count - end > partsLeft - 1 || filled == 0 {
                filled += sizes[end]
                end += 1
            }
            ranges.append(start..<end)
            remaining -= filled
            start = end
        }
        return ranges
    }

    /// About how many lines `declaration` renders to (a blank line before it included).
    static func estimatedLines(_ declaration: Declaration) -> Int {
        let head = 1 + declaration.documentation.count + declaration.attributes.count
        switch declaration.kind {
        case let .enumeration(decl): return head + 1 + decl.members.reduce(0) { $0 + estimatedLines($1) }
        case let .structure(decl): return head + 1 + decl.members.reduce(0) { $0 + estimatedLines($1) }
        case let .extension(decl): return head + 1 + decl.members.reduce(0) { $0 + estimatedLines($1) }
        case let .protocol(decl): return head + 1 + decl.members.reduce(0) { $0 + estimatedLines($1) }
        case let .variable(decl): return head + (decl.getter.map { 1 + estimatedLines($0) } ?? 0)
        case let .function(decl): return head + 1 + estimatedLines(decl.body)
        case .typeAlias, .enumCase, .lineComment: return head
        }
    }

    static func estimatedLines(_ statements: [Statement]) -> Int {
        statements.reduce(0) { total, statement in
            switch statement {
            case let .expression(value), let .return(value?), let .throw(value), let .declaration(_, _, value),
                 let .assignment(_, value):
                return total + estimatedLines(value)
            case .return(nil), .break:
                return total + 1
            case let .switch(_, cases):
                return total + 2 + cases.reduce(0) { $0 + 1 + estimatedLines($1.body) }
            case let .ifLet(_, _, body), let .if(_, body):
                return total + 2 + estimatedLines(body)
            case let .guard(conditions, _):
                return total + max(1, conditions.count / 3)
            }
        }
    }

    /// One line, plus the lines of a trailing closure or of a list written one element per line.
    static func estimatedLines(_ expression: Expression) -> Int {
        switch expression {
        case let .call(_, _, trailingClosure?): return 1 + estimatedLines(trailingClosure)
        case let .call(_, arguments, nil): return arguments.reduce(1) { $0 + estimatedLines($1.value) - 1 }
        case let .arrayLiteral(elements, true): return elements.count + 1
        case let .try(inner): return estimatedLines(inner)
        default: return 1
        }
    }

    /// Every piece, in the order of the single file.
    func partPieces() -> [Piece] {
        let levels = allLevels()
        // Levels and models translate independently, on every core; the pieces keep spec order.
        let perLevel = levels.concurrentMap { level -> (namespace: [Piece], call: Piece) in
            let factories = factories(for: level)
            let first = Array(factories.prefix(Self.factoriesPerPiece))
            var namespace: [Piece] = []
            if level.isAPI {
                namespace.append(Piece(declarations: [versionCheck(), apiNamespace(factories: first)]))
            } else {
                namespace.append(Piece(declarations: [groupNamespace(level, factories: first)]))
            }
            for start in stride(from: Self.factoriesPerPiece, to: factories.count, by: Self.factoriesPerPiece) {
                let chunk = Array(factories[start ..< min(start + Self.factoriesPerPiece, factories.count)])
                namespace.append(Piece(declarations: [Declaration(kind: .extension(ExtensionDecl(
                    extendedType: level.qualifiedName, members: chunk)))]))
            }
            return (namespace, Piece(declarations: [callEnum(for: level)]))
        }
        let models = spec.models.concurrentMap { model in
            Piece(declarations: [Declaration(kind: .extension(ExtensionDecl(extendedType: apiType, members: [modelDeclaration(model)])))])
        }
        var pieces = perLevel.flatMap(\.namespace)
        pieces.append(contentsOf: perLevel.map(\.call))
        pieces.append(contentsOf: models)
        pieces.append(Piece(declarations: [samplesDeclaration()]))
        return pieces
    }
}
