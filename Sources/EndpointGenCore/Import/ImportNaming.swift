// The importer's view of naming: the generator's own conversions (so collisions found here are the
// ones the Validator would find), and the type names an imported model must not take.

enum ImportNaming {
    static func lowerCamel(_ key: String) -> String { Naming.lowerCamel(key) }
    static func upperCamel(_ key: String) -> String { Naming.upperCamel(key) }

    /// Names a model would shadow or be shadowed by (the generator's one table).
    static let reservedTypeNames: Set<String> = ReservedNames.typeNames

    /// Names a group must not take (the generator's one table): runtime types are allowed, the
    /// generator qualifies a runtime name that a type of the file shadows (`EndpointRuntime.Auth`).
    static let reservedGroupNames: Set<String> = ReservedNames.groupTypeNames
}
