import Foundation

/// Keeps results alive so the optimizer cannot drop the work being measured.
nonisolated(unsafe) var sink = 0

/// How long and how often to measure.
struct Plan {
    var rounds: Int
    /// Each side of a round runs for about this long.
    var roundNanoseconds: UInt64

    static let full = Plan(rounds: 15, roundNanoseconds: 150_000_000)
    static let smoke = Plan(rounds: 3, roundNanoseconds: 10_000_000)
}

struct Comparison {
    /// Median nanoseconds per operation of each side over the rounds.
    var generated: Double
    var baseline: Double
    /// Median over the rounds of the per-round ratio generated / baseline.
    var ratio: Double
}

private func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Nanoseconds per call of `body` over `iterations` calls.
private func time(_ iterations: Int, _ body: () throws -> Int) rethrows -> Double {
    var local = 0
    let start = now()
    for _ in 0..<iterations { local &+= try body() }
    let elapsed = now() - start
    sink &+= local
    return Double(elapsed) / Double(iterations)
}

/// Measures two ways of doing the same work in the same run: each round times both sides with the
/// same iteration count, alternating which goes first, so machine noise falls on both alike.
/// The ratio is taken per round, then the median of the rounds is reported.
func compare(_ plan: Plan, generated: () throws -> Int, baseline: () throws -> Int) rethrows -> Comparison {
    // Warm up both sides and find an iteration count that fills the round.
    _ = try time(10, generated)
    _ = try time(10, baseline)
    var iterations = 16
    while true {
        let start = now()
        _ = try time(iterations, generated)
        if now() - start >= plan.roundNanoseconds / 4 || iterations >= 1 << 26 { break }
        iterations *= 2
    }
    iterations *= 4
    var generatedTimes: [Double] = []
    var baselineTimes: [Double] = []
    var ratios: [Double] = []
    for round in 0..<plan.rounds {
        let g: Double
        let b: Double
        if round % 2 == 0 {
            g = try time(iterations, generated)
            b = try time(iterations, baseline)
        } else {
            b = try time(iterations, baseline)
            g = try time(iterations, generated)
        }
        generatedTimes.append(g)
        baselineTimes.append(b)
        ratios.append(g / b)
    }
    return Comparison(generated: median(generatedTimes), baseline: median(baselineTimes), ratio: median(ratios))
}

func formatDuration(_ nanoseconds: Double) -> String {
    if nanoseconds >= 1_000_000 { return String(format: "%.2f ms", nanoseconds / 1_000_000) }
    if nanoseconds >= 1_000 { return String(format: "%.2f µs", nanoseconds / 1_000) }
    return String(format: "%.0f ns", nanoseconds)
}

/// One row of the benchmark table, tab-separated: section, measure, result, target, verdict.
func report(_ measure: String, _ comparison: Comparison, baselineName: String, target: Double) {
    let result = "\(formatDuration(comparison.generated)) vs \(formatDuration(comparison.baseline)) \(baselineName): "
        + String(format: "%.2fx", comparison.ratio)
    // A smoke run is brief and may be an unoptimized build: it proves the benchmark works, no more.
    let verdict = CommandLine.arguments.contains("--smoke") ? "not judged (smoke)" : comparison.ratio <= target ? "met" : "MISSED"
    print("4. Requests\t\(measure)\t\(result)\t<= \(String(format: "%.1f", target))x\t\(verdict)")
}
