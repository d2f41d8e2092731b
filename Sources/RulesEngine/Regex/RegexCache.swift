import Synchronization

/// Compiled patterns by text and mode, so each distinct pattern is validated
/// and compiled once per process. Rejections are cached too.
enum RegexCache {
    private struct Key: Hashable {
        var pattern: String
        var mode: CompiledRegex.Mode
    }

    /// Past this many entries the cache starts over (rulesets use few patterns;
    /// the bound only stops patterns built from request data from growing it).
    static let capacity = 1024

    private static let entries = Mutex<[Key: Result<CompiledRegex, RE2SyntaxError>]>([:])

    /// The compiled pattern, compiling it on first use.
    static func regex(_ pattern: String, mode: CompiledRegex.Mode) -> Result<CompiledRegex, RE2SyntaxError> {
        let key = Key(pattern: pattern, mode: mode)
        if let cached = entries.withLock({ $0[key] }) {
            return cached
        }
        // Compiled outside the lock; a race only compiles twice, and the first stored wins.
        let compiled = CompiledRegex.compile(pattern, mode: mode)
        return entries.withLock { table in
            if let existing = table[key] { return existing }
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = compiled
            return compiled
        }
    }

    /// The compiled pattern, or the rules language's invalid-pattern error.
    static func regexOrThrow(_ pattern: String, mode: CompiledRegex.Mode) throws(EvalError) -> CompiledRegex {
        switch regex(pattern, mode: mode) {
        case .success(let regex): return regex
        case .failure: throw EvalError.invalidRegex(pattern)
        }
    }
}
