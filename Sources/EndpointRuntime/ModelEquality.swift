/// What a generated model's `==` calls for each stored property: `lhs == rhs`, as one generic
/// function the compiler resolves at once.
///
/// A synthesized `==` compares each property with the `==` operator, and the compiler checks each
/// of those against every `==` in scope (Foundation declares hundreds); for a spec's models that
/// was a tenth of a debug build. Results are the same, and in an optimized build the call is
/// inlined.
///
/// ```swift
/// // In a generated model:
/// public static func == (lhs: Self, rhs: Self) -> Bool {
///     guard ModelEquality.same(lhs.id, rhs.id), ModelEquality.same(lhs.name, rhs.name) else { return false }
///     return true
/// }
/// ```
public enum ModelEquality {
    /// Whether `lhs` and `rhs` are equal by their type's `==`.
    @inlinable
    public static func same<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool {
        lhs == rhs
    }
}
