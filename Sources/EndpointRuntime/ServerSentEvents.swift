import Foundation

/// One Server-Sent Event, as the
/// [HTML standard](https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation)
/// reads it off a `text/event-stream` body.
///
/// A stream whose element is `ServerSentEvent` yields the events as they are
/// (``ResponseDecoder/stream(_:)`` with ``StreamFormat/serverSentEvents(end:)``). It is `Codable`
/// too, as the members it has.
///
/// ```swift
/// for try await event in try await client.send(ChatAPI.events) {   // ResponseStream<ServerSentEvent>
///     print(event.event, event.data, event.id ?? "-")
/// }
/// ```
public struct ServerSentEvent: Sendable, Hashable, Codable {
    /// The event type: the last `event:` field, or `"message"` without one.
    public var event: String
    /// The `data:` fields joined with `"\n"`.
    public var data: String
    /// The last event ID the stream set (`id:` fields persist across events), if any.
    public var id: String?
    /// The reconnection time in milliseconds from a `retry:` field since the previous event.
    public var retry: Int?

    /// An event.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }

    /// The event as it is written on the wire, ending with a blank line (for stubs and test servers).
    ///
    /// ```swift
    /// ServerSentEvent(event: "update", data: "a\nb").text   // "event: update\ndata: a\ndata: b\n\n"
    /// ```
    public var text: String {
        var text = ""
        if event != "message" { text += "event: \(event)\n" }
        if let id { text += "id: \(id)\n" }
        if let retry { text += "retry: \(retry)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        return text + "\n"
    }
}

/// An event as the parser dispatches it: `data` still the parser's bytes, valid only during the
/// dispatch call, so an event costs no copy before it becomes text or JSON.
struct RawServerSentEvent {
    var event: String?
    var data: UnsafeBufferPointer<UInt8>
    var id: String?
    var retry: Int?

    var decoded: ServerSentEvent {
        ServerSentEvent(event: event ?? "message", data: String(decoding: data, as: UTF8.self), id: id, retry: retry)
    }
}

/// A malformed stream body: the reason, at an element the framing cannot read.
struct StreamFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    var reason: String
    /// A malformed stream body.
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}

/// The event stream interpretation of the HTML standard, fed bytes in chunks split anywhere.
///
/// Lines end with CR, LF or CRLF (a CRLF split between chunks is one line end); a BOM at the start
/// is skipped; `:` starts a comment; `data` fields are joined with LF; `event` sets the type; `id`
/// sets the last event ID unless it contains NUL; `retry` is read when it is all ASCII digits; other
/// fields are ignored; a blank line dispatches the event if it has data. At the end of the body an
/// event without its blank line is dropped, as the standard says.
struct ServerSentEventParser {
    /// The longest line or event kept: a stream that goes beyond it is malformed.
    static let limit = 16 << 20

    private var line: [UInt8] = []
    private var skipLineFeed = false
    private var firstLine = true
    private var data: [UInt8] = []
    /// The event's only `data` value so far, when it is still in the chunk being read: most events
    /// have one `data` line and end in the same chunk, and are then dispatched without a copy.
    /// Copied into `data` before `feed` returns.
    private var dataInChunk: UnsafeBufferPointer<UInt8>?
    private var hasData = false
    private var event: String?
    private var lastID: String?
    private var retry: Int?

    init() {}

