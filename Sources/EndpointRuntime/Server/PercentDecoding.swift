import Foundation

extension PercentEncoding {
    /// `text` with each `%XX` replaced by its byte (and, with `plusIsSpace`, each `+` by a space),
    /// as `removingPercentEncoding` reads it: `nil` when a `%` is not followed by two hex digits or
    /// the bytes are not UTF-8; a leading byte order mark is dropped. Text without `%` (or `+`) and
    /// without a byte order mark is returned as it is. Written on the UTF-8 bytes, without Foundation.
    static func decode(_ text: Substring, plusIsSpace: Bool = false) -> String? {
        let utf8 = text.utf8
        guard utf8.starts(with: byteOrderMark) || utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            utf8.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "%"):
                guard index < utf8.endIndex, let high = hexValue(utf8[index]) else { return nil }
                utf8.formIndex(after: &index)
                guard index < utf8.endIndex, let low = hexValue(utf8[index]) else { return nil }
                utf8.formIndex(after: &index)
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        // Foundation drops a byte order mark the decoded bytes start with (sent as it is or encoded): so does this.
        let text = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            return String(validating: text, as: UTF8.self)
        }
        return String(bytes: text, encoding: .utf8)
    }

    /// U+FEFF in UTF-8.
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The value of a hex digit (either case).
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
