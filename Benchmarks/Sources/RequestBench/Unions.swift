import BenchAPI
import EndpointRuntime
import Foundation

/// The same discriminated union written by hand, as a careful developer would: read `type`, decode
/// the matching payload, keep nothing for an unknown value (`unknown`). Payloads are the generated
/// structs, so only the union's decoding differs.
enum HandFeedItem: Decodable, Equatable {
    case post(BenchAPI.PostItem)
    case photo(BenchAPI.PhotoItem)
    case link(BenchAPI.LinkItem)
    case unknown

    private enum Keys: String, CodingKey { case type }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "post": self = .post(try BenchAPI.PostItem(from: decoder))
        case "photo": self = .photo(try BenchAPI.PhotoItem(from: decoder))
        case "link": self = .link(try BenchAPI.LinkItem(from: decoder))
        default: self = .unknown
        }
    }

    /// Whether the generated union decoded the same thing.
    func matches(_ item: BenchAPI.FeedItem) -> Bool {
        switch (self, item) {
        case let (.post(a), .postItem(b)): return a == b
        case let (.photo(a), .photoItem(b)): return a == b
        case let (.link(a), .linkItem(b)): return a == b
        case (.unknown, .unknown): return true
        default: return false
        }
    }
}

/// About `megabytes` MB of a JSON array of feed items, a third of each kind.
func feedJSON(megabytes: Int) -> Data {
    var text = "["
    var index = 0
    while text.utf8.count < megabytes * 1_000_000 {
        if index > 0 { text += "," }
        switch index % 3 {
        case 0:
            text += #"{"type":"post","id":\#(index),"author":"user\#(index % 97)","text":"Post number \#(index) with some text to read","likes":\#(index % 311),"tags":["swift","bench","t\#(index % 7)"]}"#
        case 1:
            let caption = index % 2 == 0 ? #","caption":"A photo""# : ""
            text += #"{"type":"photo","id":\#(index),"author":"user\#(index % 89)","url":"https://img.example.com/\#(index).jpg","width":\#(640 + index % 50),"height":480\#(caption)}"#
        default:
            text += #"{"type":"link","id":\#(index),"author":"user\#(index % 83)","href":"https://example.com/a/\#(index)","title":"Link \#(index)","score":\#(index % 100).5}"#
        }
        index += 1
    }
    return Data((text + "]").utf8)
}

/// Decodes a 5 MB array of discriminated unions into the generated `FeedItem` and into the
/// hand-written enum, alternately in each round (a few rounds: each decode takes tens of ms),
/// and reports the median per-round ratio.
func benchmarkUnionDecoding(smoke: Bool) throws {
    let data = feedJSON(megabytes: smoke ? 1 : 5)
    let generated = try JSONDecoder().decode([BenchAPI.FeedItem].self, from: data)
    let hand = try JSONDecoder().decode([HandFeedItem].self, from: data)
    guard generated.count == hand.count, zip(hand, generated).allSatisfy({ $0.matches($1) }) else {
        FileHandle.standardError.write(Data("RequestBench: the generated union decoded something else\n".utf8))
        exit(1)
    }
    let rounds = smoke ? 3 : 11
    var ratios: [Double] = []
    var generatedTimes: [Double] = []
    var handTimes: [Double] = []
    func time(_ body: () throws -> Int) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        sink &+= try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start)
    }
    let decodeGenerated = { try JSONDecoder().decode([BenchAPI.FeedItem].self, from: data).count }
    let decodeHand = { try JSONDecoder().decode([HandFeedItem].self, from: data).count }
    _ = try time(decodeGenerated)
    _ = try time(decodeHand)
    for round in 0..<rounds {
        let g: Double
        let h: Double
        if round % 2 == 0 {
            g = try time(decodeGenerated)
            h = try time(decodeHand)
        } else {
            h = try time(decodeHand)
            g = try time(decodeGenerated)
        }
        generatedTimes.append(g)
        handTimes.append(h)
        ratios.append(g / h)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let megabytes = String(format: "%.1f", Double(data.count) / 1_000_000)
    report("decode \(megabytes) MB: \(generated.count) discriminated unions (generated oneOf vs hand-written enum)",
           Comparison(generated: median(generatedTimes), baseline: median(handTimes), ratio: median(ratios)),
           baselineName: "by hand", target: 1.0)
}
