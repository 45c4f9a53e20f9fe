// Hand-written code beside the checked-in Generated/TodoAPI.swift.

extension Array where Element == TodoAPI.Todo {
    /// The to-dos not done yet.
    public var open: [TodoAPI.Todo] {
        filter { !$0.done }
    }
}
