import Foundation

/// A value only reachable under a lock: the one place in the runtime where mutable state is
/// shared between threads. Types built on it stay checked `Sendable` (their stored properties are
/// `let`s of `Sendable` types), and the state itself must be `Sendable` too.
///
/// `@unchecked Sendable`: `value` is read and written only inside `withLock`, under `lock`.
/// (`Synchronization.Mutex` would do the same but needs macOS 15.)
final class Locked<State: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: State

    init(_ value: State) { self.value = value }

    /// Runs `body` with the state, under the lock. `body` must not block or call back into code
    /// that takes this lock.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
