// What counts as an endpoint: the one rule, used by the resolved spec (`Spec.Group.endpointCount`,
// which `generate` reports and the part count takes), by the checker (a level's own endpoints, for
// the most cases one level's `Call` enum may have) and by the build plugin, which counts a spec's
// JSON before anything is generated. A plugin cannot import a library target, so
// Plugins/EndpointGenPlugin/EndpointCount.swift is a symbolic link to this file (as PartRule.swift
// is): it must stay plain Swift with no imports (it names `SpecKey`, linked there too).

/// An endpoint is an entry of a level's `endpoints` whose value is an object (anything else is an
/// error the checker reports, and no endpoint); a level's count takes in the groups under it.
enum EndpointCount {
    /// A level's own endpoints among its `endpoints` entries.
    static func own<Entries: Sequence>(_ entries: Entries, isObject: (Entries.Element) -> Bool) -> Int {
        entries.reduce(0) { $0 + (isObject($1) ? 1 : 0) }
    }

    /// The endpoints of `level` and of every group in it, at any depth: `own` counts a level's own
    /// endpoints, `groups` gives the groups it holds.
    static func total<Level>(_ level: Level, own: (Level) -> Int, groups: (Level) -> [Level]) -> Int {
        var count = 0
        var pending = [level]
        while let next = pending.popLast() {
            count += own(next)
            pending += groups(next)
        }
        return count
    }

    /// The endpoints of a spec, or of a group, as `JSONSerialization` reads it: objects are
    /// `[String: Any]`, and a group that is not an object holds nothing.
    static func total(json level: [String: Any]) -> Int {
        total(level, own: { level in
            guard let endpoints = level[SpecKey.endpoints.key] as? [String: Any] else { return 0 }
            return own(endpoints.values, isObject: { $0 is [String: Any] })
        }, groups: { level in
            (level[SpecKey.groups.key] as? [String: Any])?.values.compactMap { $0 as? [String: Any] } ?? []
        })
    }
}
