import Foundation

/// Writes an `Encodable` value as JSON with the same bytes as the runtime's `JSONEncoder`s (keys
/// sorted by their UTF-8 bytes, dates in the API's ``DateFormat``, `Data` as Base64, a `Double` as
/// its shortest text without a trailing `.0`), but straight into a byte buffer: no tree of boxed
/// values, no dictionary per object. What it does not do the way `JSONEncoder` does (a value that
/// is not a number, a top-level value that encodes nothing, a container asked for after a value
/// was written, a container opened twice under one key, a 128-bit integer) is handed to `fallback`, so the result, or the error, is always `JSONEncoder`'s.
struct SortedJSONEncoder: Sendable {
    /// How dates are written.
    let dateFormat: DateFormat
    /// Whether `/` is written `\/` (`JSONEncoder` without `.withoutEscapingSlashes`).
    let escapesSlashes: Bool
    /// The `JSONEncoder` with the same settings, for what this one hands over.
    let fallback: JSONEncoder
    /// The key lists of the objects written so far, each with the order its keys are written in.
    let keyOrders = KeyOrders()
    /// Outputs of finished encodings, emptied, for the next ones: their byte buffers and the
    /// storage of their objects are reused rather than allocated for every answer.
    private let spareOutputs = Locked<[JSONOutput]>([])
    /// How many outputs are kept, and the largest byte buffer kept (a larger one is let go, so
    /// that one large answer does not hold its memory for good).
    static let spareOutputLimit = 4
    static let spareBufferLimit = 64 * 1024

    init(dateFormat: DateFormat, escapesSlashes: Bool, fallback: JSONEncoder) {
        self.dateFormat = dateFormat
        self.escapesSlashes = escapesSlashes
        self.fallback = fallback
    }

    func encode<T: Encodable>(_ value: T) throws -> Data {
        var output = spareOutputs.withLock { $0.popLast() }
            ?? JSONOutput(dateFormat: dateFormat, escapesSlashes: escapesSlashes, keyOrders: keyOrders)
        defer {
            // An `Encodable` that kept its encoder or a container still reaches this output, and
            // could write into it while another encoding uses it: such an output is not kept.
            if isKnownUniquelyReferenced(&output) { keepSpare(output) }
        }
        do {
            let root = JSONValueEncoder(output, parent: nil, key: nil)
            try root.encodeValue(value)
            try root.finishRoot()
            guard !output.unsupported, case let .value(range) = root.content else { throw JSONOutput.Unsupported() }
            return output.bytes.withUnsafeBufferPointer { Data(UnsafeBufferPointer(rebasing: $0[range])) }
        } catch is JSONOutput.Unsupported {
            return try fallback.encode(value)
        }
    }

    /// The encoder of `dateFormat`, made once when first used: with `/` as it is for a handler's
    /// answers, escaped (`\/`, `JSONEncoder`'s default) for a client's JSON bodies, so that either
    /// side writes what the `JSONEncoder` it replaced wrote.
    static func shared(_ dateFormat: DateFormat, escapesSlashes: Bool) -> SortedJSONEncoder {
        // Chosen by case rather than looked up in a dictionary, where a `DateFormat` hashed its raw
        // value (a string) for every encoding.
        switch (dateFormat, escapesSlashes) {
        case (.iso8601, true): return Shared.iso8601Escaping
        case (.iso8601, false): return Shared.iso8601
        case (.iso8601Fractional, true): return Shared.iso8601FractionalEscaping
        case (.iso8601Fractional, false): return Shared.iso8601Fractional
        case (.secondsSince1970, true): return Shared.secondsSince1970Escaping
        case (.secondsSince1970, false): return Shared.secondsSince1970
        case (.millisecondsSince1970, true): return Shared.millisecondsSince1970Escaping
        case (.millisecondsSince1970, false): return Shared.millisecondsSince1970
        case (.date, true): return Shared.dateEscaping
        case (.date, false): return Shared.date
        }
    }

