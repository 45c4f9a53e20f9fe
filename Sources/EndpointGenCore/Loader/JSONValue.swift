/// A JSON value as read from a spec, with the place of every value and every object key, so each
/// diagnostic points at the exact character. Objects keep their keys in file order.
public struct JSONNode: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        case null
        case bool(Bool)
        /// The number's text exactly as written (`1`, `-2.5e3`), so nothing is lost to Double.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    public struct Member: Sendable, Hashable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: JSONNode

        public init(key: String, keyLocation: SourceLocation, value: JSONNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
