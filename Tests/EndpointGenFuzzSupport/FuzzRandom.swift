/// A small seeded random number generator (SplitMix64), so a fuzz run is reproducible from
/// `(seed, iteration)` alone: the driver can resume after a crash at the next iteration and a
/// failure report names the one pair that recreates the input.
package struct FuzzRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    /// The generator for one iteration of a run: independent of every other iteration's.
    package init(seed: UInt64, iteration: Int) {
        var mixer = FuzzRandom(seed: seed ^ 0x6A09_E667_F3BC_C908)
        let base = mixer.next()
        self.init(seed: base &+ UInt64(truncatingIfNeeded: iteration) &* 0x9E37_79B9_7F4A_7C15)
        _ = next()
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly chosen index below `count` (which must be positive).
    package mutating func below(_ count: Int) -> Int {
        Int(next() % UInt64(count))
    }

    /// True with probability `numerator / denominator`.
    package mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    package mutating func pick<T>(_ values: [T]) -> T {
        values[below(values.count)]
    }
}
