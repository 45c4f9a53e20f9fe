/// A JSON value as read from a spec, with the place of every value and every object key, so each
/// diagnostic points at the exact character. Objects keep their keys in file order.
package struct JSONNode: Sendable, Hashable {
    package enum Value: Sendable, Hashable {
        case null
        case bool(Bool)
        /// The number's text exactly as written (`1`, `-2.5e3`), so nothing is lost to Double.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    package struct Member: Sendable, Hashable {
        package var key: String
        package var keyLocation: SourceLocation
        package var value: JSONNode

        package init(key: String, keyLocation: SourceLocation, value: JSONNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    package var value: Value
    package var location: SourceLocation

    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
