/// A pattern accepted as RE2 syntax, rewritten for PCRE2 with the same meaning.
struct TranslatedPattern: Sendable {
    /// The PCRE2 pattern text.
    var pcre2: String
    /// The number of capturing groups.
    var captureCount: Int
    /// Group numbers by name (named groups become plain PCRE2 groups).
    var groupNames: [String: Int]
}

/// Why a pattern is not RE2 syntax.
struct RE2SyntaxError: Error, Sendable {
    /// A short explanation, in RE2's words where possible.
    var text: String
    /// Whether the pattern uses a Perl construct RE2 lacks on purpose
    /// (lookaround, backreferences, other `(?` groups) rather than being
    /// malformed; the checker rejects those at compile time.
    var isUnsupportedConstruct = false

    /// A malformed pattern.
    init(text: String) {
        self.text = text
    }

    /// A Perl construct RE2 does not support.
    static func unsupported(_ text: String) -> RE2SyntaxError {
        var error = RE2SyntaxError(text: text)
        error.isUnsupportedConstruct = true
        return error
    }
}

/// Checks a pattern against RE2's syntax and rewrites it for PCRE2.
///
/// RE2 is stricter than PCRE2 (no backreferences, lookaround, atomic groups,
/// possessive or stacked quantifiers, recursion, verbs, `\Z`, `\G`, `\C`,
/// repetition counts above 1000) and differs in a few meanings (`\s` has no
/// vertical tab, `\v` is the vertical tab, octal escapes, `(?m)^` after a
/// final newline). Everything RE2 rejects is rejected here; everything else is
/// emitted in a form PCRE2 reads the RE2 way. Named groups are emitted as
/// plain groups, and their names kept here, so PCRE2's naming rules play no part.
struct RE2Translator {
    let scalars: [Unicode.Scalar]
    var index = 0
    var output: [Unicode.Scalar] = []
    var frames: [Frame] = [Frame(start: 0)]
    var lastAtom: Atom?
    var captureCount = 0
    var groupNames: [String: Int] = [:]

    /// RE2's largest repetition count, also its bound on nested counts multiplied.
    static let maxRepeat = 1000

    /// An open group: the largest product of nested repetition counts inside it.
    struct Frame {
        /// Where the group's `(` is in `output`.
        var start: Int
        /// The largest product of repetition counts inside it.
        var maxProduct = 1
    }

    /// The item a following quantifier would apply to.
    struct Atom {
        /// Where the item starts in `output`.
        var start: Int
        /// The largest product of repetition counts nested inside it.
        var product: Int
        /// Whether the last token was a quantifier (RE2 rejects `a**`, `a*+`, `a{2}{3}`).
        var isRepeated = false
        /// Whether it is an empty-width assertion PCRE2 refuses to quantify directly.
        var isAssertion = false
    }

    private init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    /// Validates and rewrites a pattern.
    static func translate(_ pattern: String) throws(RE2SyntaxError) -> TranslatedPattern {
        var translator = RE2Translator(pattern)
        try translator.run()
        return TranslatedPattern(
            pcre2: String(String.UnicodeScalarView(translator.output)),
            captureCount: translator.captureCount, groupNames: translator.groupNames)
    }

    private mutating func run() throws(RE2SyntaxError) {
        while let scalar = peek() {
            switch scalar {
            case "(": try openGroup()
            case ")": try closeGroup()
            case "|":
                index += 1
                emit("|")
                lastAtom = nil
            case "*", "+", "?": try simpleRepeat(scalar)
            case "{": try braceRepeatOrLiteral()
            case "[": try characterClass()
            case "\\": try escape()
            case "^", "$":
                index += 1
                beginAtom(isAssertion: true)
                emit(scalar)
            case ".":
                index += 1
                beginAtom()
                emit(".")
            default:
                index += 1
                beginAtom()
                emitLiteral(scalar)
            }
        }
        if frames.count > 1 {
            throw RE2SyntaxError(text: "missing closing )")
        }
    }

    // MARK: Groups

