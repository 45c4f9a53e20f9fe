import EndpointGenCore
@testable import EndpointGenFuzzSupport
import Foundation
import Testing

/// Mutated specs must never crash or hang the generator, break the diagnostics format, produce Swift
/// alongside errors, or give different bytes for the same input. CI runs a fixed seed for a fixed
/// number of iterations; `scripts/fuzz.sh` runs many more in release with a driver that survives
/// crashes. `ENDPOINT_GEN_FUZZ_ITERATIONS` and `ENDPOINT_GEN_FUZZ_SEED` override the defaults here.
@Suite("Fuzz")
struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let iterations = environment["ENDPOINT_GEN_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 600
    static let seed = environment["ENDPOINT_GEN_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_122

    /// Where the input being run is written first, so a crash (which ends the test process) leaves it behind.
    static let lastInput = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-gen-fuzz-last-input.json")

    @Test("Mutated specs keep every generator invariant")
    func mutatedSpecsKeepEveryInvariant() {
        let mutator = FuzzMutator(seeds: FuzzCorpus.seeds(maxBytes: 64_000))
        // Debug builds are slow: spot-check determinism and validate agreement (the release driver checks all).
        let oracle = FuzzOracle(determinismEvery: 4, validateAgreementEvery: 8)
        var validated = 0
        var failing = 0
        for iteration in 0..<Self.iterations {
            let fuzzCase = mutator.makeCase(seed: Self.seed, iteration: iteration)
            FuzzFiles.write(fuzzCase.data, to: Self.lastInput.path)
            let outcome = oracle.check(fuzzCase.data, fileName: fuzzCase.fileName, iteration: iteration)
            if outcome.validated { validated += 1 }
            if !outcome.violations.isEmpty {
                failing += 1
                Issue.record("""
                    iteration \(iteration) of seed \(Self.seed) (recreate: EndpointGenFuzz case --seed \(Self.seed) --iteration \(iteration) --out x.json)
                    \(fuzzCase.recipe.joined(separator: "; "))
                    \(outcome.violations.joined(separator: "\n"))
                    """)
            }
            // A hung run's thread cannot be stopped; stop adding to it. Past 20 failures the rest is noise.
            if outcome.hung || failing >= 20 { break }
        }
        try? FileManager.default.removeItem(at: Self.lastInput)
        // The mutations must leave enough specs valid to reach the translator and renderer.
        #expect(validated >= Self.iterations / 20, "only \(validated) of \(Self.iterations) mutated specs validated")
    }

    @Test("The built-in seed spec is valid and generates Swift")
    func kitchenSinkSeedIsValid() {
        let result = Generator.generate(
            specData: Data(FuzzCorpus.kitchenSink.utf8), fileName: "KitchenSinkAPI.endpoints.json",
            options: GeneratorOptions(moduleTypes: FuzzOracle.moduleTypes))
        #expect(result.diagnostics.all.map(\.description) == [])
        #expect(result.swift != nil)
    }

    @Test("Every example spec in specs/ is valid, so the fuzzer starts from good input")
    func exampleSpecsAreValid() {
        let examples = FuzzCorpus.seeds().filter { $0.name.hasPrefix("specs/") && $0.name.hasSuffix(".endpoints.json") }
        for seed in examples {
            let fileName = (seed.name as NSString).lastPathComponent
            let result = Generator.generate(specData: seed.data, fileName: fileName, options: GeneratorOptions(moduleTypes: ReferenceTests.moduleTypes))
            #expect(!result.diagnostics.hasErrors, "\(seed.name): \(result.diagnostics.all.map(\.description))")
        }
    }

    @Test("The same seed and iteration always make the same input")
    func mutationIsReproducible() {
        let mutator = FuzzMutator(seeds: FuzzCorpus.seeds())
        for iteration in 0..<50 {
            let first = mutator.makeCase(seed: 7, iteration: iteration)
            let again = mutator.makeCase(seed: 7, iteration: iteration)
            #expect(first.data == again.data && first.fileName == again.fileName && first.recipe == again.recipe)
        }
        let distinct = Set((0..<50).map { mutator.makeCase(seed: 7, iteration: $0).data })
        #expect(distinct.count > 40, "mutations should differ between iterations")
    }

    @Test("The time box reports a run that computes past twice its limit, and returns a quick one")
    func timeBoxCatchesSpinning() {
        let oracle = FuzzOracle(timeLimit: .milliseconds(50))
        let stop = StopFlag()
        let spun = oracle.runTimeBoxed { () -> Int in
            var count = 0
            while !stop.isSet { count &+= 1 }
            return count
        }
        stop.set()
        #expect(spun == nil)
        let quick = oracle.runTimeBoxed { 42 }
        #expect(quick?.value == 42)
        #expect((quick?.cpu ?? .seconds(1)) < .milliseconds(50))
    }

    @Test("The mutator copes with seeds of any shape")
    func mutatorHandlesOddSeeds() {
        let odd = ["[1, [2, {}]]", "\"text\"", "42", "null", "{}", "not json {", ""].enumerated().map {
            FuzzSeed(name: "odd \($0.offset)", data: Data($0.element.utf8), isValidSpec: $0.offset % 2 == 0)
        }
        let mutator = FuzzMutator(seeds: odd)
        var sizes = 0
        for iteration in 0..<3_000 { sizes += mutator.makeCase(seed: 3, iteration: iteration).data.count }
        #expect(sizes > 0)
    }

    @Test("The mutator's JSON tree prints what it parsed")
    func fuzzJSONRoundTrips() throws {
        let tree = try #require(FuzzJSON.parse(Data(FuzzCorpus.kitchenSink.utf8)))
        for style in [FuzzJSON.Style(), FuzzJSON.Style(indent: nil, escapeNonASCII: true), FuzzJSON.Style(indent: "\t", newline: "\r\n")] {
            #expect(FuzzJSON.parse(tree.serialized(style)) == tree)
        }
        let unicode = FuzzJSON.object([FuzzJSON.Member("данные 🙂", .string("a\"b\\c\n\u{1}数据"))])
        #expect(FuzzJSON.parse(unicode.serialized(FuzzJSON.Style(indent: nil, escapeNonASCII: true))) == unicode)
        #expect(FuzzJSON.parse(Data("{\"a\":1,}".utf8)) == nil)
    }
}

private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
