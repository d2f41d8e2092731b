extension Lexer {
    /// Scans an int (`42`, `0x1F`) or float (`1.0`, `1e3`, `1.5e-3`, `.5`) literal.
    ///
    /// An int's magnitude is returned without sign; the parser folds a
    /// leading `-` and checks the range. Letters glued to a number (`1u`,
    /// `12abc`, `1e`) make the whole run an invalid number.
    mutating func scanNumber(from start: Int) -> Token {
        if bytes[start] == UInt8(ascii: "0"), byte(at: start + 1) | 0x20 == UInt8(ascii: "x") {
            return scanHexInt(from: start)
        }
        var end = start
        while byte(at: end).isDigit { end += 1 }
        var isFloat = false
        if byte(at: end) == UInt8(ascii: "."), byte(at: end + 1).isDigit {
            isFloat = true
            end += 1
            while byte(at: end).isDigit { end += 1 }
        }
        if byte(at: end) | 0x20 == UInt8(ascii: "e") {
            var exponentEnd = end + 1
            if byte(at: exponentEnd) == UInt8(ascii: "+") || byte(at: exponentEnd) == UInt8(ascii: "-") {
                exponentEnd += 1
            }
            if byte(at: exponentEnd).isDigit {
                isFloat = true
                end = exponentEnd
                while byte(at: end).isDigit { end += 1 }
            }
        }
        if let invalid = rejectGluedLetters(start: start, end: end) { return invalid }
        position = end
        if isFloat {
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                diagnostics.append(SyntaxMessages.floatOutOfRange(text, SourceRange(start: start, end: end)))
                return literalToken(.float, start: start, end: end, .float(0))
            }
            return literalToken(.float, start: start, end: end, .float(value))
        }
        var magnitude: UInt64? = 0
        for index in start..<end {
            magnitude = magnitude.flatMap { Self.appendDigit(UInt64(bytes[index] - UInt8(ascii: "0")), to: $0, base: 10) }
        }
        return literalToken(.int, start: start, end: end, .int(magnitude))
    }

    private mutating func scanHexInt(from start: Int) -> Token {
        var end = start + 2
        while byte(at: end).isHexDigit { end += 1 }
        if end == start + 2 {
            // `0x` with no digits: report the whole glued run.
            while byte(at: end).isIdentifierContinue { end += 1 }
            position = end
            let range = SourceRange(start: start, end: end)
            diagnostics.append(SyntaxMessages.invalidNumber(String(decoding: bytes[start..<end], as: UTF8.self), range))
            return literalToken(.int, start: start, end: end, .int(0))
        }
        if let invalid = rejectGluedLetters(start: start, end: end) { return invalid }
        position = end
        var magnitude: UInt64? = 0
        for index in (start + 2)..<end {
            magnitude = magnitude.flatMap { Self.appendDigit(UInt64(bytes[index].hexValue), to: $0, base: 16) }
        }
        return literalToken(.int, start: start, end: end, .int(magnitude))
    }

    /// When letters, digits or `_` follow a number directly, reports the
    /// whole run as one invalid number and returns a placeholder token.
    private mutating func rejectGluedLetters(start: Int, end: Int) -> Token? {
        guard byte(at: end).isIdentifierContinue else { return nil }
        var runEnd = end
        while byte(at: runEnd).isIdentifierContinue { runEnd += 1 }
        position = runEnd
        let range = SourceRange(start: start, end: runEnd)
        diagnostics.append(SyntaxMessages.invalidNumber(String(decoding: bytes[start..<runEnd], as: UTF8.self), range))
        return literalToken(.int, start: start, end: runEnd, .int(0))
    }

    /// `value * base + digit`, or `nil` when it overflows 64 bits.
    private static func appendDigit(_ digit: UInt64, to value: UInt64, base: UInt64) -> UInt64? {
        let (shifted, overflowMultiply) = value.multipliedReportingOverflow(by: base)
        let (sum, overflowAdd) = shifted.addingReportingOverflow(digit)
        return overflowMultiply || overflowAdd ? nil : sum
    }
}
