@testable import EndpointGenCore
import Testing

/// The generator's hot paths written for speed give what their plain versions give.
@Suite struct HotPathTests {
    /// `Renderer.lineCount` reads eight bytes at a time: every length around a word, newlines at
    /// every place in it, and multi-byte characters whose bytes differ from a newline's in the high
    /// bit only (`Ċ` is C4 8A) must count as a character-by-character count does.
    @Test func lineCountAgreesWithCountingCharacters() {
        let pieces = ["a", "\n", "Ċ", "é", "🎉", "\n\n", "xyzw"]
        var texts = [""]
        for length in 1...18 {
            for start in 0..<pieces.count {
                texts.append((0..<length).map { pieces[($0 * 3 + start) % pieces.count] }.joined())
            }
        }
        for text in texts {
            let expected = text.unicodeScalars.filter { $0 == "\n" }.count
            #expect(Renderer.lineCount(text) == expected, "\(text.debugDescription)")
        }
        #expect(Renderer.lineCount(String(repeating: "line\n", count: 1_000)) == 1_000)
    }

    /// A leading sign is looked for by its byte before characters are counted; the names stay those
    /// of the general rule.
    @Test func signedKeys() {
        #expect(Naming.lowerCamel("+1") == "plus1")
        #expect(Naming.lowerCamel("-1") == "minus1")
        #expect(Naming.lowerCamel("-5_stars") == "minus5Stars")
        #expect(Naming.lowerCamel("-") == Naming.generalLowerCamel("-"))
        #expect(Naming.lowerCamel("+") == Naming.generalLowerCamel("+"))
        // A sign with a combining mark is one character, not a sign.
        #expect(Naming.lowerCamel("+\u{301}1") == Naming.generalLowerCamel("+\u{301}1"))
        #expect(Naming.lowerCamel("a-1") == "a1")
    }

    /// Facts by node number: unset ids read nil, a later write replaces, `nil` clears, and the
    /// default subscript reads and writes through.
    @Test func factTableByID() {
        var table = FactTable<String>()
        #expect(table[0] == nil)
        table[7] = "seven"
        table[2] = "two"
        #expect(table[7] == "seven")
        #expect(table[2] == "two")
        #expect(table[3] == nil)
        #expect(table[100] == nil)
        #expect(table[-1] == nil)
        table[7] = "SEVEN"
        #expect(table[7] == "SEVEN")
        table[2] = nil
        #expect(table[2] == nil)
        table[9, default: "none"] += "!"
        #expect(table[9] == "none!")
        table[7, default: "none"] += "!"
        #expect(table[7] == "SEVEN!")
        table[50] = nil
        #expect(table[50] == nil)
    }
}