    private enum Shared {
        static let iso8601 = make(.iso8601, escapesSlashes: false)
        static let iso8601Escaping = make(.iso8601, escapesSlashes: true)
        static let iso8601Fractional = make(.iso8601Fractional, escapesSlashes: false)
        static let iso8601FractionalEscaping = make(.iso8601Fractional, escapesSlashes: true)
        static let secondsSince1970 = make(.secondsSince1970, escapesSlashes: false)
        static let secondsSince1970Escaping = make(.secondsSince1970, escapesSlashes: true)
        static let millisecondsSince1970 = make(.millisecondsSince1970, escapesSlashes: false)
        static let millisecondsSince1970Escaping = make(.millisecondsSince1970, escapesSlashes: true)
        static let date = make(.date, escapesSlashes: false)
        static let dateEscaping = make(.date, escapesSlashes: true)

        static func make(_ dateFormat: DateFormat, escapesSlashes: Bool) -> SortedJSONEncoder {
            let fallback = dateFormat.makeJSONEncoder()
            if !escapesSlashes { fallback.outputFormatting.insert(.withoutEscapingSlashes) }
            return SortedJSONEncoder(dateFormat: dateFormat, escapesSlashes: escapesSlashes, fallback: fallback)
        }
    }

    /// How many outputs are kept for the next encodings (for tests).
    var spareOutputCount: Int { spareOutputs.withLock { $0.count } }

    /// Empties `output` and keeps it for the next encoding, unless enough are kept or its buffer grew large.
    private func keepSpare(_ output: JSONOutput) {
        guard output.bytes.capacity <= Self.spareBufferLimit else { return }
        output.reset()
        spareOutputs.withLock { spares in
            if spares.count < Self.spareOutputLimit { spares.append(output) }
        }
    }
}

/// The bytes of one encoding: values are written here as they are encoded; an object or an array
/// is written when the value holding it is done, from its members' byte ranges.
///
/// `@unchecked Sendable`: one encoding uses it at a time; between encodings ``SortedJSONEncoder``
/// keeps it under a lock, emptied.
final class JSONOutput: @unchecked Sendable {
    /// Thrown (and caught by ``SortedJSONEncoder``) for what `JSONEncoder` does differently.
    struct Unsupported: Error {}

    // Unchecked: only this encoding's own calls reach them, one at a time, and the checks cost a
    // fifth of the time.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    let dateFormat: DateFormat
    let escapesSlashes: Bool
    /// Set where a non-throwing call met something unsupported: the result is not used.
    @exclusivity(unchecked) var unsupported = false

    /// Orders of key lists already sorted (shared by the encodings of one encoder); `nil`: each object sorted.
    let keyOrders: KeyOrders?
    /// The storage of objects written already that nothing holds any more, emptied, for the next objects.
    @exclusivity(unchecked) private var spareObjects: [ObjectStorage] = []
    /// How many spare objects are kept, and the most members one kept may have had room for.
    static let spareObjectLimit = 16
    static let spareObjectCapacity = 64

    init(dateFormat: DateFormat, escapesSlashes: Bool, keyOrders: KeyOrders? = nil) {
        self.dateFormat = dateFormat
        self.escapesSlashes = escapesSlashes
        self.keyOrders = keyOrders
        bytes.reserveCapacity(512)
    }

    /// Empty again for another encoding: the buffer keeps its capacity, the spare objects stay.
    func reset() {
        bytes.removeAll(keepingCapacity: true)
        unsupported = false
    }

    /// How many spare objects are kept (for tests).
    var spareObjectCount: Int { spareObjects.count }

    /// Storage for a new object: a spare one when there is one.
    func makeObject() -> ObjectStorage {
        spareObjects.popLast() ?? ObjectStorage()
    }

    /// Keeps `object`, written already, for another object when nothing else holds it (a container
    /// still held by the code that encoded it keeps its own). A few are kept, of a model's size:
    /// an output kept between encodings does not hold on to the storage of one large answer.
    func recycle(_ object: inout ObjectStorage) {
        guard spareObjects.count < Self.spareObjectLimit, object.keys.capacity <= Self.spareObjectCapacity,
              isKnownUniquelyReferenced(&object) else { return }
        object.removeAll()
        spareObjects.append(object)
    }

    // MARK: Scalars

