// A large spec written as several files. The compiler's back end does work for each function that
// grows with how much type metadata its file defines (LLVM walks every constant reachable from the
// function, and a file's metadata records all reach one another), so one file per spec makes compile
// time grow with the square of its size. Measured on a 10,000-endpoint spec: 637 s in one file,
// 352 s in 32 files (and 34 s for 1,000 endpoints either way).
//
// The declarations are cut into self-contained pieces (the API's namespace, each group's namespace
// with its typed factories in chunks, each level's `Call` enum, each model, the samples), each
// rendered once, then packed in order by their rendered lines into the requested number of files of
// about equal length (`Generator.renderFiles`).
extension Translator {
    /// Declarations placed whole in one file.
    struct Piece: Sendable {
        var declarations: [Declaration]
    }

    /// Part `number` of `count` (from 1): its header, its imports, and `declarations`, which are
    /// packed pieces (`partPieces()`, by `pack(sizes:into:)`) and, in the last part, the server side.
    func partFile(number: Int, of count: Int, declarations: [Declaration]) -> SwiftFile {
        sourceFile(header: Generator.partHeaderPrefix(specFileName: spec.fileName) + "\(number) of \(count)). DO NOT EDIT.",
                   declarations: declarations)
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
