// A large spec written as several files. The compiler's back end does work for each function that
// grows with how much type metadata its file defines (LLVM walks every constant reachable from the
// function, and a file's metadata records all reach one another), so one file per spec makes compile
// time grow with the square of its size. Measured on a 10,000-endpoint spec: 637 s in one file,
// 352 s in 32 files (and 34 s for 1,000 endpoints either way).
//
// The declarations are cut into self-contained pieces (a group's enum, the conformance of a group,
// each chunk of a large `switch`, each chunk of typed factories, each model), then packed in order
// into the requested number of files of about equal length.
extension Translator {
    /// Endpoints and models per file when the number of files is chosen automatically.
    static let declarationsPerPart = 500

    /// How many files a spec is written as by default: one per 500 endpoints and models, at least one.
    static func automaticPartCount(for spec: Spec) -> Int {
        func endpoints(in group: Group) -> Int {
            group.endpoints.count + group.groups.reduce(0) { $0 + endpoints(in: $1) }
        }
        let total = endpoints(in: spec.api) + spec.models.count
        return max(1, (total + declarationsPerPart - 1) / declarationsPerPart)
    }

    /// Pieces placed whole in one file, with the file-private helpers they use.
    struct Piece: Sendable {
        var declarations: [Declaration]
        var usesDeprecatedDispatch = false
        var usesFallbackError = false
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
            var declarations: [Declaration] = []
            var usesDeprecatedDispatch = false
            var usesFallbackError = false
            for piece in pieces[range] {
                declarations.append(contentsOf: piece.declarations)
                usesDeprecatedDispatch = usesDeprecatedDispatch || piece.usesDeprecatedDispatch
                usesFallbackError = usesFallbackError || piece.usesFallbackError
            }
            declarations.append(contentsOf: fileHelpers(usesDeprecatedDispatch: usesDeprecatedDispatch, usesFallbackError: usesFallbackError))
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
        case let .protocolDecl(decl): return head + 1 + decl.requirements.count
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
            case .return(nil):
                return total + 1
            case let .switch(_, cases):
                return total + 2 + cases.reduce(0) { $0 + 1 + estimatedLines($1.body) }
            case let .ifLet(_, _, body), let .if(_, body):
                return total + 2 + estimatedLines(body)
            }
        }
    }

    /// One line, plus the lines of a trailing closure.
    static func estimatedLines(_ expression: Expression) -> Int {
        switch expression {
        case let .call(_, _, trailingClosure?): return 1 + estimatedLines(trailingClosure)
        case let .try(inner): return estimatedLines(inner)
        default: return 1
        }
    }

    /// Every piece, in the order of the single file.
    func partPieces() -> [Piece] {
        let groups = allGroups()
        // Groups and models translate independently, on every core; the pieces keep spec order.
        let perGroup = groups.concurrentMap { group, qualifiedName, parent -> (declaration: Piece?, rest: [Piece], typed: [Piece]) in
            let declaration = parent.map { parent in
                Piece(declarations: [Declaration(kind: .extension(ExtensionDecl(
                    extendedType: parent, members: [groupEnum(group, nestingGroups: false)])))])
            }
            let requests = requestPieces(for: group, qualifiedName: qualifiedName, isAPI: group == spec.api)
            let typed = group.endpoints.isEmpty ? [] : typedPieces(for: group, qualifiedName: qualifiedName)
            return (declaration, requests, typed)
        }
        let models = spec.models.concurrentMap { Piece(declarations: [modelDeclaration($0)]) }

        // The API enum, then each group's enum declared in an extension of its parent.
        var pieces: [Piece] = [Piece(declarations: [versionCheck(), groupEnum(spec.api, nestingGroups: false)])]
        pieces.append(contentsOf: perGroup.compactMap(\.declaration))
        pieces.append(contentsOf: perGroup.flatMap(\.rest))
        pieces.append(contentsOf: perGroup.flatMap(\.typed))
        pieces.append(contentsOf: models)
        return pieces
    }

    /// A group's conformance as pieces: a small one whole; a chunked one as its `httpRequest()`
    /// (with the deprecated arms) and one piece per chunk, the chunk functions internal so the
    /// dispatch in another file can call them.
    func requestPieces(for group: Group, qualifiedName: String, isAPI: Bool) -> [Piece] {
        let requests = requestDeclarations(for: group, qualifiedName: qualifiedName, isAPI: isAPI, separateChunks: true)
        guard !requests.declarations.isEmpty else { return [] }
        let dispatch = Piece(declarations: requests.declarations,
                             usesDeprecatedDispatch: requests.usesDeprecatedDispatch,
                             usesFallbackError: requests.needsFallbackError)
        return [dispatch] + requests.chunkExtensions.map { Piece(declarations: [$0]) }
    }

    /// A group's typed factories: whole when they fit one chunk, else the `Typed` enum and then
    /// extensions of it holding a chunk of factories each.
    func typedPieces(for group: Group, qualifiedName: String) -> [Piece] {
        guard group.endpoints.count > chunkSize else {
            return [Piece(declarations: [typedExtension(for: group, qualifiedName: qualifiedName)])]
        }
        var pieces = [Piece(declarations: [Declaration(kind: .extension(ExtensionDecl(
            extendedType: qualifiedName,
            members: [Declaration(kind: .enumeration(EnumDecl(access: access, name: "Typed")))])))])]
        for start in stride(from: 0, to: group.endpoints.count, by: chunkSize) {
            let chunk = group.endpoints[start ..< min(start + chunkSize, group.endpoints.count)]
            pieces.append(Piece(declarations: [Declaration(kind: .extension(ExtensionDecl(
                extendedType: qualifiedName + ".Typed",
                members: chunk.map { typedFactory(for: $0, qualifiedName: qualifiedName) })))]))
        }
        return pieces
    }
}