    func writeNull() -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        return start..<bytes.count
    }

    func write(_ value: Bool) -> Range<Int> {
        let start = bytes.count
        if value {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
        return start..<bytes.count
    }

    func write(_ value: Int64) -> Range<Int> {
        let start = bytes.count
        if value < 0 { bytes.append(0x2D) }
        writeDigits(value.magnitude)
        return start..<bytes.count
    }

    func write(_ value: UInt64) -> Range<Int> {
        let start = bytes.count
        writeDigits(value)
        return start..<bytes.count
    }

    private func writeDigits(_ value: UInt64) {
        if value < 10 {
            bytes.append(0x30 &+ UInt8(truncatingIfNeeded: value))
            return
        }
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                     UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            while rest > 0 {
                buffer[count] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// A number as `JSONEncoder` writes it: its `description` without a trailing `.0`.
    func write<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws -> Range<Int> {
        // `JSONEncoder` throws for these (or writes them as strings when told to): its call, not ours.
        guard value.isFinite else { throw Unsupported() }
        let start = bytes.count
        // A whole `Double` below 10^15 is its digits and `.0`, written without making the text.
        if F.self == Double.self, let whole = Self.wholeNumber(Double(value)) {
            if value.sign == .minus { bytes.append(0x2D) }
            writeDigits(whole)
            return start..<bytes.count
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
        return start..<bytes.count
    }

    /// The magnitude of a whole number below 10^15 (`-0.0` included, as 0), whose `description` is
    /// its digits, a `-` before them when negative, and `.0`; `nil` for other values.
    static func wholeNumber(_ value: Double) -> UInt64? {
        let magnitude = value.magnitude
        guard magnitude < 1e15, magnitude.rounded(.towardZero) == magnitude else { return nil }
        return UInt64(magnitude)
    }

    /// Text already valid as a JSON number (`Decimal`'s).
    func writeNumber(_ text: String) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        return start..<bytes.count
    }

    func write(_ value: String) -> Range<Int> {
        let start = bytes.count
        writeQuoted(value)
        return start..<bytes.count
    }

    /// `"text"`, escaped as `JSONEncoder` escapes: `"`, `\`, control characters (short forms where
    /// JSON has them, else `\u00xx` in lower-case hex) and, when asked, `/`.
    func writeQuoted(_ value: String) {
        bytes.append(0x22)
        var text = value
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                if byte >= 0x20, byte != 0x22, byte != 0x5C, byte != 0x2F || !escapesSlashes { continue }
                if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
                start = index + 1
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
                case 0x2F: bytes.append(contentsOf: [0x5C, 0x2F])
                case 0x08: bytes.append(contentsOf: [0x5C, 0x62])
                case 0x0C: bytes.append(contentsOf: [0x5C, 0x66])
                case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
                case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                }
            }
            if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...])) }
        }
        bytes.append(0x22)
    }

    /// A date as the API's ``DateFormat`` writes it in JSON, as `JSONEncoder`'s strategy does.
    func write(_ date: Date) throws -> Range<Int> {
        switch dateFormat {
        case .secondsSince1970: return try write(date.timeIntervalSince1970)
        case .millisecondsSince1970: return try write(1000.0 * date.timeIntervalSince1970)
        case .iso8601, .iso8601Fractional, .date:
            let start = bytes.count
            if !writeWholeSecondDate(date) { writeQuoted(dateFormat.string(from: date)) }
            return start..<bytes.count
        }
    }

    /// A date that `CalendarText` writes (a whole second from 1970 to 9999), quoted; `false`,
    /// writing nothing, for other dates, left to the format style.
    private func writeWholeSecondDate(_ date: Date) -> Bool {
        bytes.append(0x22)
        guard CalendarText.append(date, format: dateFormat, to: &bytes) else {
            bytes.removeLast()
            return false
        }
        bytes.append(0x22)
        return true
    }

    /// The values `JSONEncoder` writes itself rather than through their `encode(to:)`, and the
    /// plain ones (written the same either way) without an encoder of their own; `nil` for others.
    func writeKnown<T: Encodable>(_ value: T) throws -> Range<Int>? {
        let type = T.self
        if type == String.self { return write(unsafeBitCast(value, to: String.self)) }
        if type == Date.self { return try write(unsafeBitCast(value, to: Date.self)) }
        if type == Int.self { return write(Int64(unsafeBitCast(value, to: Int.self))) }
        if type == Int64.self { return write(unsafeBitCast(value, to: Int64.self)) }
        if type == Double.self { return try write(unsafeBitCast(value, to: Double.self)) }
        if type == Bool.self { return write(unsafeBitCast(value, to: Bool.self)) }
        if type == Int32.self { return write(Int64(unsafeBitCast(value, to: Int32.self))) }
        if type == Float.self { return try write(unsafeBitCast(value, to: Float.self)) }
        if type == Data.self { return write(unsafeBitCast(value, to: Data.self).base64EncodedString()) }
        if type == URL.self { return write(unsafeBitCast(value, to: URL.self).absoluteString) }
        if type == Decimal.self { return writeNumber(unsafeBitCast(value, to: Decimal.self).description) }
        return nil
    }

    // MARK: Containers

    /// Writes a finished object as `JSONEncoder`'s dictionary does: keys that are equal as
    /// strings are one member, spelled as first written, with the last value written; members
    /// sorted by their keys' UTF-8 bytes.
    func writeObject(_ object: ObjectStorage) throws -> Range<Int> {
        let keys = object.keys
        // Members still open are written now, in the order they were opened; the others are already.
        try object.members.finishOpen()
        var values = object.members.ranges
        // A model writes the same keys every time: sorted and written out once, then copied.
        if let known = keyOrders?.order(of: keys) { return writeObject(known, values: values) }
        let order = memberOrder(keys, values: &values)
        let start = bytes.count
        bytes.append(0x7B)
        for (position, index) in order.enumerated() {
            if position > 0 { bytes.append(0x2C) }
            writeQuoted(keys[index])
            bytes.append(0x3A)
            appendCopy(values[index])
        }
        bytes.append(0x7D)
        return start..<bytes.count
    }

    /// Writes an object whose keys were seen before, in their kept order with their keys already
    /// written out. The bytes are grown once to the object's size, then filled: braces, commas, the
    /// written keys, and copies of the values (written before the object, so never overlapping it).
    private func writeObject(_ known: KeyOrders.Entry, values: [Range<Int>]) -> Range<Int> {
        let start = bytes.count
        var size = 2 + known.written.count + max(known.order.count - 1, 0)
        for value in values { size += value.count }
        bytes.append(contentsOf: repeatElement(0, count: size))
        bytes.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress! // non-empty: it holds the braces
            var end = start
            base[end] = 0x7B
            end += 1
            known.written.withUnsafeBufferPointer { written in
                for (position, index) in known.order.enumerated() {
                    if position > 0 {
                        base[end] = 0x2C
                        end += 1
                    }
                    let key = known.keyRanges[position]
                    if let keyBytes = written.baseAddress {
                        (base + end).update(from: keyBytes + key.lowerBound, count: key.count)
                    }
                    end += key.count
                    let value = values[index]
                    (base + end).update(from: base + value.lowerBound, count: value.count)
                    end += value.count
                }
            }
            base[end] = 0x7D
        }
        return start..<bytes.count
    }

    /// The order an object's members are written in: by their keys' UTF-8 bytes, one member for
    /// keys that are equal as strings (its value the last written, in `values`). An order of
    /// distinct ASCII keys is kept for the next object with the same keys.
    private func memberOrder(_ keys: [String], values: inout [Range<Int>]) -> [Int] {
        // Where all keys are ASCII, equal strings are equal bytes: sorted with the order written as
        // the tie-break, a run of one key ends with its last value. Otherwise keys are merged first.
        guard let prefixes = Self.asciiPrefixes(keys) else { return mergedOrder(keys, values: &values) }
        // Compared by their first eight bytes, read once; the whole keys only where those are equal.
        func precedes(_ a: Int, _ b: Int) -> Bool {
            if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
            if keys[a] == keys[b] { return a < b }
            return keys[a].utf8.lexicographicallyPrecedes(keys[b].utf8)
        }
        var order = Array(keys.indices)
        if order.count <= 32 {
            // A model's few members: an insertion sort, without the general sort's buffers.
            for end in order.indices.dropFirst() {
                let index = order[end]
                var position = end
                while position > 0, precedes(index, order[position - 1]) {
                    order[position] = order[position - 1]
                    position -= 1
                }
                order[position] = index
            }
        } else {
            order.sort(by: precedes)
        }
        if zip(order, order.dropFirst()).contains(where: { keys[$0] == keys[$1] }) {
            return order.indices.compactMap { index in
                index + 1 < order.count && keys[order[index + 1]] == keys[order[index]] ? nil : order[index]
            }
        }
        // Distinct ASCII keys: their order depends on the keys alone, kept for the next object with them.
        keyOrders?.add(keys: keys, order: order, escapesSlashes: escapesSlashes)
        return order
    }

    /// ``memberOrder(_:values:)`` for keys not all ASCII: keys equal as strings merged first (the
    /// first spelling, the last value), then sorted by their UTF-8 bytes.
    private func mergedOrder(_ keys: [String], values: inout [Range<Int>]) -> [Int] {
        var first: [String: Int] = [:]
        var last: [Int: Int] = [:]
        var distinct: [Int] = []
        for index in keys.indices {
            if let spelled = first[keys[index]] {
                last[spelled] = index
            } else {
                first[keys[index]] = index
                distinct.append(index)
            }
        }
        distinct.sort { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
        for index in distinct { values[index] = values[last[index] ?? index] }
        return distinct
    }

    /// Each key's first eight UTF-8 bytes as a big-endian number (zeros after a shorter key), so
    /// that comparing two numbers compares those bytes; `nil` when a key is not all ASCII.
    private static func asciiPrefixes(_ keys: [String]) -> [UInt64]? {
        var prefixes: [UInt64] = []
        prefixes.reserveCapacity(keys.count)
        for key in keys {
            // A native string's bytes in place; a bridged one's through the view.
            let prefix = key.utf8.withContiguousStorageIfAvailable(Self.asciiPrefix) ?? Self.asciiPrefix(Array(key.utf8)[...])
            guard let prefix else { return nil }
            prefixes.append(prefix)
        }
        return prefixes
    }

    private static func asciiPrefix<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64? {
        var prefix: UInt64 = 0
        var count = 0
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            if count < 8 {
                prefix = prefix << 8 | UInt64(byte)
                count += 1
            }
        }
        return count == 0 ? 0 : prefix << (8 * UInt64(8 - count))
    }

    func writeArray(_ array: ArrayStorage) throws -> Range<Int> {
        try array.items.finishOpen()
        let ranges = array.items.ranges
        let start = bytes.count
        bytes.append(0x5B)
        for (index, range) in ranges.enumerated() {
            if index > 0 { bytes.append(0x2C) }
            appendCopy(range)
        }
        bytes.append(0x5D)
        return start..<bytes.count
    }

    /// Appends a copy of bytes written before.
    private func appendCopy(_ range: Range<Int>) {
        let count = range.count
        let end = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress! // non-empty: it holds `range`
            (base + end).update(from: base + range.lowerBound, count: count)
        }
    }

}

