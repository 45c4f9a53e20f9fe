// How values of the resolved spec map to names of EndpointRuntime: the translator's part of
// RuntimeNames (Naming/RuntimeNames.swift), which knows nothing of the spec.
extension RuntimeNames {
    /// `DateFormat` cases, by the spec's date format.
    static func dateFormat(_ format: DateFormat) -> String {
        switch format {
        case .iso8601: return "iso8601"
        case .iso8601Fractional: return "iso8601Fractional"
        case .secondsSince1970: return "secondsSince1970"
        case .millisecondsSince1970: return "millisecondsSince1970"
        case .date: return "date"
        }
    }
}
