// A large spec written as several files. The compiler's back end does work for each function that
// grows with how much type metadata its file defines (LLVM walks every constant reachable from the
// function, and a file's metadata records all reach one another), so one file per spec makes compile
// time grow with the square of its size. Measured on a 10,000-endpoint spec: 637 s in one file,
// 352 s in 32 files (and 34 s for 1,000 endpoints either way).
//
// The declarations are cut into self-contained pieces (the API's namespace, each group's namespace
// with its typed factories in chunks, each level's `Call` enum, each model, the samples), each
// translated and rendered once, by whichever core takes its source, then packed in order by their
// rendered lines into the requested number of files of about equal length (`Generator.renderFiles`).
extension Translator {
    /// Declarations placed whole in one file.
    struct Piece: Sendable {
        var declarations: [Declaration]
    }

    /// Part `number` of `count` (from 1): its header and its imports, public as `publicImports`
    /// (those of its packed pieces and, in the last part, of the server side) says. Its declarations
    /// are rendered already: the file carries none.
    func partFile(number: Int, of count: Int, publicImports: PublicImports) -> SwiftFile {
        sourceFile(header: Generator.partHeaderPrefix(specFileName: spec.fileName) + "\(number) of \(count)). DO NOT EDIT.",
                   publicImports: publicImports, declarations: [])
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

    /// What the pieces are made from, in the order of the single file: each level's namespace, each
    /// level's `Call` enum, each model, the samples. One source is made into its pieces by one
    /// worker (`pieces(of:)`), which renders them and lets them go: the code model of a whole large
    /// spec never exists at once.
    enum PieceSource: Sendable {
        /// A level's namespace and its typed factories, cut into pieces of `factoriesPerPiece`.
        case namespace(Level)
        case call(Level)
        case model(Model)
        case samples
    }

    /// Every source of pieces, in the order of the single file.
    func pieceSources() -> [PieceSource] {
        let levels = allLevels()
        return levels.map(PieceSource.namespace) + levels.map(PieceSource.call) + spec.models.map(PieceSource.model) + [.samples]
    }

    /// The pieces `source` is made into, in order.
    func pieces(of source: PieceSource) -> [Piece] {
        switch source {
        case let .namespace(level):
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
            return namespace
        case let .call(level):
            return [Piece(declarations: [callEnum(for: level)])]
        case let .model(model):
            return [Piece(declarations: [Declaration(kind: .extension(ExtensionDecl(extendedType: apiType, members: [modelDeclaration(model)])))])]
        case .samples:
            return [Piece(declarations: [samplesDeclaration()])]
        }
    }
}
