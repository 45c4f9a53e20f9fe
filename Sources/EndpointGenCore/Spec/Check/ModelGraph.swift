// Rules about models that more than one validation step uses: the Swift name of a union's
// alternative, and the strongly connected components of a graph of models (cycles).
extension Validation {
    /// The Swift name of an alternative: `Cat` -> `cat`, `Int` -> `int`, `[Pet]` -> `petArray`,
    /// `[String: Int]` -> `intDictionary`, `JSON` -> `json`.
    static func alternativeName(_ type: TypeRef) -> String {
        switch type {
        case .builtin(let builtin): return Naming.lowerCamel(builtin.rawValue)
        case .json: return "json"
        case .file: return "file"
        case .void: return "void"
        case .model(let name, _): return Naming.lowerCamel(name)
        case .array(let element): return alternativeName(element) + "Array"
        case .dictionary(let value): return alternativeName(value) + "Dictionary"
        case .optional(let wrapped): return alternativeName(wrapped)
        }
    }

    /// The strongly connected component of each node of a graph given by its edges and reversed
    /// edges (Kosaraju's algorithm with explicit stacks: specs are user input, so no recursion).
    static func stronglyConnectedComponents(_ edges: [[Int]], reverse: [[Int]]) -> [Int] {
        // Pass 1: finishing order of a depth-first walk.
        var finished: [Int] = []
        var seen = Array(repeating: false, count: edges.count)
        for start in edges.indices where !seen[start] {
            seen[start] = true
            var stack = [(node: start, next: 0)]
            while let top = stack.last {
                if top.next < edges[top.node].count {
                    stack[stack.count - 1].next += 1
                    let to = edges[top.node][top.next]
                    if !seen[to] {
                        seen[to] = true
                        stack.append((to, 0))
                    }
                } else {
                    finished.append(top.node)
                    stack.removeLast()
                }
            }
        }
        // Pass 2: components, walking the reversed edges in reverse finishing order.
        var component = Array(repeating: -1, count: edges.count)
        var count = 0
        for start in finished.reversed() where component[start] == -1 {
            component[start] = count
            var stack = [start]
            while let node = stack.popLast() {
                for from in reverse[node] where component[from] == -1 {
                    component[from] = count
                    stack.append(from)
                }
            }
            count += 1
        }
        return component
    }
}
