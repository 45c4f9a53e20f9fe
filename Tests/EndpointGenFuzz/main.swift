// The long-run fuzz driver behind scripts/fuzz.sh (built in release).
//
//   EndpointGenFuzz run --seed S --start N --count M --out DIR [--sample-every K] [--time-limit-ms T] [--until EPOCH]
//       Runs iterations N..<N+M of seed S over the corpus (specs/ and the core test fixtures). Before each
//       iteration the input is written to DIR/current.json and its number to DIR/current.iteration, so a
//       crash, which ends this process, leaves the input behind for the supervising script. One line per
//       finished iteration goes to DIR/log.tsv; broken invariants to DIR/violations/; a hang is saved
//       to DIR/hangs/ and ends the process with status 3 (a stuck thread cannot be stopped). Every
//       K-th iteration that validates writes its Swift and stubs for undefined models to DIR/compile/N/.
//   EndpointGenFuzz case --seed S --iteration N --out FILE
//       Writes the input of one iteration and prints its recipe.
//   EndpointGenFuzz check FILE [--file-name NAME] [--time-limit-ms T]
//       Runs the oracle once: exit 0 if every invariant holds, 1 if one breaks, 3 on a hang.
//   EndpointGenFuzz swift FILE [--file-name NAME]
//       Prints the Swift generated for an input (or its diagnostics, on stderr), to look at a case.
//   EndpointGenFuzz minimize FILE --out FILE2 [--file-name NAME] [--time-limit-ms T]
//       Shrinks an input while it keeps failing the same way (checked in a child process, so crashes
//       and hangs shrink too) and writes the smallest found.

import EndpointGenCore
import EndpointGenFuzzSupport
import Foundation


struct Arguments {
    var positional: [String] = []
    var options: [String: String] = [:]

    init(_ arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument.hasPrefix("--") {
                options[String(argument.dropFirst(2))] = iterator.next() ?? ""
            } else {
                positional.append(argument)
            }
        }
    }

    func int(_ name: String, default value: Int) -> Int { options[name].flatMap { Int($0) } ?? value }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("EndpointGenFuzz: \(message)\n".utf8))
    exit(2)
}

let commandLine = CommandLine.arguments
guard commandLine.count >= 2 else { fail("usage: EndpointGenFuzz run|case|check|minimize ... (see Tests/EndpointGenFuzz/main.swift)") }
let arguments = Arguments(commandLine.dropFirst(2))
let timeLimit = Duration.milliseconds(arguments.int("time-limit-ms", default: 2_000))
let oracle = FuzzOracle(timeLimit: timeLimit)
let fileManager = FileManager.default

func write(_ data: Data, to path: String) {
    guard FuzzFiles.write(data, to: path) else { fail("cannot write \(path)") }
}

func makeDirectory(_ path: String) {
    do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch { fail("cannot create \(path): \(error)") }
}

