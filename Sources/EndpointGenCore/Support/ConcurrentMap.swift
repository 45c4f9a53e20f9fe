import Dispatch

extension Array where Element: Sendable {
    /// `map` spread over every core, results in order. `transform` must be pure: each call writes
    /// only its own result.
    func concurrentMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let slots = Slots<Result>(count: count)
        let elements = self
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.set(index, transform(elements[index]))
        }
        return slots.values
    }
}

/// One slot per result, each written by exactly one iteration of `concurrentPerform` (which
/// returns only when all have run), so no two threads touch the same memory.
private final class Slots<Value>: @unchecked Sendable {
    private var storage: [Value?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        storage.withUnsafeMutableBufferPointer { $0[index] = value }
    }

    var values: [Value] { storage.compactMap { $0 } }
}
