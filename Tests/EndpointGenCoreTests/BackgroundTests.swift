import Dispatch
import Foundation
import Testing
@testable import EndpointGenCore

/// `Background.release` frees what it is given (on another thread) and keeps nothing of it.
@Suite struct BackgroundTests {
    final class Tracked: Sendable {
        let freed: DispatchSemaphore
        init(freed: DispatchSemaphore) { self.freed = freed }
        deinit { freed.signal() }
    }

    @Test func freesTheValueItIsGiven() {
        let freed = DispatchSemaphore(value: 0)
        // A value holding the only reference, as a spec's trees hold theirs.
        Background.release([Tracked(freed: freed), Tracked(freed: freed)])
        #expect(freed.wait(timeout: .now() + 10) == .success)
        #expect(freed.wait(timeout: .now() + 10) == .success)
    }

    @Test func aValueStillHeldElsewhereIsOnlyReleased() {
        let freed = DispatchSemaphore(value: 0)
        var kept = Tracked(freed: freed)
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
