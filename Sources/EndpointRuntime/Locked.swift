import Foundation

/// A value only reachable under a lock: how the runtime shares `Sendable` state that is read and
/// changed in short sections that never wait. Types built on it stay checked `Sendable` (their
/// stored properties are `let`s of `Sendable` types), and the state itself must be `Sendable` too.
/// Two types take a lock of their own because `Locked` cannot serve them: `FlowGate`
/// (StreamExchange.swift) waits on an `NSCondition` until the gate opens, which a `withLock` body
/// must not do, and `StreamSource` (Server/ServiceResponse.swift) keeps an
/// `AsyncThrowingStream.Iterator`, which is not `Sendable`.
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
