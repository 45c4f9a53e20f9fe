import Foundation
import Testing
@testable import EndpointGenCore

/// `concurrentMap` keeps order, initializes every slot once, and shares no mutable memory between
/// workers (scripts/sanitizers.sh runs this suite under ThreadSanitizer).
@Suite struct ConcurrentMapTests {
    @Test func keepsOrderAndCount() {
        for count in [0, 1, 2, 3, 7, 64, 1_000, 20_000] {
            let input = Array(0..<count)
            #expect(input.concurrentMap { $0 * 3 } == input.map { $0 * 3 }, "count \(count)")
        }
    }

    @Test func resultsThatOwnMemory() {
        // Strings, arrays and class instances: every slot must be initialized exactly once and kept.
        let input = (0..<5_000).map { "item \($0)" }
        let strings = input.concurrentMap { $0 + " / " + String($0.reversed()) }
        #expect(strings == input.map { $0 + " / " + String($0.reversed()) })
        let arrays = input.concurrentMap { Array(repeating: $0, count: $0.count % 5) }
        #expect(arrays.map(\.count) == input.map { $0.count % 5 })
        let boxes = input.concurrentMap { Box($0) }
        #expect(boxes.map(\.value) == input)
        #expect(Set(boxes.map { ObjectIdentifier($0) }).count == input.count)
    }

    @Test func optionalResultsKeepTheirNils() {
        let input = Array(0..<1_000)
        let halves: [Int?] = input.concurrentMap { $0.isMultiple(of: 2) ? $0 / 2 : nil }
        #expect(halves.count == 1_000)
        #expect(halves.compactMap { $0 }.count == 500)
        #expect(halves[1] == nil && halves[2] == 1)
    }

    @Test func unevenWorkAndReadsOfSharedState() {
        // Some elements take far longer than others, so workers finish out of order; all read one
        // shared immutable table.
        let table = (0..<256).map { $0 * $0 }
        let input = Array(0..<2_000)
        let output = input.concurrentMap { value -> Int in
            var sum = 0
            for step in 0..<(value % 17 == 0 ? 20_000 : 10) { sum &+= table[(value &+ step) & 255] }
            return sum
        }
        let expected = input.map { value -> Int in
            var sum = 0
            for step in 0..<(value % 17 == 0 ? 20_000 : 10) { sum &+= table[(value &+ step) & 255] }
            return sum
        }
        #expect(output == expected)
    }

    @Test func repeatedRunsAgree() {
        let input = (0..<3_000).map { "e\($0)" }
        let first = input.concurrentMap { $0.uppercased() }
        for _ in 0..<50 { #expect(input.concurrentMap { $0.uppercased() } == first) }
    }

    final class Box: Sendable {
        let value: String
        init(_ value: String) { self.value = value }
    }
}