    private mutating func openGroup() throws(RE2SyntaxError) {
        index += 1
        let start = output.count
        if peek() == "*" {
            throw RE2SyntaxError(text: "missing argument to repetition operator: *")
        }
        guard peek() == "?" else {
            captureCount += 1
            pushGroup(start: start, text: "(")
            return
        }
        index += 1
        switch peek() {
        case "P":
            index += 1
            guard peek() == "<" else {
                throw .unsupported("invalid or unsupported Perl syntax: (?P")
            }
            index += 1
            try namedGroup(start: start)
        case "<":
            index += 1
            if peek() == "=" || peek() == "!" {
                throw .unsupported("invalid or unsupported Perl syntax: lookbehind")
            }
            try namedGroup(start: start)
        case ":":
            index += 1
            pushGroup(start: start, text: "(?:")
        default:
            try flagGroup(start: start)
        }
    }

    private mutating func namedGroup(start: Int) throws(RE2SyntaxError) {
        var name = ""
        while let scalar = peek(), scalar != ">" {
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" else {
                throw RE2SyntaxError(text: "invalid named capture group")
            }
            name.unicodeScalars.append(scalar)
            index += 1
        }
        guard peek() == ">", !name.isEmpty else {
            throw RE2SyntaxError(text: "invalid named capture group")
        }
        index += 1
        captureCount += 1
        if groupNames[name] != nil {
            throw RE2SyntaxError(text: "duplicate capture group name: \(name)")
        }
        groupNames[name] = captureCount
        pushGroup(start: start, text: "(")
    }

    /// `(?flags)` or `(?flags:re)` with RE2's flags `i m s U` and one optional `-`.
    private mutating func flagGroup(start: Int) throws(RE2SyntaxError) {
        var text: [Unicode.Scalar] = ["(", "?"]
        var sawNegation = false
        var sawFlag = false
        while let scalar = peek() {
            index += 1
            switch scalar {
            case "i", "m", "s", "U":
                sawFlag = true
                text.append(scalar)
            case "-":
                if sawNegation { throw RE2SyntaxError(text: "invalid or unsupported Perl syntax: (?-") }
                sawNegation = true
                sawFlag = false
                text.append(scalar)
            case ":", ")":
                if sawNegation && !sawFlag {
                    throw RE2SyntaxError(text: "invalid or unsupported Perl syntax: (?-")
                }
                if scalar == ":" {
                    text.append(":")
                    pushGroup(start: start, text: String(String.UnicodeScalarView(text)))
                } else {
                    if text.count > 2 {
                        output.append(contentsOf: text)
                        output.append(")")
                    }
                    // A flag change is not an item a quantifier could apply to.
                    lastAtom = nil
                }
                return
            default:
                throw .unsupported("invalid or unsupported Perl syntax: (?\(scalar)")
            }
        }
        throw RE2SyntaxError(text: "missing closing )")
    }

    private mutating func pushGroup(start: Int, text: String) {
        output.append(contentsOf: text.unicodeScalars)
        frames.append(Frame(start: start))
        lastAtom = nil
    }

    private mutating func closeGroup() throws(RE2SyntaxError) {
        index += 1
        guard frames.count > 1, let frame = frames.popLast() else {
            throw RE2SyntaxError(text: "unexpected )")
        }
        emit(")")
        lastAtom = Atom(start: frame.start, product: frame.maxProduct)
        noteProduct(frame.maxProduct)
    }

    // MARK: Repetition

    private mutating func simpleRepeat(_ op: Unicode.Scalar) throws(RE2SyntaxError) {
        index += 1
        guard var atom = lastAtom else {
            throw RE2SyntaxError(text: "missing argument to repetition operator: \(op)")
        }
        if atom.isRepeated {
            throw RE2SyntaxError(text: "bad repetition operator: \(op)")
        }
        wrapAssertion(&atom)
        emit(op)
        if peek() == "?" {
            index += 1
            emit("?")
        }
        atom.isRepeated = true
        lastAtom = atom
    }

    private mutating func braceRepeatOrLiteral() throws(RE2SyntaxError) {
        guard let (minimum, maximum, length) = parseRepeat(from: index) else {
            index += 1
            beginAtom()
            emitLiteral("{")
            return
        }
        index += length
        guard var atom = lastAtom else {
            throw RE2SyntaxError(text: "missing argument to repetition operator: {")
        }
        if atom.isRepeated {
            throw RE2SyntaxError(text: "bad repetition operator: {")
        }
        if minimum > Self.maxRepeat || (maximum ?? 0) > Self.maxRepeat || (maximum.map { $0 < minimum } ?? false) {
            throw RE2SyntaxError(text: "bad repetition operator: {")
        }
        let count = maximum ?? minimum
        let product = count > 0 ? atom.product * count : atom.product
        if product > Self.maxRepeat {
            throw RE2SyntaxError(text: "bad repetition operator: {")
        }
        wrapAssertion(&atom)
        emit("{\(minimum),\(maximum.map(String.init) ?? "")}")
        if peek() == "?" {
            index += 1
            emit("?")
        }
        atom.product = product
        atom.isRepeated = true
        lastAtom = atom
        noteProduct(product)
    }

    /// Parses `{n}`, `{n,}` or `{n,m}` the way RE2 does (no leading zeros,
    /// bounded numbers); `nil` means the brace is a literal.
    private func parseRepeat(from start: Int) -> (Int, Int?, Int)? {
        var cursor = start + 1
        guard let minimum = parseNumber(&cursor) else { return nil }
        var maximum: Int? = minimum
        if cursor < scalars.count, scalars[cursor] == "," {
            cursor += 1
            if cursor < scalars.count, scalars[cursor] == "}" {
                maximum = nil
            } else {
                guard let value = parseNumber(&cursor) else { return nil }
                maximum = value
            }
        }
        guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
        return (minimum, maximum, cursor + 1 - start)
    }

    private func parseNumber(_ cursor: inout Int) -> Int? {
        let start = cursor
        var value = 0
        while cursor < scalars.count, let digit = scalars[cursor].asciiDecimalValue {
            if value >= 100_000_000 { return nil }
            value = value * 10 + digit
            cursor += 1
        }
        let length = cursor - start
        if length == 0 || (length > 1 && scalars[start] == "0") { return nil }
        return value
    }

    /// PCRE2 refuses to quantify `^`, `$`, `\b` ...; a non-capturing group makes it legal.
    private mutating func wrapAssertion(_ atom: inout Atom) {
        guard atom.isAssertion else { return }
        output.insert(contentsOf: ["(", "?", ":"], at: atom.start)
        output.append(")")
        atom.isAssertion = false
    }

    // MARK: Atoms and output

    mutating func beginAtom(isAssertion: Bool = false) {
        lastAtom = Atom(start: output.count, product: 1, isAssertion: isAssertion)
    }

    private mutating func noteProduct(_ product: Int) {
        frames[frames.count - 1].maxProduct = max(frames[frames.count - 1].maxProduct, product)
    }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    mutating func emit(_ scalar: Unicode.Scalar) {
        output.append(scalar)
    }

    mutating func emit(_ text: String) {
        output.append(contentsOf: text.unicodeScalars)
    }

    /// A literal character, escaped so PCRE2 cannot read it as syntax.
    mutating func emitLiteral(_ scalar: Unicode.Scalar) {
        if scalar.isASCII {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                emitCodePoint(scalar.value)
            } else if scalar.properties.isAlphabetic || scalar.asciiDecimalValue != nil || scalar == " " {
                emit(scalar)
            } else {
                emit("\\")
                emit(scalar)
            }
        } else {
            emit(scalar)
        }
    }

    mutating func emitCodePoint(_ value: UInt32) {
        emit("\\x{\(String(value, radix: 16))}")
    }
}

extension Unicode.Scalar {
    /// The value of an ASCII decimal digit.
    var asciiDecimalValue: Int? {
        ("0"..."9").contains(self) ? Int(value - 0x30) : nil
    }

    /// The value of an ASCII hexadecimal digit.
    var asciiHexValue: UInt32? {
        switch self {
        case "0"..."9": value - 0x30
        case "a"..."f": value - 0x61 + 10
        case "A"..."F": value - 0x41 + 10
        default: nil
        }
    }
}
