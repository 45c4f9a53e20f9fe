import Dispatch

extension Array where Element: Sendable {
    /// `map` spread over every core, results in order. `transform` must be pure: it may read shared
    /// state but not change it.
    ///
    /// Ownership: the result array's storage is allocated once, uninitialized, before any work starts.
    /// Iteration `i` of `concurrentPerform` initializes slot `i` and nothing else, so no two threads
    /// touch the same memory, and nothing reads a slot until `concurrentPerform` has returned, which
    /// happens after every iteration has finished (its return orders those writes before the reads).
    /// No array value is shared between threads: an `Array` reached through a class property from
    /// several threads, even to write different elements, performs a uniqueness check and a mutating
    /// access on the shared array each time (the previous version did this).
    package func concurrentMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let elements = self
        return [Result](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            guard let base = buffer.baseAddress else { return }
            let slots = Slots(base: base)
            DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                slots.initialize(index, to: transform(elements[index]))
            }
            initializedCount = elements.count
        }
    }
}

/// The address of the result storage, handed to the workers of ``Swift/Array/concurrentMap(_:)``.
///
/// `@unchecked Sendable`: the pointer is constant, and each slot is initialized by exactly one
/// iteration and read only after all iterations have finished (see `concurrentMap`).
private struct Slots<Value>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Value>

    func initialize(_ index: Int, to value: Value) {
        (base + index).initialize(to: value)
    }
}
