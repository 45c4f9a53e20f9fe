// Rules of version 2's response keys that the checker and the importer share.

extension Validation {
    /// The header types a response header may have: single values that parse from header text.
    static let responseHeaderTypes: [TypeRef.Builtin] = [.string, .int, .int32, .int64, .double, .float, .bool, .date, .uuid, .url]
}
