@testable import EndpointRuntime
import Foundation
import Testing

/// The server's percent-decoding reads text as Foundation's `removingPercentEncoding` does, and its
/// trimming of header values as `trimmingCharacters(in: .whitespaces)` (which they replaced on the
/// handler's hot path): the same string, or `nil` for the same malformed input.
@Suite struct PercentDecodingTests {
    static let samples = [
        "", "abc", "a%20b", "%41%42c", "%e2%82%ac", "%E2%82%AC-%e2%82%ac", "%2F%2f", "%00", "x%7Ey", "é%20ü",
        "a+b", "a%2Bb+c", "%", "%2", "%zz", "%G0", "100%", "a%2", "%FF", "%C3%28", "%E2%82", "%EF%BB%BFx", "%20%EF%BB%BF", "\u{FEFF}y", "\u{FEFF}%20", "%EF%BB%BF%EF%BB%BFz", "%F0%9F%98%80",
    ]

    @Test(arguments: samples) func agreesWithFoundation(_ text: String) {
        #expect(PercentEncoding.decode(text[...]) == text.removingPercentEncoding)
        #expect(PercentEncoding.decode(text[...], plusIsSpace: true) == text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding)
    }

    @Test(arguments: ["", "abc", " a b ", "\t x\t", "   ", "\n x \n", "\u{00A0}x\u{3000}", "\u{2009}\u{301}y\u{202F}", "é ", " \u{1F600}"])
    func trimsHeaderTextAsFoundationDoes(_ text: String) {
        #expect(StyledSource.trimmingWhitespace(text[...]) == text.trimmingCharacters(in: .whitespaces))
    }

    /// And the client's encoding writes what `addingPercentEncoding(withAllowedCharacters:)` writes
    /// with the unreserved set, whether the text is one run of unreserved bytes, starts or ends with
    /// a byte to escape, or is all escapes.
    @Test(arguments: samples + ["a b", " ab", "ab ", "  ", "a/b?c#d", "-._~", "activities", "1234567", "a\u{0}b", "日本語", "x😀y"])
    func encodesAsFoundationDoes(_ text: String) {
        #expect(PercentEncoding.encode(text) == text.addingPercentEncoding(withAllowedCharacters: PercentEncoding.unreserved))
        var bytes: [UInt8] = Array("prefix=".utf8)
        PercentEncoding.append(text, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "prefix=" + (text.addingPercentEncoding(withAllowedCharacters: PercentEncoding.unreserved) ?? ""))
    }

    @Test func decodesASliceOfALargerString() {
        let path = "/files/a%2Fb%20c.json"
        let segment = path.split(separator: "/")[1]
        #expect(PercentEncoding.decode(segment) == "a/b c.json")
    }
}