/// The order in which objects' keys are written, by key list: a model's `encode(to:)` writes the
/// same keys in the same order every time, which are then sorted (and written out) once rather
/// than for each object. Only lists of distinct ASCII keys are kept, whose order is that of the
/// keys alone; at most `capacity` of them, the oldest forgotten first.
final class KeyOrders: Sendable {
    /// A key list, the order its keys are written in (indices into `keys`), and each key written
    /// as `"key":` (in `written`, at `keyRanges[position]` for the key written at `position`).
    ///
    /// A class: an entry found for an object is one reference to retain, not four arrays.
    final class Entry: Sendable {
        let keys: [String]
        let order: [Int]
        let written: [UInt8]
        let keyRanges: [Range<Int>]

        init(keys: [String], order: [Int], written: [UInt8], keyRanges: [Range<Int>]) {
            self.keys = keys
            self.order = order
            self.written = written
            self.keyRanges = keyRanges
        }
    }

    static let capacity = 64

    private let entries = Locked<[Entry]>([])

    /// The entry of exactly these keys (the same strings in the same order), if there is one.
    func order(of keys: [String]) -> Entry? {
        entries.withLock { entries in entries.first { $0.keys == keys } }
    }

    /// Keeps `order` for `keys`, the keys written out as `"key":`, escaped as `JSONOutput` escapes them.
    func add(keys: [String], order: [Int], escapesSlashes: Bool) {
        let output = JSONOutput(dateFormat: .iso8601, escapesSlashes: escapesSlashes)
        var keyRanges: [Range<Int>] = []
        keyRanges.reserveCapacity(order.count)
        for index in order {
            let start = output.bytes.count
            output.writeQuoted(keys[index])
            output.bytes.append(0x3A)
            keyRanges.append(start..<output.bytes.count)
        }
        let entry = Entry(keys: keys, order: order, written: output.bytes, keyRanges: keyRanges)
        entries.withLock { entries in
            guard !entries.contains(where: { $0.keys == keys }) else { return }
            if entries.count >= Self.capacity { entries.removeFirst() }
            entries.append(entry)
        }
    }

