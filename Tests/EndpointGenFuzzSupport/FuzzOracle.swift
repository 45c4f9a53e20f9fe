import EndpointGenCore
import Foundation

/// Runs the generator on one input, time-boxed on its own thread, and checks the invariants every run
/// must keep whatever the input:
/// - it returns (no crash, which kills the process, and no hang: each run must finish within `timeLimit`);
/// - a result has Swift exactly when it has no errors, and an output name with its Swift;
/// - every diagnostic prints as `file:line:column: severity: message` on one line, naming the file it
///   was given, with a line and column inside that file;
/// - the same input gives the same bytes and the same diagnostics twice;
/// - `Generator.validate` agrees with `Generator.generate` on whether the spec is valid.
package struct FuzzOracle: Sendable {
    package var timeLimit: Duration
    package var options: GeneratorOptions
    /// Stack of the thread the generator runs on: smaller than the 8 MB main thread the command line
    /// runs on, so recursion that only just fits there fails here first.
    package var stackSize: Int

    /// The determinism check (a second run) is made for every input that validates and for every
    /// n-th other one; the agreement check with `validate` for every n-th input. 1: always. The CI
    /// test (a debug build) spot-checks to stay fast; the release driver checks everything.
    package var determinismEvery: Int
    package var validateAgreementEvery: Int

    /// The types of the module that the seeds use without defining them (specs/endpoint-gen.json's,
    /// and the kitchen sink's `ExternalOwner`).
    package static let moduleTypes: Set<String> = ["Coordinates", "ExternalOwner"]

    package init(timeLimit: Duration = .seconds(2), options: GeneratorOptions = GeneratorOptions(moduleTypes: FuzzOracle.moduleTypes), stackSize: Int = 4 << 20,
                determinismEvery: Int = 1, validateAgreementEvery: Int = 1) {
        self.timeLimit = timeLimit
        self.options = options
        self.stackSize = stackSize
        self.determinismEvery = max(1, determinismEvery)
        self.validateAgreementEvery = max(1, validateAgreementEvery)
    }

    package struct Outcome: Sendable {
        /// Nil when the run hung.
        package var result: GeneratorResult?
        package var hung: Bool
        /// CPU time of the first `generate`.
        package var elapsed: Duration
        /// Broken invariants, each one line.
        package var violations: [String]

        package var validated: Bool { result?.swift != nil }
    }

    /// `iteration` picks which spot checks run (see `determinismEvery`).
    package func check(_ data: Data, fileName: String, iteration: Int = 0) -> Outcome {
        let options = self.options
        guard let (first, elapsed) = runTimeBoxed({ Generator.generate(specData: data, fileName: fileName, options: options) }) else {
            return Outcome(result: nil, hung: true, elapsed: timeLimit * 2,
                           violations: ["generate did not return within \(timeLimit * 2) of CPU time"])
        }
        var violations = Self.violations(of: first, data: data, fileName: fileName)
        if elapsed > timeLimit { violations.append("generate took \(elapsed) of CPU time, over the \(timeLimit) limit") }
        guard first.swift != nil || iteration % determinismEvery == 0 else {
            return Outcome(result: first, hung: false, elapsed: elapsed, violations: violations)
        }

        guard let (second, _) = runTimeBoxed({ Generator.generate(specData: data, fileName: fileName, options: options) }) else {
            return Outcome(result: first, hung: true, elapsed: elapsed,
                           violations: violations + ["second generate did not return within \(timeLimit * 2) of CPU time"])
        }
        if second.swift != first.swift { violations.append("nondeterministic: the same input gave different Swift") }
        if second.outputName != first.outputName { violations.append("nondeterministic: different output names") }
        if second.diagnostics.all.map(\.description) != first.diagnostics.all.map(\.description) {
            violations.append("nondeterministic: the same input gave different diagnostics")
        }

        guard iteration % validateAgreementEvery == 0 else {
            return Outcome(result: first, hung: false, elapsed: elapsed, violations: violations)
        }
        guard let (validation, _) = runTimeBoxed({ Generator.validate(specData: data, fileName: fileName, moduleTypes: options.moduleTypes) }) else {
            return Outcome(result: first, hung: true, elapsed: elapsed, violations: violations + ["validate did not return within \(timeLimit * 2) of CPU time"])
        }
        if (validation.0 != nil) != (first.swift != nil) {
            violations.append("validate says \(validation.0 == nil ? "invalid" : "valid") but generate \(first.swift == nil ? "gave no Swift" : "gave Swift")")
        }
        if validation.0 == nil, !validation.1.hasErrors { violations.append("validate returned no spec and no error") }
        return Outcome(result: first, hung: false, elapsed: elapsed, violations: violations)
    }

    /// The invariants of one result.
    package static func violations(of result: GeneratorResult, data: Data, fileName: String) -> [String] {
        var violations: [String] = []
        let hasErrors = result.diagnostics.hasErrors
        if hasErrors, result.swift != nil { violations.append("a result with errors has Swift") }
        if !hasErrors, result.swift == nil { violations.append("no Swift and no error") }
        if result.swift != nil, (result.outputName ?? "").isEmpty { violations.append("Swift without an output name") }
        if let name = result.outputName, name.contains("/") || name.contains("\\") || name == "." || name == ".." {
            violations.append("output name \(name.debugDescription) could escape the output directory")
        }

        guard !result.diagnostics.all.isEmpty else { return violations }
        let lines = SourceLines(data)
        for diagnostic in result.diagnostics.all {
            let text = diagnostic.description
            if let problem = formatProblem(text, fileName: fileName, lines: lines) {
                violations.append("\(problem): \(text.debugDescription)")
            }
        }
        return violations
    }

    /// Checks `file:line:column: severity: message`, one line, with the position inside the file.
    static func formatProblem(_ text: String, fileName: String, lines: SourceLines) -> String? {
        let prefix = fileName + ":"
        guard text.hasPrefix(prefix) else { return "diagnostic does not start with the file name" }
        let rest = text.dropFirst(prefix.count)
        let fields = rest.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, let line = Int(fields[0]), let column = Int(fields[1]) else {
            return "diagnostic is not file:line:column: severity: message"
        }
        guard [" error", " warning", " note"].contains(fields[2]) else { return "unknown severity" }
        guard fields[3].hasPrefix(" "), fields[3].count > 1 else { return "empty message" }
        if text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{85}" }) {
            return "diagnostic spans more than one line"
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" }) {
            return "diagnostic holds a control character"
        }
        guard lines.contains(line: line, column: column) else {
            return "position \(line):\(column) is outside the file (\(lines.summary))"
        }
        return nil
    }
}