switch commandLine[1] {
case "run":
    let seed = UInt64(arguments.options["seed"] ?? "") ?? 1
    let start = arguments.int("start", default: 0)
    let count = arguments.int("count", default: 1_000)
    let sampleEvery = max(1, arguments.int("sample-every", default: 50))
    guard let out = arguments.options["out"] else { fail("run needs --out DIR") }
    for directory in ["violations", "hangs", "compile"] { makeDirectory("\(out)/\(directory)") }
    let mutator = FuzzMutator(seeds: FuzzCorpus.seeds())
    if !fileManager.fileExists(atPath: "\(out)/log.tsv") { write(Data(), to: "\(out)/log.tsv") }
    guard let log = FileHandle(forWritingAtPath: "\(out)/log.tsv") else { fail("cannot open \(out)/log.tsv") }
    log.seekToEndOfFile()

    // `--until` (seconds since 1970) ends the run early, for a time-boxed long run.
    let until = arguments.options["until"].flatMap(Double.init)
    for iteration in start..<(start + count) {
        if let until, Date().timeIntervalSince1970 > until {
            print("time is up after iteration \(iteration - 1)")
            exit(0)
        }
        let fuzzCase = mutator.makeCase(seed: seed, iteration: iteration)
        write(fuzzCase.data, to: "\(out)/current.json")
        write(Data("\(iteration)\n\(fuzzCase.fileName)\n\(fuzzCase.recipe.joined(separator: "\n"))\n".utf8),
              to: "\(out)/current.iteration")
        let outcome = oracle.check(fuzzCase.data, fileName: fuzzCase.fileName, iteration: iteration)
        let report = "iteration \(iteration) seed \(seed) file \(fuzzCase.fileName)\n"
            + fuzzCase.recipe.map { "  \($0)\n" }.joined() + outcome.violations.map { "- \($0)\n" }.joined()
        if outcome.hung {
            write(fuzzCase.data, to: "\(out)/hangs/\(iteration).json")
            write(Data(report.utf8), to: "\(out)/hangs/\(iteration).txt")
            print("HANG at iteration \(iteration)")
            exit(3)
        }
        if !outcome.violations.isEmpty {
            write(fuzzCase.data, to: "\(out)/violations/\(iteration).json")
            write(Data(report.utf8), to: "\(out)/violations/\(iteration).txt")
        }
        let milliseconds = Double(outcome.elapsed.components.attoseconds) / 1e15 + Double(outcome.elapsed.components.seconds) * 1_000
        log.write(Data("\(iteration)\t\(outcome.validated ? 1 : 0)\t\(outcome.violations.count)\t\(String(format: "%.2f", milliseconds))\n".utf8))

        if outcome.validated, iteration % sampleEvery == 0, let result = outcome.result, let swift = result.swift {
            let directory = "\(out)/compile/\(iteration)"
            makeDirectory(directory)
            write(Data(swift.utf8), to: "\(directory)/Generated.swift")
            let (spec, _) = Generator.validate(specData: fuzzCase.data, fileName: fuzzCase.fileName, moduleTypes: FuzzOracle.moduleTypes)
            let stubs = spec.map(FuzzStubs.undefinedModels(in:)) ?? []
            write(Data(FuzzStubs.source(for: stubs).utf8), to: "\(directory)/Stubs.swift")
            write(fuzzCase.data, to: "\(directory)/input.json")
            write(Data(report.utf8), to: "\(directory)/recipe.txt")
        }
        if iteration % 1_000 == 999 { print("… \(iteration + 1) iterations") }
    }
    exit(0)

case "case":
    let seed = UInt64(arguments.options["seed"] ?? "") ?? 1
    let iteration = arguments.int("iteration", default: 0)
    guard let out = arguments.options["out"] else { fail("case needs --out FILE") }
    let fuzzCase = FuzzMutator(seeds: FuzzCorpus.seeds()).makeCase(seed: seed, iteration: iteration)
    write(fuzzCase.data, to: out)
    print("file name: \(fuzzCase.fileName)")
    fuzzCase.recipe.forEach { print($0) }

case "check":
    guard let path = arguments.positional.first, let data = fileManager.contents(atPath: path) else { fail("check needs a readable FILE") }
    let outcome = oracle.check(data, fileName: arguments.options["file-name"] ?? "Fuzz.endpoints.json")
    outcome.violations.forEach { print($0) }
    if outcome.hung { exit(3) }
    exit(outcome.violations.isEmpty ? 0 : 1)

case "swift":
    guard let path = arguments.positional.first, let data = fileManager.contents(atPath: path) else { fail("swift needs a readable FILE") }
    let fileName = arguments.options["file-name"] ?? URL(fileURLWithPath: path).lastPathComponent
    let result = Generator.generate(specData: data, fileName: fileName, options: GeneratorOptions())
    result.diagnostics.sorted.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
    if let swift = result.swift { print(swift, terminator: "") }
    exit(result.swift == nil ? 1 : 0)

case "minimize":
    guard let path = arguments.positional.first, let data = fileManager.contents(atPath: path) else { fail("minimize needs a readable FILE") }
    guard let out = arguments.options["out"] else { fail("minimize needs --out FILE") }
    let fileName = arguments.options["file-name"] ?? "Fuzz.endpoints.json"
    let minimizer = Minimizer(fileName: fileName, timeLimitMilliseconds: arguments.int("time-limit-ms", default: 2_000))
    let smallest = minimizer.minimize(data)
    write(smallest, to: out)
    print("minimized \(data.count) -> \(smallest.count) bytes: \(out)")

default:
    fail("unknown command \(commandLine[1])")
}

/// Byte-level delta debugging: removes ever smaller chunks while the input still fails with the same
/// signature (exit status or signal, and the first violation's kind), each try in a child process.
struct Minimizer {
    var fileName: String
    var timeLimitMilliseconds: Int
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("endpoint-gen-minimize-\(getpid()).json").path

    func signature(_ data: Data) -> String {
        write(data, to: scratch)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["check", scratch, "--file-name", fileName, "--time-limit-ms", String(timeLimitMilliseconds)]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { fail("cannot run the checker: \(error)") }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let firstKind = output.split(separator: "\n").first.map { String($0.prefix(while: { $0 != ":" })) } ?? ""
        return "\(process.terminationReason == .uncaughtSignal ? "signal" : "exit") \(process.terminationStatus) \(firstKind)"
    }

    func minimize(_ data: Data) -> Data {
        let target = signature(data)
        guard !target.hasPrefix("exit 0") else { fail("the input does not fail: nothing to minimize") }
        print("failure signature: \(target)")
        var bytes = [UInt8](data)
        var chunk = max(1, bytes.count / 2)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < bytes.count {
                let end = min(bytes.count, start + chunk)
                let candidate = Array(bytes[..<start]) + Array(bytes[end...])
                if signature(Data(candidate)) == target {
                    bytes = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny || chunk == 1 {
                if chunk == 1 { break }
                chunk /= 2
            }
        }
        try? FileManager.default.removeItem(atPath: scratch)
        return Data(bytes)
    }
}
