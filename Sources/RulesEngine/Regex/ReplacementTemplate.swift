/// A `replace()` replacement string read the way Java's
/// `Matcher.appendReplacement` reads it, with Java's error texts.
enum ReplacementTemplate {
    /// A piece of the expanded replacement.
    enum Part: Sendable, Equatable {
        /// Text copied as is (UTF-8).
        case literal([UInt8])
        /// The text of a group (nothing when the group did not take part).
        case group(Int)
    }

    /// Reads `template` against the groups of `regex`:
    /// - `\c` is the character `c`; a trailing `\` is an error;
    /// - `$n` is group `n`: the first digit always counts, further digits
    ///   only while the number stays a group of the pattern (`$10` with one
    ///   group is group 1 then `0`);
    /// - `${name}` is a named group (ASCII letters and digits, not starting
    ///   with a digit);
    /// - any other `$` (`$&`, `$x`, a final `$`) is an error.
    static func parse(_ template: String, for regex: CompiledRegex) throws(EvalError) -> [Part] {
        let scalars = Array(template.unicodeScalars)
        var parts: [Part] = []
        var literal: [UInt8] = []
        var cursor = 0

        func flush() {
            if !literal.isEmpty {
                parts.append(.literal(literal))
                literal.removeAll()
            }
        }

        while cursor < scalars.count {
            let scalar = scalars[cursor]
            cursor += 1
            switch scalar {
            case "\\":
                guard cursor < scalars.count else {
                    throw replacementError("character to be escaped is missing")
                }
                literal.append(contentsOf: String(scalars[cursor]).utf8)
                cursor += 1
            case "$":
                guard cursor < scalars.count else {
                    throw replacementError("Illegal group reference: group index is missing")
                }
                let number: Int
                if scalars[cursor] == "{" {
                    cursor += 1
                    number = try namedGroup(scalars, &cursor, regex)
                } else {
                    guard let first = scalars[cursor].asciiDigit else {
                        throw replacementError("Illegal group reference")
                    }
                    cursor += 1
                    var value = first
                    while cursor < scalars.count, let digit = scalars[cursor].asciiDigit,
                        value * 10 + digit <= regex.captureCount
                    {
                        value = value * 10 + digit
                        cursor += 1
                    }
                    guard value <= regex.captureCount else {
                        throw replacementError("No group \(value)")
                    }
                    number = value
                }
                flush()
                parts.append(.group(number))
            default:
                literal.append(contentsOf: String(scalar).utf8)
            }
        }
        flush()
        return parts
    }

    private static func namedGroup(
        _ scalars: [Unicode.Scalar], _ cursor: inout Int, _ regex: CompiledRegex
    ) throws(EvalError) -> Int {
        var name = ""
        while cursor < scalars.count, scalars[cursor].isASCII,
            scalars[cursor].properties.isAlphabetic || scalars[cursor].asciiDigit != nil
        {
            name.unicodeScalars.append(scalars[cursor])
            cursor += 1
        }
        if name.isEmpty {
            throw replacementError("named capturing group has 0 length name")
        }
        guard cursor < scalars.count, scalars[cursor] == "}" else {
            throw replacementError("named capturing group is missing trailing '}'")
        }
        cursor += 1
        if name.unicodeScalars.first?.asciiDigit != nil {
            throw replacementError("capturing group name {\(name)} starts with digit character")
        }
        guard let number = regex.groupNames[name] else {
            throw replacementError("No group with name {\(name)}")
        }
        return number
    }

    private static func replacementError(_ text: String) -> EvalError {
        EvalError("Invalid replacement string: \(text).")
    }
}