/// Line lengths of a spec file, for checking diagnostic positions. Lines end at `\n`; a reader that
/// also ends lines at a lone `\r` is accepted too. Columns count Unicode scalars (invalid UTF-8
/// decoded with replacement characters); the column just after a line's last character is inside.
/// Only the lines diagnostics name are decoded, so a huge input costs one byte scan.
struct SourceLines {
    private let bytes: [UInt8]
    /// Byte offsets where each `\n`-terminated line starts.
    private let lineStarts: [Int]
    private let hasCarriageReturn: Bool

    init(_ data: Data) {
        bytes = [UInt8](data)
        var starts = [0]
        var sawCR = false
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                if buffer[index] == 0x0A { starts.append(index + 1) } else if buffer[index] == 0x0D { sawCR = true }
            }
        }
        lineStarts = starts
        hasCarriageReturn = sawCR
    }

    func contains(line: Int, column: Int) -> Bool {
        guard line >= 1, column >= 1 else { return false }
        if line <= lineStarts.count {
            let start = lineStarts[line - 1]
            let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
            let length = String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars.count
            if column <= length + 1 { return true }
        }
        guard hasCarriageReturn else { return false }
        // Lines ended by `\n`, `\r\n` or a lone `\r`.
        let text = String(decoding: bytes, as: UTF8.self)
        var lengths: [Int] = []
        var current = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                if !(scalar == "\n" && previous == "\r") { lengths.append(current) }
                current = 0
            } else {
                current += 1
            }
            previous = scalar
        }
        lengths.append(current)
        return line <= lengths.count && column <= lengths[line - 1] + 1
    }

    var summary: String { "\(lineStarts.count) lines" }
}

/// Runs `work` on a new thread with the oracle's stack size and waits until it returns or has used
/// twice the time limit of CPU time (or ten times the limit, at least 30 s, of wall time, for a run
/// that blocks without computing). CPU time, not wall time, decides: the cores are shared, and a
/// loaded machine must not make a slow-to-schedule run look like a hang. A run that overstays is
/// abandoned (a thread cannot be stopped); the caller reports the hang.
extension FuzzOracle {
    func runTimeBoxed<T: Sendable>(_ work: @escaping @Sendable () -> T) -> (value: T, cpu: Duration)? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var clock = clockid_t()
            let hasClock = pthread_getcpuclockid(pthread_self(), &clock) == 0
            if hasClock { box.setClock(clock) }
            let start = hasClock ? FuzzOracle.cpuTime(clock) : nil
            let value = work()
            let end = hasClock ? FuzzOracle.cpuTime(clock) : nil
            box.set(value, cpu: start.flatMap { start in end.map { $0 - start } } ?? .zero)
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        let wallLimit = max(.seconds(30), timeLimit * 10)
        let clock = ContinuousClock()
        let started = clock.now
        while done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            if clock.now - started > wallLimit { return nil }
            if let threadClock = box.clock, let used = FuzzOracle.cpuTime(threadClock), used > timeLimit * 2 {
                // Read again after a last chance to finish: the thread may have just returned.
                if done.wait(timeout: .now()) == .success { break }
                return nil
            }
        }
        return box.result
    }

    /// The CPU time a thread clock has used; nil once the thread has ended.
    static func cpuTime(_ clock: clockid_t) -> Duration? {
        var spec = timespec()
        guard clock_gettime(clock, &spec) == 0 else { return nil }
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (value: T, cpu: Duration)?
    private var storedClock: clockid_t?

    func set(_ value: T, cpu: Duration) {
        lock.lock()
        stored = (value, cpu)
        storedClock = nil
        lock.unlock()
    }

    func setClock(_ clock: clockid_t) {
        lock.lock()
        storedClock = clock
        lock.unlock()
    }

    /// The worker's CPU clock while it runs (nil before it starts and after it returns).
    var clock: clockid_t? {
        lock.lock()
        defer { lock.unlock() }
        return storedClock
    }

    var result: (value: T, cpu: Duration)? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
