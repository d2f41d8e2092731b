extension BuiltinRegistry {
    static let stringBuiltins: [Builtin] = [
        Builtin(
            "lower", on: .method(.string), signatures: [Signature([])],
            summary: "The string in lower case.",
            examples: [
                .true("'ABC'.lower() == 'abc'"), .true("'ÀÉ'.lower() == 'àé'"),
                .true("'ΟΔΟΣ ΚΑΙ'.lower() == 'οδος και'"),
            ]
        ) { call throws(EvalError) in
            .string(StringSupport.javaLowercased(try StringSupport.receiver(call, "lower")))
        },
        Builtin(
            "upper", on: .method(.string), signatures: [Signature([])],
            summary: "The string in upper case.",
            examples: [.true("'abc123'.upper() == 'ABC123'"), .true("'straße'.upper() == 'STRASSE'")]
        ) { call throws(EvalError) in
            .string(try StringSupport.receiver(call, "upper").uppercased())
        },
        Builtin(
            "trim", on: .method(.string), signatures: [Signature([])],
            summary: "The string without leading and trailing characters up to U+0020 (Java's trim).",
            examples: [
                .true("' a '.trim() == 'a'"),
                .true(#"'\t\n a b \r'.trim() == 'a b'"#),
                .true("'\u{00A0}a'.trim() == '\u{00A0}a'"),
            ]
        ) { call throws(EvalError) in
            .string(StringSupport.javaTrim(try StringSupport.receiver(call, "trim")))
        },
        Builtin(
            "size", on: .method(.string), signatures: [Signature([])],
            summary: "The length in UTF-16 code units.",
            examples: [
                .true("'abc'.size() == 3"),
                .true(#"'\ud83d\ude00'.size() == 2"#),
                .true(#"'\u00e9'.size() == 1"#),
                .true("''.size() == 0"),
            ]
        ) { call throws(EvalError) in
            .int(Int64(try StringSupport.receiver(call, "size").utf16.count))
        },
        Builtin(
            "matches", on: .method(.string), signatures: [Signature([.string])],
            summary: "Whether the whole string matches an RE2 regular expression.",
            examples: [
                .true("'user@domain.com'.matches('.*@domain[.]com')"),
                .true("'banana'.matches('.*@domain[.]com') == false"),
                .true("'hello world'.matches('world') == false"),
                .true("'hello world'.matches('.*world')"),
                .true("'abc123!'.matches('[a-z]+[0-9]+') == false"),
                .true("'ximage/png'.matches('image/.*') == false"),
                .true("'image/png'.matches('image/.*')"),
                .error("'abc'.matches('(')", EvalError.invalidRegex("(").message),
                .error(#"'aa'.matches('(a)' + '\\1')"#, EvalError.invalidRegex(#"(a)\1"#).message),
                // RE2 never backtracks; runaway backtracking is answered by the DFA matcher, as RE2 answers.
                .true("'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'.matches('(a+)+$') == false"),
            ]
        ) { call throws(EvalError) in
            .bool(try RulesRegex.matches(try StringSupport.receiver(call, "matches"), pattern: try StringSupport.argument(call, 0)))
        },
        Builtin(
            "split", on: .method(.string), signatures: [Signature([.string])],
            summary: "The pieces between matches of an RE2 regular expression (Java's split: trailing empty pieces dropped).",
            examples: [
                .true("'a/b/c'.split('/') == ['a', 'b', 'c']"),
                .true("'a,b,,'.split(',') == ['a', 'b']"),
                .true("',a'.split(',') == ['', 'a']"),
                .true("'abc'.split('') == ['a', 'b', 'c']"),
                .true("'a1b22c'.split('[0-9]+') == ['a', 'b', 'c']"),
                .true("''.split(',') == ['']"),
                .error("'a(b'.split('(')", EvalError.invalidRegex("(").message),
            ]
        ) { call throws(EvalError) in
            let pieces = try RulesRegex.split(try StringSupport.receiver(call, "split"), pattern: try StringSupport.argument(call, 0))
            return .list(pieces.map(Value.string))
        },
        Builtin(
            "replace", on: .method(.string), signatures: [Signature([.string, .string])],
            summary: "The string with every match of an RE2 regular expression replaced (Java replacement syntax: $1, ${name}, \\$).",
            examples: [
                .true("'banana'.replace('a', 'o') == 'bonono'"),
                .true("'banana'.replace('ana', 'ee') == 'beena'"),
                .true("'foo@test.com'.replace('.', '-') == '------------'"),
                .true("'a.b'.replace('.', '-') == '---'"),
                .true("'a.b'.replace('[.]', '-') == 'a-b'"),
                .true("'ab'.replace('(a)', '$1$1') == 'aab'"),
                .true("'ab'.replace('(?P<x>a)', '${x}!') == 'a!b'"),
                .true(#"'ab'.replace('a', '\\$') == '$b'"#),
                .true("'abc'.replace('', '-') == '-a-b-c-'"),
                .true("'abc'.replace('x', '$') == 'abc'"),
                .error("'abc'.replace('(', 'x') == 'abc'", EvalError.invalidRegex("(").message),
                .error("'ab'.replace('a', '$&')", "Invalid replacement string: Illegal group reference."),
                .error("'ab'.replace('a', '$1')", "Invalid replacement string: No group 1."),
            ]
        ) { call throws(EvalError) in
            .string(
                try RulesRegex.replace(
                    try StringSupport.receiver(call, "replace"), pattern: try StringSupport.argument(call, 0),
                    replacement: try StringSupport.argument(call, 1)))
        },
        Builtin(
            "toUtf8", on: .method(.string), signatures: [Signature([])],
            summary: "The UTF-8 encoding of the string, as bytes.",
            examples: [
                .true(#"'**'.toUtf8() == b'\x2A\x2A'"#),
                .true(#"'€'.toUtf8() == b'\xE2\x82\xAC'"#),
                .true("'é'.toUtf8().size() == 2"),
                .true("''.toUtf8().size() == 0"),
            ]
        ) { call throws(EvalError) in
            .bytes(Array(try StringSupport.receiver(call, "toUtf8").utf8))
        },
    ]
}

/// Argument unpacking shared by the string, bytes, hashing and conversion builtins.
enum StringSupport {
    /// The string receiver of a method call.
    static func receiver(_ call: BuiltinCall, _ name: String) throws(EvalError) -> String {
        guard case .string(let text) = call.receiver else { throw .functionNotFound(name) }
        return text
    }

    /// A string argument (the signature guarantees its type).
    static func argument(_ call: BuiltinCall, _ index: Int) throws(EvalError) -> String {
        guard index < call.arguments.count, case .string(let text) = call[index] else {
            throw .unsupported(received: "string argument", expected: ["string"])
        }
        return text
    }

    /// Lower case as Java's `String.toLowerCase` writes it: Unicode's full
    /// mappings plus the final-sigma rule (`Σ` at the end of a word becomes `ς`).
    static func javaLowercased(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains("\u{03A3}") else { return text.lowercased() }
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\u{03A3}" && isFinalSigma(scalars, at: index) {
                result.append("\u{03C2}")
            } else {
                result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(result)
    }

    /// Unicode's Final_Sigma condition: a cased letter before (skipping
    /// case-ignorable characters) and none after.
    private static func isFinalSigma(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var before = index - 1
        while before >= 0, scalars[before].properties.isCaseIgnorable { before -= 1 }
        guard before >= 0, scalars[before].properties.isCased else { return false }
        var after = index + 1
        while after < scalars.count, scalars[after].properties.isCaseIgnorable { after += 1 }
        return !(after < scalars.count && scalars[after].properties.isCased)
    }

    /// Java's `String.trim`: drops characters up to U+0020 at both ends.
    static func javaTrim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 }),
            let last = scalars.lastIndex(where: { $0.value > 0x20 })
        else { return "" }
        return String(scalars[first...last])
    }
}
