import Dispatch
import Foundation
import Testing
@testable import EndpointGenCore

/// `Background.release` frees what it is given (on another thread) and keeps nothing of it.
@Suite struct BackgroundTests {
    /// Threads, appended from any thread.
    final class ThreadList: @unchecked Sendable {
        private let lock = NSLock()
        private var threads: [pthread_t] = []
        func append(_ thread: pthread_t) { lock.withLock { threads.append(thread) } }
        var all: [pthread_t] { lock.withLock { threads } }
    }

    final class Tracked: Sendable {
        /// The threads `deinit` ran on, in `freesTheValueItIsGivenOnAnotherThread` (the one test of
        /// this suite whose objects are freed by `release`).
        static let threads = ThreadList()
        let freed: DispatchSemaphore
        let recordsThread: Bool
        init(freed: DispatchSemaphore, recordsThread: Bool = true) {
            self.freed = freed
            self.recordsThread = recordsThread
        }
        deinit {
            if recordsThread { Self.threads.append(pthread_self()) }
            freed.signal()
        }
    }

    @Test func freesTheValueItIsGivenOnAnotherThread() {
        let freed = DispatchSemaphore(value: 0)
        let caller = pthread_self()
        // A value holding the only reference, as a spec's trees hold theirs.
        Background.release([Tracked(freed: freed), Tracked(freed: freed)])
        #expect(freed.wait(timeout: .now() + 10) == .success)
        #expect(freed.wait(timeout: .now() + 10) == .success)
        let threads = Tracked.threads.all
        #expect(threads.count == 2)
        #expect(!threads.contains { pthread_equal($0, caller) != 0 })
    }

    @Test func waitingReturnsOnceEverythingIsFreed() {
        let freed = DispatchSemaphore(value: 0)
        for _ in 0..<50 { Background.release([Tracked(freed: freed, recordsThread: false)]) }
        Background.waitUntilReleased()
        // All 50 deinits ran before the wait returned: none is left to wait for.
        for _ in 0..<50 { #expect(freed.wait(timeout: .now()) == .success) }
    }

    @Test func aValueStillHeldElsewhereIsOnlyReleased() {
        let freed = DispatchSemaphore(value: 0)
        var kept = Tracked(freed: freed, recordsThread: false)
        for _ in 0..<100 { Background.release(kept) }
        // Once every release has run, this is the one reference left, and the object lives.
        var waited = 0
        while !isKnownUniquelyReferenced(&kept), waited < 10_000 {
            usleep(1_000)
            waited += 1
        }
        #expect(isKnownUniquelyReferenced(&kept))
        #expect(freed.wait(timeout: .now()) == .timedOut)
    }
}
