import Foundation
import Testing
@testable import EndpointRuntime

/// `Locked`: the state and its lock in one allocation.
@Suite struct LockedTests {
    /// Changes from many tasks at once are each made whole: none is lost.
    @Test func concurrentChangesAreNotLost() async {
        let counter = Locked((count: 0, log: [Int]()))
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<500 {
                        counter.withLock { state in
                            state.count += 1
                            state.log.append(task * 1_000 + step)
                        }
                    }
                }
            }
        }
        let (count, log) = counter.withLock { ($0.count, $0.log) }
        #expect(count == 4_000)
        #expect(Set(log).count == 4_000)
    }

    /// Copies share one state; the state is released with the last copy.
    @Test func copiesShareTheStateAndReleaseIt() {
        final class Token: Sendable {}
        weak var released: Token?
        do {
            let token = Token()
            released = token
            let first = Locked<Token?>(token)
            let second = first
            second.withLock { $0 = nil }
            #expect(first.withLock { $0 } == nil)
            first.withLock { $0 = token }
        }
        #expect(released == nil)
    }

    /// A throwing body leaves the lock free and its change made.
    @Test func throwingBodyUnlocks() {
        struct Failure: Error {}
        let value = Locked(1)
        #expect(throws: Failure.self) {
            try value.withLock { state in
                state = 2
                throw Failure()
            }
        }
        #expect(value.withLock { $0 } == 2)
    }
}