    /// How many key lists are kept (for tests).
    var count: Int { entries.withLock { $0.count } }
}

/// The members of an object or the items of an array, in the order written: each one's bytes, and
/// the few still open (a nested container or super encoder, written when its holder is) apart, so
/// that the usual members, written already, are plain ranges: no enum with an object to retain and
/// release per member, and no second array of ranges made when the holder is written.
struct Members {
    /// Each member's bytes; a placeholder for one still open until ``finishOpen()``.
    var ranges: [Range<Int>] = []
    /// The members still open, by their index in `ranges`.
    var open: [(index: Int, encoder: JSONValueEncoder)] = []

    init(capacity: Int) { ranges.reserveCapacity(capacity) }

    var count: Int { ranges.count }

    mutating func add(_ range: Range<Int>) { ranges.append(range) }

    /// Empty, keeping the ranges' capacity.
    mutating func removeAll() {
        ranges.removeAll(keepingCapacity: true)
        open.removeAll()
    }

    mutating func add(_ encoder: JSONValueEncoder) {
        open.append((ranges.count, encoder))
        ranges.append(0..<0)
    }

    /// Writes the members still open, in the order they were opened, into their places.
    mutating func finishOpen() throws {
        guard !open.isEmpty else { return }
        for (index, encoder) in open { ranges[index] = try encoder.finish() }
        open.removeAll()
    }
}

