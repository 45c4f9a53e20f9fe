// Hand-written: HTTPBin.endpoints.json names `Coordinates` without defining it in `models`, so the
// generated code refers to this type, as it would to any type of the module it is generated into.
// `nonisolated`, like the generated types: in a target whose default isolation is the main actor
// (scripts/test-targets.sh builds one) its conformances must be usable from any context.

/// A point on Earth, in degrees.
public nonisolated struct Coordinates: Codable, Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
