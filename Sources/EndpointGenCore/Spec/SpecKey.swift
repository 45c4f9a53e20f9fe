// A plugin cannot import a library target, so Plugins/EndpointGenPlugin/SpecKey.swift is a
// symbolic link to this file (as PartRule.swift is): it must stay plain Swift with no imports.

/// A key of a spec object, as written: the one spelling the decoder reads (`fields[.baseURL]`), the
/// lists of `SpecKeys` name, the importer writes, and the build plugin counts by.
enum SpecKey: String, CaseIterable {
    /// `$schema` is an extension: it lets an editor find the JSON Schema; the generator ignores it.
    case schema = "$schema"
    case formatVersion, name, description, baseURL, headers, auth, dateFormat, errors, endpoints, groups, models
    case path, method, deprecated, parameters, body, response, timeout, sample, responses, pagination
    case type, `in`, `default`, style, explode, encoding, contentType, status, stream, end
    case parameter, next, items
    case properties, additionalProperties, `enum`, oneOf, anyOf, discriminator, property, mapping

    /// The key as written.
    var key: String { rawValue }
}