final class ObjectStorage {
    // Unchecked, as `JSONOutput.bytes`: one encoding's calls reach them, one at a time.
    @exclusivity(unchecked) var keys: [String] = []
    @exclusivity(unchecked) var members = Members(capacity: 16)

    init() {
        // Room for a model's members without growing the arrays one step at a time.
        keys.reserveCapacity(16)
    }

    func add(_ key: String, _ range: Range<Int>) {
        keys.append(key)
        members.add(range)
    }

    func add(_ key: String, _ encoder: JSONValueEncoder) {
        keys.append(key)
        members.add(encoder)
    }

    /// Empty, keeping the arrays' capacity.
    func removeAll() {
        keys.removeAll(keepingCapacity: true)
        members.removeAll()
    }
}

final class ArrayStorage {
    @exclusivity(unchecked) var items = Members(capacity: 0)
}

/// The encoder of one value: what its `encode(to:)` is given.
final class JSONValueEncoder: Encoder, SingleValueEncodingContainer {
    enum Content {
        case none
        case value(Range<Int>)
        case object(ObjectStorage)
        case array(ArrayStorage)
    }

    let output: JSONOutput
    private let parent: JSONValueEncoder?
    private let key: (any CodingKey)?
    @exclusivity(unchecked) private(set) var content = Content.none

    init(_ output: JSONOutput, parent: JSONValueEncoder?, key: (any CodingKey)?) {
        self.output = output
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var current: JSONValueEncoder? = self
        while let encoder = current, let key = encoder.key {
            path.append(key)
            current = encoder.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Encodes `value` as this encoder's value.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if let range = try output.writeKnown(value) {
            set(range)
            return
        }
        try value.encode(to: self)
    }

    /// `value` encoded by an encoder of its own below this one (under `key`): its bytes.
    func encodeChild<T: Encodable>(_ value: T, key: any CodingKey) throws -> Range<Int> {
        if let range = try output.writeKnown(value) { return range }
        let child = JSONValueEncoder(output, parent: self, key: key)
        try value.encode(to: child)
        return try child.finish()
    }

    /// A child encoder left open (a nested container, a super encoder).
    func openChild(key: any CodingKey) -> JSONValueEncoder {
        JSONValueEncoder(output, parent: self, key: key)
    }

    /// This value's bytes; a value that encoded nothing is `{}`, as with `JSONEncoder`.
    func finish() throws -> Range<Int> {
        switch content {
        case .none:
            let start = output.bytes.count
            output.bytes.append(contentsOf: [0x7B, 0x7D])
            return start..<output.bytes.count
        case let .value(range): return range
        case var .object(object):
            let range = try output.writeObject(object)
            content = .value(range)
            output.recycle(&object)
            return range
        case let .array(array):
            let range = try output.writeArray(array)
            content = .value(range)
            return range
        }
    }

