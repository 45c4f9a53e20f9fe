// Hand-written code beside the checked-in Generated/TodoAPI.swift.

extension Array where Element == Todo {
    /// The to-dos not done yet.
    public var open: [Todo] {
        filter { !$0.done }
    }
}
