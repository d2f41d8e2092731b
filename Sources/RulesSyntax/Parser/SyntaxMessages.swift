/// Every diagnostic the lexer and parser produce: ids, wording and help, in
/// one place.
///
/// Where Firebase's compiler has a known message (spec §5.2) it is used
/// verbatim (`Unexpected '<token>'.`, `mismatched input ... expecting ...`,
/// `missing ';' at 'return'`, ...). Messages of our own are lowercase, quote
/// user input in backticks and have no trailing period.
enum SyntaxMessages {
    /// The method names an `allow` statement accepts, for messages.
    static let methodList = RuleMethod.allCases.map(\.rawValue).joined(separator: ", ")
    /// The type names `is` accepts, for messages.
    static let typeList = TypeName.allCases.map(\.rawValue).joined(separator: ", ")

    // MARK: Lexical

    static func unterminatedString(_ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.unterminated-string", "unterminated string literal", at: range,
            help: "close the string on the same line; use `\\n` for a line break")
    }

    static func invalidEscape(_ text: String, _ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.invalid-escape", "invalid escape sequence `\(text)`", at: range,
            help: "write `\\\\` for a literal backslash (for example `'.*\\\\.txt'` in a regular expression)")
    }

    static func loneSurrogate(_ text: String, _ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.invalid-escape", "`\(text)` is a lone UTF-16 surrogate", at: range,
            help: "a high surrogate `\\uD800`-`\\uDBFF` must be followed directly by a low surrogate `\\uDC00`-`\\uDFFF`")
    }

    static func unterminatedComment(_ range: SourceRange) -> Diagnostic {
        .error("syntax.unterminated-comment", "unterminated block comment", at: range, help: "close it with `*/`")
    }

    static func invalidNumber(_ text: String, _ range: SourceRange) -> Diagnostic {
        .error("syntax.invalid-number", "invalid number literal `\(text)`", at: range)
    }

    static func floatOutOfRange(_ text: String, _ range: SourceRange) -> Diagnostic {
        .error("syntax.invalid-number", "float literal `\(text)` is out of range", at: range)
    }

    static func integerOverflow(_ text: String, _ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.integer-overflow", "integer literal `\(text)` does not fit in a 64-bit signed integer", at: range,
            help: "integers range from -9223372036854775808 to 9223372036854775807")
    }

    // MARK: Generic syntax (Firebase wording)

    static func unexpected(_ token: String, _ range: SourceRange, help: String? = nil) -> Diagnostic {
        .error("syntax.unexpected-token", "Unexpected '\(token)'.", at: range, help: help)
    }

    static func controlCharacter(_ byte: UInt8, _ range: SourceRange) -> Diagnostic {
        let names: [UInt8: String] = [0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x1B: "ESC", 0x7F: "DEL"]
        let code = String(byte, radix: 16, uppercase: true)
        let name = names[byte].map { " (\($0))" } ?? ""
        return .error(
            "syntax.invalid-character",
            "invalid character U+\(String(repeating: "0", count: 4 - code.count))\(code)\(name): control characters are not allowed in rules",
            at: range)
    }

    static func mismatched(_ token: String, expecting: String, _ range: SourceRange, help: String? = nil) -> Diagnostic {
        .error("syntax.unexpected-token", "mismatched input '\(token)' expecting \(expecting)", at: range, help: help)
    }

    static func missingSemicolon(at token: String, _ range: SourceRange) -> Diagnostic {
        .error("syntax.missing-semicolon", "missing ';' at '\(token)'", at: range)
    }

    static func bareMatchAtTopLevel(_ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.unexpected-token", "mismatched input 'match' expecting {'function', 'service', 'syntax'}",
            at: range, help: "put match blocks inside `service firebase.storage { ... }`")
    }

    static func unexpectedImport(_ range: SourceRange) -> Diagnostic {
        unexpected("import", range, help: "imports are not supported: a ruleset is a single file")
    }

    static func letOutsideFunction(_ range: SourceRange) -> Diagnostic {
        unexpected("let", range, help: "`let` is only allowed inside a function body, before `return`")
    }

    // MARK: File structure

    static func invalidVersion(_ text: String, _ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.invalid-version", "unsupported rules_version \(text)", at: range,
            help: "write `rules_version = '2';`")
    }

    static func misplacedVersion(_ range: SourceRange) -> Diagnostic {
        .error("syntax.misplaced-version", "`rules_version` must be the first statement of the file", at: range)
    }

    static func missingService(_ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.missing-service", "missing `service` block", at: range,
            help: "wrap the rules in `service firebase.storage { ... }`")
    }

    static func repeatedVersion(_ range: SourceRange) -> Diagnostic {
        .warning("syntax.repeated-version", "`rules_version` is declared again; only the first statement counts", at: range)
    }

    static func conflictingVersion(_ range: SourceRange) -> Diagnostic {
        .error("syntax.conflicting-version", "`rules_version` is declared again with a different value", at: range)
    }

    static func extraService(_ name: String, _ range: SourceRange) -> Diagnostic {
        .warning(
            "syntax.extra-service", "this file has more than one `service` block; `\(name)` is ignored", at: range,
            help: "keep one `service firebase.storage { ... }` block per file")
    }

    static func emptyMatch(_ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.empty-match", "a match block must contain at least one `allow`, `match` or `function`", at: range,
            help: "add an `allow` statement or remove the block")
    }

    static func matchTooDeep(limit: Int, _ range: SourceRange) -> Diagnostic {
        .error("syntax.nesting-too-deep", "match blocks are nested more than \(limit) levels deep", at: range)
    }

    // MARK: Match paths

    static func missingMatchKeyword(_ range: SourceRange) -> Diagnostic {
        .error("syntax.missing-match-keyword", "Missing 'match' keyword before path.", at: range)
    }

    static func slashWhereSegmentExpected(_ range: SourceRange) -> Diagnostic {
        .error("syntax.invalid-match-path", "Forward slash '/' found where identifier or binding expected.", at: range)
    }

    static func badMatchPathStart(_ token: String, _ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.invalid-match-path", "mismatched input '\(token)' expecting {'{', '/', PATH_SEGMENT}", at: range,
            help: "a match path starts with `/`, as in `match /images/{imageId}`")
    }

    static func invalidWildcard(_ text: String, _ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.invalid-wildcard", "invalid wildcard `\(text)`", at: range,
            help: "write `{name}` for one segment or `{name=**}` for the rest of the path")
    }

    // MARK: Statements

    static func unknownMethod(_ name: String, _ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.unknown-method", "unknown method `\(name)`; expected one of \(methodList)", at: range)
    }

    static func missingIf(_ token: String, _ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.missing-if", "mismatched input '\(token)' expecting 'if'", at: range,
            help: "write `if` before the condition, as in `allow read: if true;`")
    }

    static func missingReturn(_ token: String, _ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.missing-return", "mismatched input '\(token)' expecting {'let', 'return'}", at: range,
            help: "a function body ends with `return <expression>;`")
    }

    // MARK: Expressions

    static func unknownType(_ name: String, _ range: SourceRange) -> Diagnostic {
        .error("syntax.unknown-type", "unknown type `\(name)`; expected one of \(typeList)", at: range)
    }

    static func emptySlice(_ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.invalid-slice", "a range needs at least one bound", at: range,
            help: "write `x[i:j]`, `x[i:]` or `x[:j]`")
    }

    static func invalidCallee(_ range: SourceRange) -> Diagnostic {
        .error("syntax.invalid-call", "only functions and methods can be called", at: range)
    }

    static func tooComplex(_ range: SourceRange) -> Diagnostic {
        .error("syntax.too-complex", "Expression is too complex to evaluate safely.", at: range)
    }

    static func emptyPathSegment(_ range: SourceRange) -> Diagnostic {
        .error("syntax.invalid-path-literal", "empty segment in path literal", at: range)
    }

    static func gluedInterpolation(_ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.invalid-path-literal", "`$(...)` must make up a whole path segment", at: range,
            help: "build the segment as a string instead, as in `$('prefix_' + id)`")
    }

    static func invalidPlaceholder(_ text: String, _ range: SourceRange) -> Diagnostic {
        .error(
            "syntax.invalid-path-literal", "invalid placeholder `\(text)` in path literal", at: range,
            help: "write `{name}`")
    }
}