    /// Reads `chunk`, calling `dispatch` for each complete event in it.
    mutating func feed(_ chunk: Data, _ dispatch: (RawServerSentEvent) throws -> Void) throws {
        try chunk.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = bytes.count
            var index = 0
            if skipLineFeed, count > 0 {
                skipLineFeed = false
                if bytes[0] == 0x0A { index = 1 }
            }
            guard let base = bytes.baseAddress else { return }
            defer { keepDataInChunk() }
            var start = index
            // Most streams have no CR at all: one look over the chunk spares a search on each line.
            let hasCarriageReturn = index < count && memchr(base + index, 0x0D, count - index) != nil
            while index < count {
                // The line ends at the first CR or LF: memchr finds each.
                let rest = count - index
                let lineFeed = memchr(base + index, 0x0A, rest).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? count
                let carriageReturn = hasCarriageReturn
                    ? memchr(base + index, 0x0D, lineFeed - index).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
                    : nil
                let end = carriageReturn ?? lineFeed
                guard end < count else { break }
                if line.isEmpty {
                    try process(UnsafeBufferPointer(rebasing: bytes[start..<end]), inChunk: true, dispatch)
                } else {
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    let whole = line
                    line.removeAll(keepingCapacity: true)
                    try whole.withUnsafeBufferPointer { try process($0, inChunk: false, dispatch) }
                }
                index = end + 1
                if carriageReturn != nil {
                    if index < count {
                        if bytes[index] == 0x0A { index += 1 }
                    } else {
                        skipLineFeed = true
                    }
                }
                start = index
            }
            if start < count {
                line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count]))
                if line.count > ServerSentEventParser.limit {
                    throw StreamFormatError("an event-stream line is longer than \(ServerSentEventParser.limit) bytes")
                }
            }
        }
    }

    /// Copies a `data` value still in the chunk into `data`, before the chunk goes away.
    private mutating func keepDataInChunk() {
        guard let value = dataInChunk else { return }
        dataInChunk = nil
        data.append(contentsOf: value)
    }

    /// Handles a line; `inChunk` when it lies in the chunk being read (its bytes stay valid until
    /// `feed` returns).
    private mutating func process(_ line: UnsafeBufferPointer<UInt8>, inChunk: Bool,
                                  _ dispatch: (RawServerSentEvent) throws -> Void) throws {
        var line = line
        if firstLine {
            firstLine = false
            if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
                line = UnsafeBufferPointer(rebasing: line[3...])
            }
        }
        guard let first = line.first else {
            if let value = dataInChunk {
                dataInChunk = nil
                try dispatch(RawServerSentEvent(event: event, data: value, id: lastID, retry: retry))
                retry = nil
            } else if hasData {
                let (event, lastID, retry) = (event, lastID, retry)
                try data.withUnsafeBufferPointer { try dispatch(RawServerSentEvent(event: event, data: $0, id: lastID, retry: retry)) }
                self.retry = nil
            }
            if !data.isEmpty { data.removeAll(keepingCapacity: true) }
            hasData = false
            event = nil
            return
        }
        if first == 0x3A { return }  // ":" comment
        var nameEnd = line.count
        var valueStart = line.count
        if let colon = line.firstIndex(of: 0x3A) {
            nameEnd = colon
            valueStart = colon + 1
            if valueStart < line.count, line[valueStart] == 0x20 { valueStart += 1 }
        }
        let value = UnsafeBufferPointer(rebasing: line[valueStart...])
        switch nameEnd {
        case 4 where line[0] == 0x64 && line[1] == 0x61 && line[2] == 0x74 && line[3] == 0x61:  // data
            if !hasData, inChunk {
                if value.count > ServerSentEventParser.limit {
                    throw StreamFormatError("an event's data is longer than \(ServerSentEventParser.limit) bytes")
                }
                dataInChunk = value
                hasData = true
                return
            }
            keepDataInChunk()
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
            if data.count > ServerSentEventParser.limit {
                throw StreamFormatError("an event's data is longer than \(ServerSentEventParser.limit) bytes")
            }
        case 5 where Self.name(line, is: "event"):
            event = String(decoding: value, as: UTF8.self)
        case 2 where line[0] == 0x69 && line[1] == 0x64:  // id
            if !value.contains(0) { lastID = String(decoding: value, as: UTF8.self) }
        case 5 where Self.name(line, is: "retry"):
            if !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), value.count <= 18 {
                retry = Int(String(decoding: value, as: UTF8.self))
            }
        default:
            break
        }
    }

    private static func name(_ line: UnsafeBufferPointer<UInt8>, is name: StaticString) -> Bool {
        name.withUTF8Buffer { wanted in
            wanted.count <= line.count && zip(wanted, line).allSatisfy { $0 == $1 }
        }
    }
}
