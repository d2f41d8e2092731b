import CPCRE2

/// One pattern compiled by PCRE2 (JIT-compiled when available), shared
/// read-only between threads. Match state never lives here: every match
/// borrows a ``MatchScratch``.
final class CompiledRegex: @unchecked Sendable {
    /// How a compiled pattern is used.
    enum Mode: Sendable, Hashable {
        /// The whole subject must match (`matches`).
        case whole
        /// Matches are searched anywhere (`split`, `replace`).
        case search
    }

    /// The pattern as the rules wrote it.
    let pattern: String
    /// The number of capturing groups.
    let captureCount: Int
    /// Group numbers by name.
    let groupNames: [String: Int]
    /// The compiled pattern.
    let code: OpaquePointer
    /// How the pattern was compiled.
    let mode: Mode
    /// For ``Mode/search``: `(?s:.)*(?:pattern)` anchored at the start, which
    /// the DFA matcher answers "is there a match at or after this offset" with
    /// in one linear pass (the pattern alone would be retried at every offset).
    let searchCode: OpaquePointer?
    /// For ``Mode/whole``: the pattern as plain bytes (and `.*`), when it is
    /// that simple; ``RulesRegex/matches(_:regex:)`` then compares bytes.
    let literal: LiteralPattern?

    /// RE2 semantics: UTF-8, `$` only at the very end unless `(?m)`, `(?m)^`
    /// also after a final newline, ASCII `\d \w \b` (no UCP), no `\C`.
    private static let baseOptions = UInt32(PCRE2_UTF) | UInt32(PCRE2_DOLLAR_ENDONLY)
        | UInt32(PCRE2_ALT_CIRCUMFLEX) | UInt32(PCRE2_NEVER_BACKSLASH_C)

    private init(
        pattern: String, mode: Mode, captureCount: Int, groupNames: [String: Int], code: OpaquePointer,
        searchCode: OpaquePointer?
    ) {
        self.pattern = pattern
        self.mode = mode
        self.searchCode = searchCode
        literal = mode == .whole ? LiteralPattern(pattern) : nil
        self.captureCount = captureCount
        self.groupNames = groupNames
        self.code = code
    }

    deinit {
        pcre2_code_free_8(code)
        if let searchCode { pcre2_code_free_8(searchCode) }
    }

