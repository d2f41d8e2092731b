/// Frees the nodes of a large suite's `cases` over the cores.
///
/// Once its cases are loaded, a suite's YAML tree is freed: the run reuses
/// its memory (fewer page faults than fresh memory would cost). Freed as a
/// whole, the tree of 10,000 cases took one core about 5 ms, while the
/// other waited for the run to begin. Here the list of case nodes is held
/// apart when the rest of the tree goes, and its parts are freed in
/// parallel, each node replaced by one that holds no memory.
enum YAMLTeardown {
    /// Fewest nodes worth handing to another thread.
    static let nodesPerPart = 512

    /// Frees `nodes` in parts over the cores when there are enough of them;
    /// `nodes` should hold the last reference to its elements (otherwise its
    /// copy is freed, and the elements live on with their other holders).
    static func release(_ nodes: consuming [YAMLNode]) {
        var nodes = nodes
        let parts = ParallelParts.count(of: nodes.count, atLeast: nodesPerPart)
        guard parts > 1 else { return }
        nodes.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            ParallelParts.forEach(parts) { part in
                let range = buffer.count * part / parts..<buffer.count * (part + 1) / parts
                for index in range { buffer[index] = .alias(YAMLNode.Mark(line: 0, column: 0)) }
            }
        }
    }
}
