extension RE2Translator {
    // MARK: Escapes outside classes

    mutating func escape() throws(RE2SyntaxError) {
        index += 1
        guard let scalar = peek() else {
            throw RE2SyntaxError(text: "trailing \\")
        }
        switch scalar {
        case "A", "z", "b", "B":
            index += 1
            beginAtom(isAssertion: true)
            emit("\\")
            emit(scalar)
        case "d", "D", "w", "W":
            index += 1
            beginAtom()
            emit("\\")
            emit(scalar)
        case "s":
            index += 1
            beginAtom()
            emit("[\\t\\n\\f\\r ]")
        case "S":
            index += 1
            beginAtom()
            emit("[^\\t\\n\\f\\r ]")
        case "p", "P":
            index += 1
            beginAtom()
            try unicodeClass(negated: scalar == "P")
        case "Q":
            index += 1
            quoted()
        default:
            beginAtom()
            let value = try escapedCharacter()
            emitLiteral(value)
        }
    }

    /// `\Q...\E`: every character up to `\E` (or the end) is literal.
    mutating func quoted() {
        while let scalar = peek() {
            if scalar == "\\", peek(1) == "E" {
                index += 2
                return
            }
            index += 1
            beginAtom()
            emitLiteral(scalar)
        }
    }

    /// `\pL`, `\p{Greek}`, `\p{^Greek}` (and `\P...`): a name RE2 knows, passed to PCRE2.
    mutating func unicodeClass(negated: Bool) throws(RE2SyntaxError) {
        guard let first = peek() else {
            throw RE2SyntaxError(text: "invalid character class range")
        }
        var name = ""
        if first == "{" {
            index += 1
            while let scalar = peek(), scalar != "}" {
                name.unicodeScalars.append(scalar)
                index += 1
            }
            guard peek() == "}" else {
                throw RE2SyntaxError(text: "invalid character class range")
            }
            index += 1
        } else {
            index += 1
            name = String(first)
        }
        let body = name.hasPrefix("^") ? String(name.dropFirst()) : name
        guard RE2UnicodeGroups.names.contains(body) else {
            throw RE2SyntaxError(text: "invalid character class range: \\p{\(name)}")
        }
        emit(negated ? "\\P{" : "\\p{")
        emit(name)
        emit("}")
    }

    /// An escape that stands for one character: octal, hex, control letters,
    /// or escaped punctuation. Everything else is not RE2.
    mutating func escapedCharacter() throws(RE2SyntaxError) -> Unicode.Scalar {
        guard let scalar = peek() else {
            throw RE2SyntaxError(text: "trailing \\")
        }
        index += 1
        switch scalar {
        case "1"..."7":
            guard let next = peek(), ("0"..."7").contains(next) else {
                // `\1` alone is a backreference.
                throw .unsupported("invalid escape sequence: \\\(scalar)")
            }
            return octal(startingWith: scalar)
        case "0":
            return octal(startingWith: scalar)
        case "x":
            return try hexEscape()
        case "a": return "\u{07}"
        case "f": return "\u{0C}"
        case "t": return "\t"
        case "n": return "\n"
        case "r": return "\r"
        case "v": return "\u{0B}"
        default:
            if scalar.isASCII, !scalar.properties.isAlphabetic, scalar.asciiDecimalValue == nil {
                return scalar
            }
            // `\8`, `\9`, `\k<name>` and `\g1` are backreferences; other letters are just invalid.
            let isBackreference = scalar == "8" || scalar == "9" || scalar == "k" || scalar == "g"
            let text = "invalid escape sequence: \\\(scalar)"
            throw isBackreference ? .unsupported(text) : RE2SyntaxError(text: text)
        }
    }

    mutating func octal(startingWith first: Unicode.Scalar) -> Unicode.Scalar {
        var value = first.value - 0x30
        var digits = 1
        while digits < 3, let next = peek(), ("0"..."7").contains(next) {
            value = value * 8 + (next.value - 0x30)
            digits += 1
            index += 1
        }
        return Unicode.Scalar(value) ?? "\0"
    }

    mutating func hexEscape() throws(RE2SyntaxError) -> Unicode.Scalar {
        var value: UInt32 = 0
        if peek() == "{" {
            index += 1
            var digits = 0
            while let scalar = peek(), let digit = scalar.asciiHexValue {
                value = value * 16 + digit
                digits += 1
                index += 1
                if value > 0x10FFFF { break }
            }
            guard digits > 0, peek() == "}", let result = Unicode.Scalar(value) else {
                throw RE2SyntaxError(text: "invalid escape sequence: \\x")
            }
            index += 1
            return result
        }
        guard let high = peek()?.asciiHexValue, let low = peek(1)?.asciiHexValue else {
            throw RE2SyntaxError(text: "invalid escape sequence: \\x")
        }
        index += 2
        value = high * 16 + low
        return Unicode.Scalar(value) ?? "\0"
    }
}

