import Foundation
#if os(Windows)
import WinSDK
#endif

/// A value only reachable under a lock: how the runtime shares `Sendable` state that is read and
/// changed in short sections that never wait. Types built on it stay checked `Sendable` (their
/// stored properties are `let`s of `Sendable` types), and the state itself must be `Sendable` too.
/// Two types take a lock of their own because `Locked` cannot serve them: `FlowGate`
/// (StreamExchange.swift) waits on an `NSCondition` until the gate opens, which a `withLock` body
/// must not do, and `StreamSource` (Server/ServiceResponse.swift) keeps an
/// `AsyncThrowingStream.Iterator`, which is not `Sendable`.
///
/// One allocation holds the state and the lock: `NSLock` was an object of its own with its mutex
/// in a third allocation, which for a value made per request (`InProcessTransport`'s race, a
/// handler's added headers) cost more than the work it guards. `@unchecked Sendable`: the state
/// is read and written only inside `withLock`, under the lock. (`Synchronization.Mutex` would do
/// the same but needs macOS 15.)
struct Locked<State: Sendable>: @unchecked Sendable {
    private let storage: Storage

    init(_ value: State) { storage = Storage.make(value) }

    /// Runs `body` with the state, under the lock. `body` must not block or call back into code
    /// that takes this lock.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { state, lock in
            PlatformLock.lock(lock)
            defer { PlatformLock.unlock(lock) }
            return try body(&state.pointee)
        }
    }

    /// The state as the buffer's header, the lock as its one element.
    private final class Storage: ManagedBuffer<State, PlatformLock.Primitive> {
        static func make(_ value: State) -> Storage {
            let buffer = create(minimumCapacity: 1) { _ in value }
            buffer.withUnsafeMutablePointerToElements { PlatformLock.initialize($0) }
            return unsafeDowncast(buffer, to: Storage.self)
        }

        deinit {
            withUnsafeMutablePointerToElements { PlatformLock.destroy($0) }
        }
    }
}

/// The platform's plain lock, used in place: `os_unfair_lock` on Apple platforms, an SRW lock on
/// Windows, a pthread mutex elsewhere.
enum PlatformLock {
    #if canImport(Darwin)
    typealias Primitive = os_unfair_lock
    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) { lock.initialize(to: os_unfair_lock()) }
    static func lock(_ lock: UnsafeMutablePointer<Primitive>) { os_unfair_lock_lock(lock) }
    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) { os_unfair_lock_unlock(lock) }
    static func destroy(_ lock: UnsafeMutablePointer<Primitive>) {}
    #elseif os(Windows)
    typealias Primitive = SRWLOCK
    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) { InitializeSRWLock(lock) }
    static func lock(_ lock: UnsafeMutablePointer<Primitive>) { AcquireSRWLockExclusive(lock) }
    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) { ReleaseSRWLockExclusive(lock) }
    static func destroy(_ lock: UnsafeMutablePointer<Primitive>) {}
    #else
    typealias Primitive = pthread_mutex_t
    static func initialize(_ lock: UnsafeMutablePointer<Primitive>) {
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
    }
    static func lock(_ lock: UnsafeMutablePointer<Primitive>) { pthread_mutex_lock(lock) }
    static func unlock(_ lock: UnsafeMutablePointer<Primitive>) { pthread_mutex_unlock(lock) }
    static func destroy(_ lock: UnsafeMutablePointer<Primitive>) { pthread_mutex_destroy(lock) }
    #endif
}
