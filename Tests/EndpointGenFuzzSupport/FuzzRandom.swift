import TestSupport

/// The fuzzer's seeded random number generator, TestSupport's `SplitMix`, so a fuzz run is reproducible from
/// `(seed, iteration)` alone: the driver can resume after a crash at the next iteration and a
/// failure report names the one pair that recreates the input.
package typealias FuzzRandom = SplitMix

extension SplitMix {
    /// The generator for one iteration of a run: independent of every other iteration's.
    package init(seed: UInt64, iteration: Int) {
        var mixer = SplitMix(seed: seed ^ 0x6A09_E667_F3BC_C908)
        let base = mixer.next()
        self.init(seed: base &+ UInt64(truncatingIfNeeded: iteration) &* 0x9E37_79B9_7F4A_7C15)
        _ = next()
    }

    /// True with probability `numerator / denominator`.
    package mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    package mutating func pick<T>(_ values: [T]) -> T {
        values[below(values.count)]
    }
}
