// Hand-written: HTTPBin.endpoints.json names `Coordinates` without defining it in `models`, so the
// generated code refers to this type, as it would to any type of the module it is generated into.

/// A point on Earth, in degrees.
public struct Coordinates: Codable, Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
