/// Regular expressions of the rules language: RE2 syntax and meaning, run by
/// PCRE2. This is the only place that decides what a pattern means, how
/// `matches` anchors, and how `split` and `replace` walk their matches.
///
/// Patterns are cached after their first use. Backtracking is bounded, and a
/// pattern that runs past the bound is answered by PCRE2's DFA matcher,
/// which like RE2 runs in linear time, so a verdict never depends on how
/// much backtracking a pattern needs.
public enum RulesRegex {
    /// `nil` when `pattern` is a valid RE2 pattern; otherwise why it is not.
    /// The checker uses it to reject constant patterns at compile time.
    public static func validate(_ pattern: String) -> String? {
        switch RegexCache.regex(pattern, mode: .search) {
        case .success: nil
        case .failure(let error): error.text
        }
    }

    /// Why a constant pattern is rejected, split by kind: a Perl construct
    /// RE2 does not support at all (lookaround, backreferences, other `(?`
    /// groups) versus a pattern that is merely malformed. The translator
    /// marks the difference where it finds it; RE2 reports possessive `a*+`
    /// exactly like the malformed `a**`, so that counts as malformed.
    public enum Rejection: Sendable, Hashable {
        /// A Perl feature RE2 lacks (lookaround, backreferences).
        case unsupported(String)
        /// A malformed pattern, such as an unclosed group.
        case malformed(String)
    }

    /// `nil` for a valid pattern, otherwise the kind of rejection and why.
    public static func rejection(of pattern: String) -> Rejection? {
        switch RegexCache.regex(pattern, mode: .search) {
        case .success: nil
        case .failure(let error): error.isUnsupportedConstruct ? .unsupported(error.text) : .malformed(error.text)
        }
    }

    /// Whether `pattern` repeats a group whose body repeats too (`(a+)+`):
    /// slow on backtracking engines, so `check` warns about it.
    public static func hasNestedQuantifiers(_ pattern: String) -> Bool {
        NestedQuantifiers.found(in: pattern)
    }

    /// Whether the whole of `subject` matches `pattern` (`'hello world'.matches('world')` is false).
    public static func matches(_ subject: String, pattern: String) throws(EvalError) -> Bool {
        try matches(subject, regex: try RegexCache.regexOrThrow(pattern, mode: .whole))
    }

    /// The compiled form of a valid pattern for ``matches(_:regex:)``, or
    /// `nil` when the pattern is invalid.
    static func wholeMatchRegex(_ pattern: String) -> CompiledRegex? {
        try? RegexCache.regex(pattern, mode: .whole).get()
    }

    /// `matches` with a pattern compiled beforehand by ``wholeMatchRegex(_:)``.
    static func matches(_ subject: String, regex: CompiledRegex) throws(EvalError) -> Bool {
        try withBytes(subject) { bytes throws(EvalError) in
            if let literal = regex.literal { return literal.matches(bytes) }
            return try regex.hasMatch(in: bytes, from: 0)
        }
    }

    /// Splits `subject` around the matches of `pattern` the way Java's
    /// `String.split(regex)` does: trailing empty pieces are dropped, and a
    /// zero-width match at the very start yields no leading empty piece.
    public static func split(_ subject: String, pattern: String) throws(EvalError) -> [String] {
        let regex = try RegexCache.regexOrThrow(pattern, mode: .search)
        return try withBytes(subject) { bytes throws(EvalError) in
            var pieces: [String] = []
            var pieceStart = 0
            try forEachMatch(of: regex, in: bytes, needsGroups: false) { groups throws(EvalError) in
                guard let whole = groups[0] else { return }
                if pieceStart == 0 && whole.lowerBound == 0 && whole.isEmpty { return }
                pieces.append(text(bytes, pieceStart..<whole.lowerBound))
                pieceStart = whole.upperBound
            }
            if pieceStart == 0 { return [subject] }
            pieces.append(text(bytes, pieceStart..<bytes.count))
            while let last = pieces.last, last.isEmpty {
                pieces.removeLast()
            }
            return pieces
        }
    }

    /// Replaces every match of `pattern` in `subject` with `replacement`, a
    /// Java `Matcher` template (`$1`, `${name}`, `\$`, `\\`). After an empty
    /// match the search moves on one code point (`'abc'.replace('', '-') == '-a-b-c-'`).
    /// The template is only read when something matches, as in Java.
    public static func replace(_ subject: String, pattern: String, replacement: String) throws(EvalError) -> String {
        let regex = try RegexCache.regexOrThrow(pattern, mode: .search)
        return try withBytes(subject) { bytes throws(EvalError) in
            var template: [ReplacementTemplate.Part]?
            var output: [UInt8] = []
            var copied = 0
            try forEachMatch(of: regex, in: bytes) { groups throws(EvalError) in
                guard let whole = groups[0] else { return }
                let parts: [ReplacementTemplate.Part]
                if let template {
                    parts = template
                } else {
                    parts = try ReplacementTemplate.parse(replacement, for: regex)
                    template = parts
                }
                output.append(contentsOf: bytes[copied..<whole.lowerBound])
                for part in parts {
                    switch part {
                    case .literal(let literal): output.append(contentsOf: literal)
                    case .group(let number):
                        if let range = groups[number] { output.append(contentsOf: bytes[range]) }
                    }
                }
                copied = whole.upperBound
            }
            if template == nil { return subject }
            output.append(contentsOf: bytes[copied..<bytes.count])
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Java's `Matcher.find` loop: the next search starts where the last
    /// match ended, or one code point later when that match was empty.
    private static func forEachMatch(
        of regex: CompiledRegex, in bytes: UnsafeBufferPointer<UInt8>, needsGroups: Bool = true,
        _ body: ([Range<Int>?]) throws(EvalError) -> Void
    ) throws(EvalError) {
        var from = 0
        while from <= bytes.count, let groups = try regex.firstMatch(in: bytes, from: from, needsGroups: needsGroups),
            let whole = groups[0] {
            try body(groups)
            if whole.isEmpty {
                guard whole.upperBound < bytes.count else { return }
                from = whole.upperBound + 1
                while from < bytes.count, bytes[from] & 0xC0 == 0x80 {
                    from += 1
                }
            } else {
                from = whole.upperBound
            }
        }
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Runs `body` over the UTF-8 bytes of `text`, keeping the typed error.
    private static func withBytes<T>(
        _ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(EvalError) -> T
    ) throws(EvalError) -> T {
        var text = text
        let result: Result<T, EvalError> = text.withUTF8 { bytes in
            do throws(EvalError) {
                return .success(try body(bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
