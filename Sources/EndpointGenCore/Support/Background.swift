import Dispatch

/// Work the caller need not wait for.
package enum Background {
    /// Lets go of `value` on another thread. Freeing a large spec's trees (its JSON, its raw and
    /// checked forms, the spec itself) takes tens of milliseconds on a 10,000-endpoint spec, while
    /// the generator goes on with what it made from them. The caller must hold no other reference
    /// to what `value` owns for that work to move (a shared storage is only released).
    package static func release<Value: Sendable>(_ value: consuming Value) {
        // Retained for the other thread alone: the box is freed there, and with it the value.
        let box = Unmanaged.passRetained(Box(value))
        nonisolated(unsafe) let handle = box
        DispatchQueue.global(qos: .utility).async { handle.release() }
    }

    private final class Box<Value: Sendable> {
        let value: Value
        init(_ value: consuming Value) { self.value = value }
    }
}
