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
    private let code: OpaquePointer

    /// RE2 semantics: UTF-8, `$` only at the very end unless `(?m)`, `(?m)^`
    /// also after a final newline, ASCII `\d \w \b` (no UCP), no `\C`.
    private static let baseOptions = UInt32(PCRE2_UTF) | UInt32(PCRE2_DOLLAR_ENDONLY)
        | UInt32(PCRE2_ALT_CIRCUMFLEX) | UInt32(PCRE2_NEVER_BACKSLASH_C)

    private init(pattern: String, captureCount: Int, groupNames: [String: Int], code: OpaquePointer) {
        self.pattern = pattern
        self.captureCount = captureCount
        self.groupNames = groupNames
        self.code = code
    }

    deinit {
        pcre2_code_free_8(code)
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
        var errorOffset = 0
        let utf8 = Array(translated.pcre2.utf8)
        let compiled = utf8.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, context)
        }
        guard let compiled else {
            return .failure(RE2SyntaxError(text: errorMessage(errorCode)))
        }
        // Without JIT the interpreter still runs, under the same limits.
        _ = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE))
        return .success(
            CompiledRegex(
                pattern: pattern, captureCount: translated.captureCount, groupNames: translated.groupNames,
                code: compiled))
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
    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws(EvalError) -> [Range<Int>?]? {
        let scratch = MatchScratch.take(pairs: captureCount + 1)
        defer { MatchScratch.give(scratch) }
        let base = subject.baseAddress ?? MatchScratch.emptySubject
        var result = pcre2_match_8(
            code, base, subject.count, start, UInt32(PCRE2_NO_UTF_CHECK), scratch.matchData, scratch.context)
        if result == PCRE2_ERROR_JIT_STACKLIMIT {
            // Long subjects can outgrow the JIT stack; the interpreter keeps
            // its backtracking frames on the heap, under the heap limit.
            result = pcre2_match_8(
                code, base, subject.count, start, UInt32(PCRE2_NO_UTF_CHECK) | UInt32(PCRE2_NO_JIT),
                scratch.matchData, scratch.context)
        }
        if result == PCRE2_ERROR_NOMATCH { return nil }
        guard result > 0 else {
            throw limitError(result)
        }
        let vector = pcre2_get_ovector_pointer_8(scratch.matchData)!
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

    private func limitError(_ code: Int32) -> EvalError {
        switch code {
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            EvalError("Regular expression evaluation exceeded its limits. Pattern: \(pattern)")
        default:
            EvalError("Regular expression evaluation failed (\(Self.errorMessage(code))). Pattern: \(pattern)")
        }
    }
}