    /// Validates `pattern` as RE2 and compiles it for `mode`.
    static func compile(_ pattern: String, mode: Mode) -> Result<CompiledRegex, RE2SyntaxError> {
        let translated: TranslatedPattern
        do {
            translated = try RE2Translator.translate(pattern)
        } catch {
            return .failure(error)
        }
        var options = baseOptions
        if mode == .whole {
            options |= UInt32(PCRE2_ANCHORED) | UInt32(PCRE2_ENDANCHORED)
        }
        let context = pcre2_compile_context_create_8(nil)
        defer { pcre2_compile_context_free_8(context) }
        pcre2_set_newline_8(context, UInt32(PCRE2_NEWLINE_LF))
        pcre2_set_parens_nest_limit_8(context, 1000)
        var errorCode: Int32 = 0
        guard let compiled = compileCode(translated.pcre2, options: options, context: context, errorCode: &errorCode) else {
            return .failure(RE2SyntaxError(text: errorMessage(errorCode)))
        }
        // Without JIT the interpreter still runs, under the same limits.
        _ = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE))
        let searchCode = mode == .search
            ? compileCode("(?s:.)*(?:\(translated.pcre2))", options: options | UInt32(PCRE2_ANCHORED), context: context, errorCode: &errorCode)
            : nil
        return .success(
            CompiledRegex(
                pattern: pattern, mode: mode, captureCount: translated.captureCount, groupNames: translated.groupNames,
                code: compiled, searchCode: searchCode))
    }

    private static func compileCode(
        _ text: String, options: UInt32, context: OpaquePointer?, errorCode: inout Int32
    ) -> OpaquePointer? {
        var errorOffset = 0
        let utf8 = Array(text.utf8)
        return utf8.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, context)
        }
    }

    /// PCRE2's text for an error code.
    static func errorMessage(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer { pointer in
            pcre2_get_error_message_8(code, pointer.baseAddress, pointer.count)
        }
        return length > 0 ? String(decoding: buffer.prefix(Int(length)), as: UTF8.self) : "error \(code)"
    }

    /// Finds the first match at or after `start` (a byte offset), returning
    /// the byte ranges of the whole match and of each group (`nil` when a
    /// group did not take part).
    ///
    /// Backtracking runs first; when it exceeds its limits the answer comes
    /// from the DFA matcher instead (see ``firstMatchWithoutBacktracking``),
    /// so a pattern answers as RE2 does rather than failing. `needsGroups`
    /// says whether the caller reads the groups (`split` does not).
    func firstMatch(
        in subject: UnsafeBufferPointer<UInt8>, from start: Int, needsGroups: Bool = true
    ) throws(EvalError) -> [Range<Int>?]? {
        let result = backtrackingMatch(in: subject, from: start, options: 0)
        switch result {
        case .found(let ranges): return ranges
        case .noMatch: return nil
        case .failed(let code) where Self.isLimit(code):
            return try firstMatchWithoutBacktracking(in: subject, from: start, needsGroups: needsGroups, limit: code)
        case .failed(let code): throw limitError(code)
        }
    }

    /// Whether there is a match at or after `start`, under the same limits
    /// and fallback as ``firstMatch(in:from:needsGroups:)``, without
    /// collecting the groups' ranges (so without allocating).
    func hasMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws(EvalError) -> Bool {
        switch backtrackingMatch(in: subject, from: start, options: 0, collectsRanges: false) {
        case .found: return true
        case .noMatch: return false
        case .failed(let code) where Self.isLimit(code):
            return try firstMatchWithoutBacktracking(in: subject, from: start, needsGroups: true, limit: code) != nil
        case .failed(let code): throw limitError(code)
        }
    }

    /// What one backtracking match attempt found.
    enum BacktrackingResult {
        case found([Range<Int>?])
        case noMatch
        case failed(Int32)
    }

    /// One backtracking attempt (JIT, then the interpreter when the JIT stack
    /// runs out). A match found without `collectsRanges` has no ranges.
    func backtrackingMatch(
        in subject: UnsafeBufferPointer<UInt8>, from start: Int, options: UInt32, collectsRanges: Bool = true
    ) -> BacktrackingResult {
        let scratch = MatchScratch.take(pairs: captureCount + 1)
        defer { MatchScratch.give(scratch) }
        let base = subject.baseAddress ?? MatchScratch.emptySubject
        let flags = UInt32(PCRE2_NO_UTF_CHECK) | options
        var result = pcre2_match_8(code, base, subject.count, start, flags, scratch.matchData, scratch.context)
        if result == PCRE2_ERROR_JIT_STACKLIMIT {
            // Long subjects can outgrow the JIT stack; the interpreter keeps
            // its backtracking frames on the heap, under the heap limit.
            result = pcre2_match_8(
                code, base, subject.count, start, flags | UInt32(PCRE2_NO_JIT), scratch.matchData, scratch.context)
        }
        if result == PCRE2_ERROR_NOMATCH { return .noMatch }
        guard result > 0 else { return .failed(result) }
        return .found(collectsRanges ? ranges(of: scratch, count: result) : [])
    }

    private func ranges(of scratch: MatchScratch, count result: Int32) -> [Range<Int>?] {
        guard let vector = pcre2_get_ovector_pointer_8(scratch.matchData) else { return [] }
        var ranges: [Range<Int>?] = []
        ranges.reserveCapacity(captureCount + 1)
        // PCRE2_UNSET (the largest size_t) reads as -1 through Swift's Int.
        let unset = Int(bitPattern: UInt.max)
        for group in 0...captureCount {
            let low = vector[2 * group]
            let high = vector[2 * group + 1]
            ranges.append(group < Int(result) && low != unset && low <= high ? low..<high : nil)
        }
        return ranges
    }

    /// Whether a match failed on one of the backtracking limits.
    static func isLimit(_ code: Int32) -> Bool {
        [PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT].contains(code)
    }

    func limitError(_ code: Int32) -> EvalError {
        switch code {
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            EvalError("Regular expression evaluation exceeded its limits. Pattern: \(pattern)")
        default:
            EvalError("Regular expression evaluation failed (\(Self.errorMessage(code))). Pattern: \(pattern)")
        }
    }
}
