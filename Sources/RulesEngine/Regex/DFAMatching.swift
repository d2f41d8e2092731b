import CPCRE2

/// Answers without backtracking, for patterns whose backtracking search ran
/// past its limits. PCRE2's DFA matcher walks every alternative at once, as
/// RE2 does; it reports no groups, and at a start position it reports the
/// longest match. Its work grows with the number of states alive at once,
/// which nested repetition makes grow with the subject, so that number is
/// bounded too: `(a+)+$` is answered for subjects up to about 1,200 bytes,
/// so for every object name (at most 1,024 bytes); beyond that the limit
/// error stands.
extension CompiledRegex {
    /// The DFA matcher's workspace starts at this many ints and doubles up
    /// to ``dfaWorkspaceLimit`` while PCRE2 asks for more.
    static let dfaWorkspaceStart = 2_000
    /// The largest DFA workspace (ints) a match may use: enough for `(a+)+$`
    /// against the longest object name, about a second of work at most.
    static let dfaWorkspaceLimit = 16_000

    /// The first match at or after `start` when backtracking exceeded its
    /// limits (`limit` is that error code).
    ///
    /// * `matches` (``Mode/whole``, anchored at both ends): the DFA's yes or
    ///   no is the answer, in one linear pass.
    /// * `split` and `replace`: one linear DFA pass says whether any match
    ///   lies at or after `start` (the usual case for a runaway pattern is
    ///   that none does). When one does, anchored DFA passes from `start`
    ///   onward find where the leftmost match starts (the same position for
    ///   RE2's leftmost-first and the DFA's leftmost-longest semantics), and
    ///   backtracking anchored there gives RE2's match with its groups. Only
    ///   when that anchored attempt also runs past the limits does the DFA's
    ///   longest match at that position stand in, and only for a caller that
    ///   does not read groups (`split`) or a pattern without groups;
    ///   otherwise the limit error stands.
    func firstMatchWithoutBacktracking(
        in subject: UnsafeBufferPointer<UInt8>, from start: Int, needsGroups: Bool, limit: Int32
    ) throws(EvalError) -> [Range<Int>?]? {
        let noGroups = [Range<Int>?](repeating: nil, count: captureCount)
        guard mode == .search, let searchCode else {
            return try dfaLongestMatch(code, in: subject, from: start, anchored: false, limit: limit).map { [$0] + noGroups }
        }
        guard try dfaLongestMatch(searchCode, in: subject, from: start, anchored: false, limit: limit) != nil else { return nil }
        var position = start
        while position <= subject.count {
            if let longest = try dfaLongestMatch(code, in: subject, from: position, anchored: true, limit: limit) {
                switch backtrackingMatch(in: subject, from: position, options: UInt32(PCRE2_ANCHORED)) {
                case .found(let ranges): return ranges
                case .noMatch: return [longest] + noGroups
                case .failed(let code):
                    guard Self.isLimit(code), !needsGroups || captureCount == 0 else { throw limitError(code) }
                    return [longest] + noGroups
                }
            }
            position += 1
            while position < subject.count, subject[position] & 0xC0 == 0x80 { position += 1 }
        }
        return nil
    }

    /// The longest match of `code` starting at `start` (`anchored`) or at the
    /// first offset from `start` where one starts.
    private func dfaLongestMatch(
        _ code: OpaquePointer, in subject: UnsafeBufferPointer<UInt8>, from start: Int, anchored: Bool, limit: Int32
    ) throws(EvalError) -> Range<Int>? {
        let base = subject.baseAddress ?? MatchScratch.emptySubject
        let matchData = pcre2_match_data_create_8(2, nil)
        defer { pcre2_match_data_free_8(matchData) }
        let options = UInt32(PCRE2_NO_UTF_CHECK) | (anchored ? UInt32(PCRE2_ANCHORED) : 0)
        var size = Self.dfaWorkspaceStart
        while true {
            var workspace = [Int32](repeating: 0, count: size)
            let result = workspace.withUnsafeMutableBufferPointer { buffer in
                pcre2_dfa_match_8(code, base, subject.count, start, options, matchData, nil, buffer.baseAddress, buffer.count)
            }
            if result == PCRE2_ERROR_DFA_WSSIZE, size < Self.dfaWorkspaceLimit {
                size *= 2
                continue
            }
            if result == PCRE2_ERROR_NOMATCH { return nil }
            // 0 means more matches than ovector pairs; the first pair (the longest) is still set.
            guard result >= 0, let vector = pcre2_get_ovector_pointer_8(matchData) else { throw limitError(limit) }
            return vector[0]..<vector[1]
        }
    }
}
