extension RE2Translator {
    /// The POSIX class names RE2 accepts inside brackets (`[[:alpha:]]`).
    static let posixClassNames: Set<String> = [
        "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph",
        "lower", "print", "punct", "space", "upper", "word", "xdigit",
    ]

    /// A bracketed class. Every single character is emitted as `\x{..}`, so
    /// PCRE2 never sees class syntax RE2 would read differently.
    mutating func characterClass() throws(RE2SyntaxError) {
        index += 1
        beginAtom()
        emit("[")
        if peek() == "^" {
            index += 1
            emit("^")
        }
        var first = true
        while true {
            guard let scalar = peek() else {
                throw RE2SyntaxError(text: "missing closing ]")
            }
            if scalar == "]" && !first {
                index += 1
                break
            }
            first = false
            if scalar == "[", peek(1) == ":", try posixClass() {
                continue
            }
            let low: Unicode.Scalar
            if scalar == "\\" {
                index += 1
                if try classEscape() { continue }
                low = try escapedCharacter()
            } else {
                index += 1
                low = scalar
            }
            guard peek() == "-", let after = peek(1), after != "]" else {
                emitCodePoint(low.value)
                continue
            }
            index += 2
            let high: Unicode.Scalar
            if after == "\\" {
                if let next = peek(), "dDwWsSpP".unicodeScalars.contains(next) {
                    throw RE2SyntaxError(text: "invalid character class range")
                }
                high = try escapedCharacter()
            } else {
                high = after
            }
            guard low.value <= high.value else {
                throw RE2SyntaxError(text: "invalid character class range")
            }
            emitCodePoint(low.value)
            emit("-")
            emitCodePoint(high.value)
        }
        emit("]")
    }

    /// `\d \D \w \W \s \S \p.. \P..` inside a class; `false` when the escape
    /// is a single character instead (nothing consumed then).
    private mutating func classEscape() throws(RE2SyntaxError) -> Bool {
        guard let scalar = peek() else {
            throw RE2SyntaxError(text: "trailing \\")
        }
        switch scalar {
        case "d", "D", "w", "W":
            index += 1
            emit("\\")
            emit(scalar)
        case "s":
            index += 1
            emit("\\t\\n\\f\\r ")
        case "S":
            index += 1
            // Everything but RE2's whitespace set (PCRE2's \S would also exclude \v).
            emit("\\x{0}-\\x{8}\\x{b}\\x{e}-\\x{1f}\\x{21}-\\x{10ffff}")
        case "p", "P":
            index += 1
            try unicodeClass(negated: scalar == "P")
        default:
            return false
        }
        return true
    }

    /// `[:name:]` or `[:^name:]` at the cursor. Returns `false` (consuming
    /// nothing) when the text is not shaped like one, so `[` is a literal.
    private mutating func posixClass() throws(RE2SyntaxError) -> Bool {
        var cursor = index + 2
        var name = ""
        var negated = false
        if cursor < scalars.count, scalars[cursor] == "^" {
            negated = true
            cursor += 1
        }
        while cursor < scalars.count, scalars[cursor] != ":" {
            if scalars[cursor] == "]" { return false }
            name.unicodeScalars.append(scalars[cursor])
            cursor += 1
        }
        guard cursor + 1 < scalars.count, scalars[cursor + 1] == "]" else { return false }
        guard Self.posixClassNames.contains(name) else {
            throw RE2SyntaxError(text: "invalid character class range: [:\(negated ? "^" : "")\(name):]")
        }
        index = cursor + 2
        emit("[:\(negated ? "^" : "")\(name):]")
        return true
    }
}