    private func set(_ range: Range<Int>) {
        // `JSONEncoder` stops the program for a second value: left to it.
        guard case .none = content else {
            output.unsupported = true
            return
        }
        content = .value(range)
    }

    /// The finished root: its containers written.
    func finishRoot() throws {
        guard case .none = content else {
            _ = try finish()
            return
        }
        throw JSONOutput.Unsupported() // `JSONEncoder` throws: nothing was encoded
    }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: ObjectStorage
        switch content {
        case let .object(existing): object = existing
        case .none:
            object = output.makeObject()
            content = .object(object)
        default:
            output.unsupported = true
            object = ObjectStorage()
        }
        // The generated models' key: a container written for it alone, whose calls need no generic
        // metadata for the key (its copies, its `stringValue`) at run time. Key is ModelKey here,
        // so the two container types are the same type.
        if Key.self == ModelKey.self {
            return unsafeBitCast(KeyedEncodingContainer(JSONModelKeyedContainer(encoder: self, object: object)),
                                 to: KeyedEncodingContainer<Key>.self)
        }
        return KeyedEncodingContainer(JSONKeyedContainer(encoder: self, object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: ArrayStorage
        switch content {
        case let .array(existing): array = existing
        case .none:
            array = ArrayStorage()
            content = .array(array)
        default:
            output.unsupported = true
            array = ArrayStorage()
        }
        return JSONUnkeyedContainer(encoder: self, array: array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: SingleValueEncodingContainer

    func encodeNil() throws { set(output.writeNull()) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws { throw JSONOutput.Unsupported() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws { throw JSONOutput.Unsupported() }
    func encode(_ value: Bool) throws { set(output.write(value)) }
    func encode(_ value: String) throws { set(output.write(value)) }
    func encode(_ value: Double) throws { set(try output.write(value)) }
    func encode(_ value: Float) throws { set(try output.write(value)) }
    func encode(_ value: Int) throws { set(output.write(Int64(value))) }
    func encode(_ value: Int8) throws { set(output.write(Int64(value))) }
    func encode(_ value: Int16) throws { set(output.write(Int64(value))) }
    func encode(_ value: Int32) throws { set(output.write(Int64(value))) }
    func encode(_ value: Int64) throws { set(output.write(value)) }
    func encode(_ value: UInt) throws { set(output.write(UInt64(value))) }
    func encode(_ value: UInt8) throws { set(output.write(UInt64(value))) }
    func encode(_ value: UInt16) throws { set(output.write(UInt64(value))) }
    func encode(_ value: UInt32) throws { set(output.write(UInt64(value))) }
    func encode(_ value: UInt64) throws { set(output.write(value)) }

    func encode<T: Encodable>(_ value: T) throws {
        guard case .none = content else {
            output.unsupported = true
            return
        }
        if let range = try output.writeKnown(value) {
            content = .value(range)
            return
        }
        // `JSONEncoder` encodes the value in place, with this encoder's coding path.
        let child = JSONValueEncoder(output, parent: parent, key: key)
        try value.encode(to: child)
        guard case .none = content else {
            output.unsupported = true
            return
        }
        content = .value(try child.finish())
    }
}

/// An index in an array, for coding paths.
private struct JSONIndexKey: CodingKey {
    let index: Int
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init(intValue: Int) { index = intValue }
}

/// The key of a super encoder.
private struct JSONSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

/// What a keyed container of this encoder does, for any key type: ``JSONKeyedContainer`` for
/// every key, ``JSONModelKeyedContainer`` for the generated models' `ModelKey`.
private protocol JSONKeyedWriter: KeyedEncodingContainerProtocol {
    var encoder: JSONValueEncoder { get }
    var object: ObjectStorage { get }
}

/// A container for any key type.
private struct JSONKeyedContainer<Key: CodingKey>: JSONKeyedWriter {
    let encoder: JSONValueEncoder
    let object: ObjectStorage
}

/// The container of the generated models' objects, not generic: its calls (one per member) read
/// the key's `stringValue` and copy the key without looking up generic metadata at run time.
///
/// The members a model writes most (strings, whole numbers, numbers, booleans, and values of
/// other types) have methods of its own here rather than ``JSONKeyedWriter``'s, and reach the output
/// without retaining and releasing it for each member.
private struct JSONModelKeyedContainer: JSONKeyedWriter {
    typealias Key = ModelKey
    let encoder: JSONValueEncoder
    let object: ObjectStorage
    /// `encoder.output`, which `encoder` keeps alive (and counted by ``SortedJSONEncoder``'s check
    /// whether anything still holds the output).
    unowned(unsafe) let output: JSONOutput

    init(encoder: JSONValueEncoder, object: ObjectStorage) {
        self.encoder = encoder
        self.object = object
        output = encoder.output
    }

    mutating func encode(_ value: String, forKey key: ModelKey) throws { object.add(key.stringValue, output.write(value)) }
    mutating func encode(_ value: Bool, forKey key: ModelKey) throws { object.add(key.stringValue, output.write(value)) }
    mutating func encode(_ value: Int, forKey key: ModelKey) throws { object.add(key.stringValue, output.write(Int64(value))) }
    mutating func encode(_ value: Int64, forKey key: ModelKey) throws { object.add(key.stringValue, output.write(value)) }
    mutating func encode(_ value: Double, forKey key: ModelKey) throws { object.add(key.stringValue, try output.write(value)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: ModelKey) throws {
        object.add(key.stringValue, try encoder.encodeChild(value, key: key))
    }
}

extension JSONKeyedWriter {
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func add(_ key: Key, _ range: Range<Int>) {
        object.add(key.stringValue, range)
    }

    mutating func encodeNil(forKey key: Key) throws { add(key, encoder.output.writeNull()) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key, encoder.output.write(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(key, encoder.output.write(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(key, try encoder.output.write(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key, try encoder.output.write(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key, encoder.output.write(Int64(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key, encoder.output.write(Int64(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key, encoder.output.write(Int64(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key, encoder.output.write(Int64(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key, encoder.output.write(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key, encoder.output.write(UInt64(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key, encoder.output.write(UInt64(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key, encoder.output.write(UInt64(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key, encoder.output.write(UInt64(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key, encoder.output.write(value)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        add(key, try encoder.encodeChild(value, key: key))
    }

    /// `JSONEncoder` merges a container opened again under a key into the first one; that is its to write.
    private func openChild(_ key: any CodingKey, named name: String) -> JSONValueEncoder {
        if object.keys.contains(name) { encoder.output.unsupported = true }
        let child = encoder.openChild(key: key)
        object.add(name, child)
        return child
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = openChild(key, named: key.stringValue)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = openChild(key, named: key.stringValue)
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        openChild(JSONSuperKey(), named: "super")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        openChild(key, named: key.stringValue)
    }

    // 128-bit integers are `JSONEncoder`'s to write.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { throw JSONOutput.Unsupported() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { throw JSONOutput.Unsupported() }
}

private struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONValueEncoder
    let array: ArrayStorage

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { array.items.count }

    private func add(_ range: Range<Int>) { array.items.add(range) }

    mutating func encodeNil() throws { add(encoder.output.writeNull()) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { throw JSONOutput.Unsupported() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { throw JSONOutput.Unsupported() }
    mutating func encode(_ value: Bool) throws { add(encoder.output.write(value)) }
    mutating func encode(_ value: String) throws { add(encoder.output.write(value)) }
    mutating func encode(_ value: Double) throws { add(try encoder.output.write(value)) }
    mutating func encode(_ value: Float) throws { add(try encoder.output.write(value)) }
    mutating func encode(_ value: Int) throws { add(encoder.output.write(Int64(value))) }
    mutating func encode(_ value: Int8) throws { add(encoder.output.write(Int64(value))) }
    mutating func encode(_ value: Int16) throws { add(encoder.output.write(Int64(value))) }
    mutating func encode(_ value: Int32) throws { add(encoder.output.write(Int64(value))) }
    mutating func encode(_ value: Int64) throws { add(encoder.output.write(value)) }
    mutating func encode(_ value: UInt) throws { add(encoder.output.write(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { add(encoder.output.write(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { add(encoder.output.write(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { add(encoder.output.write(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { add(encoder.output.write(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        add(try encoder.encodeChild(value, key: JSONIndexKey(array.items.count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.openChild(key: JSONIndexKey(array.items.count))
        array.items.add(child)
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = encoder.openChild(key: JSONIndexKey(array.items.count))
        array.items.add(child)
        return child.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = encoder.openChild(key: JSONIndexKey(array.items.count))
        array.items.add(child)
        return child
    }
}
