/// Composes the YAML that suites are usually written in, without libyaml.
///
/// libyaml spends about 290 instructions per byte on a suite (it decodes
/// every character into a buffer, queues tokens, then events), two fifths of
/// loading a suite of ten thousand cases. Suites are written in a small part
/// of YAML: block mappings and lists, one-line flow collections (or JSON),
/// plain and quoted one-line scalars, literal blocks for rules text. This
/// parser reads that part straight into ``YAMLNode``s.
///
/// It never decides anything libyaml could decide differently: at the first
/// construct outside that part (a tab, a tag, an anchor, a multi-line plain
/// or quoted scalar, a folded block, an empty value, a comment libyaml might
/// read as text, a repeated key, anything unusual) it gives up, and the text
/// goes to ``YAMLComposer/composeUsual(_:)`` and Yams as before. What it does
/// compose is the same tree, positions included (a differential test holds it
/// to that on every suite of the repository and thousands of mutations).
enum YAMLSubsetParser {
    /// The root mapping of `bytes`, or `nil` to leave the text to libyaml.
    /// A block list with at least `parallelListBytes` of text after its
    /// start has its entries parsed over the cores (tests lower the bound).
    static func compose(_ bytes: UnsafeBufferPointer<UInt8>, parallelListBytes: Int = 64 * 1024) -> YAMLNode? {
        guard let isASCII = screen(bytes) else { return nil }
        var parser = Parser(bytes: bytes, isASCII: isASCII)
        parser.parallelListBytes = parallelListBytes
        return try? parser.document()
    }

    /// Whether every character is one this parser reads as libyaml does:
    /// `true` for ASCII text, `false` for text with wider characters, `nil`
    /// for anything else (a control character, a tab or carriage return, a
    /// character libyaml takes for a line break or refuses, invalid UTF-8, or
    /// a document marker at the start of a line).
    static func screen(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let base = bytes.baseAddress else { return true }
        var isASCII = true
        var index = 0
        let count = bytes.count
        var atLineStart = true
        while index < count {
            let first = bytes[index]
            if atLineStart, first == .hyphen || first == .dot, isDocumentMarker(bytes, at: index) { return nil }
            atLineStart = false
            // Eight bytes at a time while all are printable ASCII (what lies between most line breaks).
            while index + 8 <= count, isPrintableASCII(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                index += 8
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F {
                index += 1
            } else if byte == .newline {
                atLineStart = true
                index += 1
            } else if byte < 0x80 {
                return nil
            } else {
                isASCII = false
                guard let length = wideCharacterLength(bytes, at: index) else { return nil }
                index += length
            }
        }
        return isASCII
    }

    /// Whether each byte of `word` is in 0x20...0x7E. A byte below 0x20 (or
    /// at or above 0x80) borrows into its high bit when 0x20 is taken from
    /// it; 0x7F is the byte that becomes zero when xored with 0x7F.
    @inline(__always)
    private static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let belowSpace = (word &- ones &* 0x20) & ~word & highs
        let flipped = word ^ (ones &* 0x7F)
        let deletes = (flipped &- ones) & ~flipped & highs
        return (word & highs) | belowSpace | deletes == 0
    }

    /// `---` or `...` followed by a space, a line break or the end.
    private static func isDocumentMarker(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + 2 < bytes.count, bytes[index + 1] == bytes[index], bytes[index + 2] == bytes[index] else { return false }
        return index + 3 == bytes.count || bytes[index + 3] == .space || bytes[index + 3] == .newline
    }

    /// The length of the well-formed UTF-8 character at `index`, `nil` when
    /// it is malformed or a character libyaml treats specially: C1 controls
    /// (U+0085 is a line break to libyaml), U+2028 and U+2029 (line breaks),
    /// U+FEFF (a byte-order mark) and the non-characters U+FFFE and U+FFFF.
    private static func wideCharacterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: (length, scalar) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, scalar) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, scalar) = (4, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard scalar >= shortest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        switch scalar {
        case 0x80...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return nil
        default: return length
        }
    }

    /// A construct outside the subset: the text goes to libyaml.
    struct Unsupported: Error {}

    /// The reading position and the tree built so far.
    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Whether every character is one byte, so a column is a byte offset.
        let isASCII: Bool
        var position = 0
        /// The current line, 1-based.
        var line = 1
        /// Where the current line starts.
        var lineStart = 0
        /// Collections open around the current node.
        var depth = 0
        /// The text a block list needs after its start for its entries to be
        /// parsed over the cores; `nil` inside such a part.
        var parallelListBytes: Int?

        /// Deeper nesting goes to libyaml (which allows more, with its own errors).
        static let maximumDepth = 64
        /// libyaml refuses a key of more than 1,024 characters; longer keys go to it.
        static let maximumKeyLength = 1_000
        /// Room for a usual case's keys at once, not grown 1, 2, 4, 8.
        static let usualKeys = 6
        /// Mappings up to this many keys are scanned for a repeated key; longer ones hash.
        static let scannedKeys = 16

        init(bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
            self.bytes = bytes
            self.isASCII = isASCII
        }

        // MARK: Document

        mutating func document() throws(Unsupported) -> YAMLNode {
            guard let column = skipBlankLines() else { throw Unsupported() }
            let root: YAMLNode
            if byte() == .openBrace {
                root = try flowMapping(blockIndent: -1)
                try endLine()
                guard skipBlankLines() == nil else { throw Unsupported() }
            } else {
                root = try blockMapping(indent: column)
                guard position == bytes.count else { throw Unsupported() }
            }
            return root
        }

        // MARK: Block collections

        /// A block mapping whose first key starts at the current position, at
        /// `indent`. Returns at the first content line indented less, or at the end.
        mutating func blockMapping(indent: Int) throws(Unsupported) -> YAMLNode {
            try enter()
            defer { depth -= 1 }
            let mark = self.mark()
            var pairs: [YAMLNode.Pair] = []
            pairs.reserveCapacity(Self.usualKeys)
            var keyTexts: Set<String> = []
            while true {
                let key = try blockKey()
                try Self.checkNew(key.string, in: pairs, hashed: &keyTexts)
                let value = try blockValue(indent: indent)
                pairs.append(YAMLNode.Pair(key: .scalar(key), value: value))
                guard let column = skipBlankLines() else { break }
                if column < indent { break }
                guard column == indent else { throw Unsupported() }
            }
            return .mapping(YAMLNode.Mapping(pairs: pairs, mark: mark))
        }

        /// A key and its `:` (followed by a space or the line's end), on one line.
        mutating func blockKey() throws(Unsupported) -> YAMLNode.Scalar {
            let start = position
            let key: YAMLNode.Scalar
            switch byte() {
            case .singleQuote, .doubleQuote:
                key = try quotedScalar()
                skipSpaces()
            default:
                key = try plainScalar(inFlow: false)
                skipSpaces()
            }
            guard byte() == .colon, isBlankOrEnd(byte(at: position + 1)), position - start <= Self.maximumKeyLength else {
                throw Unsupported()
            }
            position += 1
            return key
        }

        /// The value after a block mapping's `key:`, on the same line or on
        /// the lines below, more indented (or a list at the key's own indent).
        mutating func blockValue(indent: Int) throws(Unsupported) -> YAMLNode {
            skipSpaces()
            switch byte() {
            case .newline, 0, .hash:
                try endLine()
                guard let column = skipBlankLines() else { throw Unsupported() }
                if isListEntry() {
                    guard column >= indent else { throw Unsupported() }
                    return try blockList(indent: column, isIndentless: column == indent)
                }
                guard column > indent else { throw Unsupported() }
                return try blockMapping(indent: column)
            default:
                return try inlineValue(indent: indent)
            }
        }

        /// A node that starts on the current line after a key or a list's `- `.
        mutating func inlineValue(indent: Int) throws(Unsupported) -> YAMLNode {
            let node: YAMLNode
            switch byte() {
            case .openBrace:
                node = try flowMapping(blockIndent: indent)
            case .openBracket:
                node = try flowList(blockIndent: indent)
            case .singleQuote, .doubleQuote:
                node = .scalar(try quotedScalar())
            case .pipe:
                return .scalar(try literalScalar(parentIndent: indent))
            default:
                node = .scalar(try plainScalar(inFlow: false))
            }
            try endLine()
            return node
        }

        /// A block list whose first `- ` is at the current position, at `indent`.
        /// An indentless list (a mapping value at its key's indent) ends at the
        /// first line there that is not an entry; any other list, only at a
        /// line indented less.
        mutating func blockList(indent: Int, isIndentless: Bool) throws(Unsupported) -> YAMLNode {
            try enter()
            defer { depth -= 1 }
            let mark = self.mark()
            if let parallelListBytes, bytes.count - position >= parallelListBytes,
                let items = entriesInParallel(indent: indent, isIndentless: isIndentless) {
                return .sequence(YAMLNode.List(items: items, mark: mark))
            }
            var items: [YAMLNode] = []
            try appendEntries(to: &items, indent: indent, isIndentless: isIndentless, until: nil)
            return .sequence(YAMLNode.List(items: items, mark: mark))
        }

        /// Parses a block list's entries from the `- ` at the current position
        /// to the list's end, or to the entry that starts at `end`.
        mutating func appendEntries(to items: inout [YAMLNode], indent: Int, isIndentless: Bool, until end: Int?) throws(Unsupported) {
            while true {
                // At `- `: the entry's node is on the same line.
                position += 1
                skipSpaces()
                items.append(try listEntry(indent: indent))
                guard let column = skipBlankLines() else { break }
                if let end, position >= end {
                    // The entry read ran past the next part's start: its lines were not what the split took them for.
                    guard position == end else { throw Unsupported() }
                    break
                }
                if column < indent { break }
                guard column == indent else { throw Unsupported() }
                if !isListEntry() {
                    guard isIndentless else { throw Unsupported() }
                    break
                }
            }
        }

        /// The node of a list entry: a compact mapping (`- key: value`, its
        /// keys at the first key's column) or a value.
        mutating func listEntry(indent: Int) throws(Unsupported) -> YAMLNode {
            // A nested list (`- - a`) goes to libyaml.
            guard !isListEntry() else { throw Unsupported() }
            switch byte() {
            case .newline, 0, .hash:
                throw Unsupported()
            case .openBrace, .openBracket, .pipe:
                return try inlineValue(indent: indent)
            default:
                break
            }
            // A scalar, or the first key of a compact mapping: look for its `:`.
            let start = position
            if byte() == .singleQuote || byte() == .doubleQuote {
                _ = try quotedScalar()
            } else {
                _ = try plainScalar(inFlow: false)
            }
            skipSpaces()
            let isKey = byte() == .colon && isBlankOrEnd(byte(at: position + 1))
            position = start
            guard isKey else { return try inlineValue(indent: indent) }
            return try blockMapping(indent: column(of: start))
        }

        /// Whether the current position holds a block list's `- ` (or a `-` ending the line).
        func isListEntry() -> Bool {
            byte() == .hyphen && isBlankOrEnd(byte(at: position + 1))
        }

        // MARK: Flow collections

        /// `{key: value, ...}`, over one or more lines. Each further line must
        /// be indented more than the block collection around it.
        mutating func flowMapping(blockIndent: Int) throws(Unsupported) -> YAMLNode {
            try enter()
            defer { depth -= 1 }
            let mark = self.mark()
            position += 1
            var pairs: [YAMLNode.Pair] = []
            pairs.reserveCapacity(Self.usualKeys)
            var keyTexts: Set<String> = []
            try skipFlowSpace(blockIndent: blockIndent)
            if byte() == .closeBrace {
                position += 1
                return .mapping(YAMLNode.Mapping(pairs: pairs, mark: mark))
            }
            while true {
                let start = position
                let key: YAMLNode.Scalar
                switch byte() {
                case .singleQuote, .doubleQuote: key = try quotedScalar()
                default: key = try plainScalar(inFlow: true)
                }
                skipSpaces()
                guard byte() == .colon, isBlankOrEnd(byte(at: position + 1)), position - start <= Self.maximumKeyLength else {
                    throw Unsupported()
                }
                position += 1
                try Self.checkNew(key.string, in: pairs, hashed: &keyTexts)
                try skipFlowSpace(blockIndent: blockIndent)
                let value = try flowNode(blockIndent: blockIndent)
                pairs.append(YAMLNode.Pair(key: .scalar(key), value: value))
                try skipFlowSpace(blockIndent: blockIndent)
                switch byte() {
                case .comma:
                    position += 1
                    try skipFlowSpace(blockIndent: blockIndent)
                    // A trailing comma goes to libyaml.
                    guard byte() != .closeBrace else { throw Unsupported() }
                case .closeBrace:
                    position += 1
                    return .mapping(YAMLNode.Mapping(pairs: pairs, mark: mark))
                default:
                    throw Unsupported()
                }
            }
        }

        /// `[item, ...]`, over one or more lines.
        mutating func flowList(blockIndent: Int) throws(Unsupported) -> YAMLNode {
            try enter()
            defer { depth -= 1 }
            let mark = self.mark()
            position += 1
            var items: [YAMLNode] = []
            try skipFlowSpace(blockIndent: blockIndent)
            if byte() == .closeBracket {
                position += 1
                return .sequence(YAMLNode.List(items: items, mark: mark))
            }
            if let parallelListBytes, bytes.count - position >= parallelListBytes,
                let parallelItems = flowItemsInParallel(blockIndent: blockIndent) {
                return .sequence(YAMLNode.List(items: parallelItems, mark: mark))
            }
            try appendFlowItems(to: &items, blockIndent: blockIndent, until: nil)
            return .sequence(YAMLNode.List(items: items, mark: mark))
        }

        /// Parses a flow list's items from the current position to its `]`
        /// (which it steps over), or to the item that starts at `end`.
        mutating func appendFlowItems(to items: inout [YAMLNode], blockIndent: Int, until end: Int?) throws(Unsupported) {
            while true {
                items.append(try flowNode(blockIndent: blockIndent))
                try skipFlowSpace(blockIndent: blockIndent)
                switch byte() {
                case .comma:
                    position += 1
                    try skipFlowSpace(blockIndent: blockIndent)
                    guard byte() != .closeBracket else { throw Unsupported() }
                    if let end, position >= end {
                        guard position == end else { throw Unsupported() }
                        return
                    }
                case .closeBracket:
                    // Only the last part reads the list's end.
                    guard end == nil else { throw Unsupported() }
                    position += 1
                    return
                default:
                    // Among others a `:`: a one-pair mapping inside a list goes to libyaml.
                    throw Unsupported()
                }
            }
        }

        /// A node inside a flow collection.
        mutating func flowNode(blockIndent: Int) throws(Unsupported) -> YAMLNode {
            switch byte() {
            case .openBrace: try flowMapping(blockIndent: blockIndent)
            case .openBracket: try flowList(blockIndent: blockIndent)
            case .singleQuote, .doubleQuote: .scalar(try quotedScalar())
            default: .scalar(try plainScalar(inFlow: true))
            }
        }

        /// Skips spaces, comments and line breaks inside a flow collection.
        mutating func skipFlowSpace(blockIndent: Int) throws(Unsupported) {
            var afterSpace = position == lineStart || byte(at: position - 1) == .space
            while true {
                switch byte() {
                case .space:
                    position += 1
                    afterSpace = true
                case .hash:
                    guard afterSpace else { throw Unsupported() }
                    skipComment()
                case .newline:
                    nextLine()
                    skipSpaces()
                    afterSpace = true
                    if byte() != .newline && byte() != .hash && byte() != 0, column(of: position) <= blockIndent {
                        throw Unsupported()
                    }
                default:
                    return
                }
            }
        }

        // MARK: Scalars

        /// A plain scalar on one line, without its trailing spaces. It ends
        /// before `: ` (or `:` at the line's end), before ` #`, at the line's
        /// end and, in a flow collection, before `,`, `[`, `]`, `{` or `}`.
        mutating func plainScalar(inFlow: Bool) throws(Unsupported) -> YAMLNode.Scalar {
            let start = position
            let first = byte()
            switch first {
            case .hyphen:
                let next = byte(at: position + 1)
                guard !isBlankOrEnd(next), !(inFlow && isFlowIndicator(next)) else { throw Unsupported() }
            case .questionMark, .colon, .comma, .openBracket, .closeBracket, .openBrace, .closeBrace, .hash, .ampersand,
                .asterisk, .exclamation, .pipe, .greaterThan, .singleQuote, .doubleQuote, .percent, .at, .backtick,
                .space, .newline, 0:
                throw Unsupported()
            default:
                break
            }
            let mark = self.mark()
            var end = position
            scan: while true {
                let run = position
                while position < bytes.count && !Self.mayEndPlainScalar(bytes[position]) { position += 1 }
                if position > run { end = position }
                let byte = byte()
                switch byte {
                case .newline, 0:
                    break scan
                case .space:
                    position += 1
                    continue scan
                case .colon:
                    if isBlankOrEnd(self.byte(at: position + 1)) { break scan }
                    if inFlow { throw Unsupported() }
                case .hash:
                    if self.byte(at: position - 1) == .space { break scan }
                    if inFlow { throw Unsupported() }
                case .comma, .openBracket, .closeBracket, .openBrace, .closeBrace:
                    if inFlow { break scan }
                case .questionMark:
                    if inFlow { throw Unsupported() }
                default:
                    break
                }
                position += 1
                end = position
            }
            position = end
            return YAMLNode.Scalar(string: text(start..<end), style: .plain, mark: mark)
        }

        /// Whether a byte is one ``plainScalar(inFlow:)`` must look at: a line
        /// break, a space, `#`, `,`, `:`, `?`, a bracket or a brace (or NUL, the end).
        /// Two masks instead of a table: no memory to load.
        @inline(__always)
        static func mayEndPlainScalar(_ byte: UInt8) -> Bool {
            let low: UInt64 = 1 << 0x00 | 1 << 0x0A | 1 << 0x20 | 1 << 0x23 | 1 << 0x2C | 1 << 0x3A | 1 << 0x3F
            let high: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)
            if byte < 64 { return low >> byte & 1 != 0 }
            if byte < 128 { return high >> (byte - 64) & 1 != 0 }
            return false
        }

        /// A single- or double-quoted scalar on one line.
        mutating func quotedScalar() throws(Unsupported) -> YAMLNode.Scalar {
            let mark = self.mark()
            let quote = byte()
            position += 1
            let start = position
            // Scalars without escapes are read in place.
            while true {
                let byte = byte()
                if byte == quote {
                    if quote == .singleQuote && self.byte(at: position + 1) == .singleQuote { break }
                    position += 1
                    return YAMLNode.Scalar(
                        string: text(start..<position - 1), style: quote == .singleQuote ? .singleQuoted : .doubleQuoted, mark: mark)
                }
                if byte == .backslash && quote == .doubleQuote { break }
                if byte == .newline || byte == 0 { throw Unsupported() }
                position += 1
            }
            var unescaped = Array(bytes[start..<position])
            while true {
                let byte = byte()
                switch byte {
                case .newline, 0:
                    throw Unsupported()
                case quote where quote == .singleQuote:
                    if self.byte(at: position + 1) == .singleQuote {
                        unescaped.append(.singleQuote)
                        position += 2
                        continue
                    }
                    position += 1
                    return YAMLNode.Scalar(string: String(decoding: unescaped, as: UTF8.self), style: .singleQuoted, mark: mark)
                case quote:
                    position += 1
                    return YAMLNode.Scalar(string: String(decoding: unescaped, as: UTF8.self), style: .doubleQuoted, mark: mark)
                case .backslash where quote == .doubleQuote:
                    try unescape(into: &unescaped)
                default:
                    unescaped.append(byte)
                    position += 1
                }
            }
        }

        /// One escape of a double-quoted scalar, at its backslash: the
        /// escapes JSON has, and `\x`, `\U` and a space. Others go to libyaml.
        mutating func unescape(into unescaped: inout [UInt8]) throws(Unsupported) {
            let letter = byte(at: position + 1)
            position += 2
            let digits: Int
            switch letter {
            case .backslash, .doubleQuote, .slash, .space:
                unescaped.append(letter)
                return
            case UInt8(ascii: "n"): unescaped.append(0x0A); return
            case UInt8(ascii: "t"): unescaped.append(0x09); return
            case UInt8(ascii: "r"): unescaped.append(0x0D); return
            case UInt8(ascii: "b"): unescaped.append(0x08); return
            case UInt8(ascii: "f"): unescaped.append(0x0C); return
            case UInt8(ascii: "x"): digits = 2
            case UInt8(ascii: "u"): digits = 4
            case UInt8(ascii: "U"): digits = 8
            default: throw Unsupported()
            }
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard let digit = Self.hexValue(byte()) else { throw Unsupported() }
                value = value << 4 | digit
                position += 1
            }
            // NUL and the characters libyaml refuses or breaks lines at go to it.
            guard value != 0, let scalar = Unicode.Scalar(value), !(0x80...0x9F).contains(value),
                value != 0x2028, value != 0x2029 else { throw Unsupported() }
            unescaped.append(contentsOf: UTF8.encode(scalar)!)
        }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        /// A literal block scalar (`|`, `|-` or `|+`) whose lines are indented
        /// more than `parentIndent`, the block collection around it. Returns
        /// at the first non-empty line indented less than its first line, or
        /// at the end. An indentation indicator, a comment after the header,
        /// empty lines before the first line and an empty scalar go to libyaml.
        mutating func literalScalar(parentIndent: Int) throws(Unsupported) -> YAMLNode.Scalar {
            let mark = self.mark()
            position += 1
            enum Chomping { case clip, strip, keep }
            var chomping = Chomping.clip
            switch byte() {
            case .hyphen: chomping = .strip; position += 1
            case .plus: chomping = .keep; position += 1
            default: break
            }
            skipSpaces()
            guard byte() == .newline else { throw Unsupported() }
            nextLine()
            let indent = countSpaces()
            guard indent > parentIndent, !isBlankOrEnd(byte(at: position + indent)) else { throw Unsupported() }
            var text: [UInt8] = []
            // The break after the last content line, and the empty lines after it.
            var endsWithBreak = false
            var trailingBreaks = 0
            while position < bytes.count {
                let spaces = countSpaces()
                let first = byte(at: position + spaces)
                if first == .newline || first == 0 {
                    if spaces <= indent {
                        position += spaces
                        guard first == .newline else { break }
                        trailingBreaks += 1
                        nextLine()
                        continue
                    }
                } else if spaces < indent {
                    break
                }
                // A content line: the breaks before it, then its text after the indent.
                if endsWithBreak { text.append(.newline) }
                text.append(contentsOf: repeatElement(UInt8.newline, count: trailingBreaks))
                trailingBreaks = 0
                let start = position + indent
                position = start
                while byte() != .newline && position < bytes.count { position += 1 }
                text.append(contentsOf: bytes[start..<position])
                endsWithBreak = byte() == .newline
                if endsWithBreak { nextLine() }
            }
            switch chomping {
            case .strip: break
            case .clip: if endsWithBreak { text.append(.newline) }
            case .keep:
                if endsWithBreak { text.append(.newline) }
                text.append(contentsOf: repeatElement(UInt8.newline, count: trailingBreaks))
            }
            return YAMLNode.Scalar(string: String(decoding: text, as: UTF8.self), style: .literal, mark: mark)
        }

        // MARK: Lines and positions

        /// After a node on a line: spaces, an optional comment (after a
        /// space), then the line's end. Anything else goes to libyaml.
        mutating func endLine() throws(Unsupported) {
            skipSpaces()
            if byte() == .hash {
                guard position == lineStart || byte(at: position - 1) == .space else { throw Unsupported() }
                skipComment()
            }
            guard byte() == .newline || position == bytes.count else { throw Unsupported() }
        }

        /// Skips blank lines and comment lines from the current line's
        /// indentation (or its end); returns the column (0-based) of the next
        /// content, positioned on it, or `nil` at the end of the text.
        mutating func skipBlankLines() -> Int? {
            while true {
                skipSpaces()
                switch byte() {
                case .newline:
                    nextLine()
                case .hash:
                    skipComment()
                default:
                    return position == bytes.count ? nil : column(of: position)
                }
            }
        }

        mutating func skipSpaces() {
            while byte() == .space { position += 1 }
        }

        /// The spaces from the current position, which it does not move.
        func countSpaces() -> Int {
            var index = position
            while index < bytes.count && bytes[index] == .space { index += 1 }
            return index - position
        }

        mutating func skipComment() {
            while position < bytes.count && bytes[position] != .newline { position += 1 }
        }

        /// Steps over the line break at the current position.
        mutating func nextLine() {
            position += 1
            line += 1
            lineStart = position
        }

        mutating func enter() throws(Unsupported) {
            depth += 1
            guard depth <= Self.maximumDepth else { throw Unsupported() }
        }

        /// The byte at the current position; 0 past the end (the screen
        /// refuses NUL, so 0 means the end).
        func byte() -> UInt8 { byte(at: position) }

        func byte(at index: Int) -> UInt8 {
            index >= 0 && index < bytes.count ? bytes[index] : 0
        }

        func isBlankOrEnd(_ byte: UInt8) -> Bool {
            byte == .space || byte == .newline || byte == 0
        }

        func isFlowIndicator(_ byte: UInt8) -> Bool {
            byte == .comma || byte == .openBracket || byte == .closeBracket || byte == .openBrace || byte == .closeBrace
        }

        /// The 0-based column of `index` on the current line, in characters as libyaml counts them.
        func column(of index: Int) -> Int {
            if isASCII { return index - lineStart }
            var characters = 0
            for offset in lineStart..<index where bytes[offset] & 0xC0 != 0x80 { characters += 1 }
            return characters
        }

        /// The current position, 1-based.
        func mark() -> YAMLNode.Mark {
            YAMLNode.Mark(line: line, column: column(of: position) + 1)
        }

        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// Throws for a key whose text an earlier key of the mapping has
        /// (libyaml's composer leaves that to Yams, whose rules decide).
        static func checkNew(_ key: String, in pairs: [YAMLNode.Pair], hashed: inout Set<String>) throws(Unsupported) {
            let count = pairs.count
            if count < scannedKeys {
                for pair in pairs {
                    guard case .scalar(let other) = pair.key, other.string != key else { throw Unsupported() }
                }
                return
            }
            if count == scannedKeys {
                for pair in pairs { if case .scalar(let other) = pair.key { hashed.insert(other.string) } }
            }
            guard hashed.insert(key).inserted else { throw Unsupported() }
        }
    }
}

extension UInt8 {
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let hyphen = UInt8(ascii: "-")
    fileprivate static let plus = UInt8(ascii: "+")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let colon = UInt8(ascii: ":")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let questionMark = UInt8(ascii: "?")
    fileprivate static let openBracket = UInt8(ascii: "[")
    fileprivate static let closeBracket = UInt8(ascii: "]")
    fileprivate static let openBrace = UInt8(ascii: "{")
    fileprivate static let closeBrace = UInt8(ascii: "}")
    fileprivate static let ampersand = UInt8(ascii: "&")
    fileprivate static let asterisk = UInt8(ascii: "*")
    fileprivate static let exclamation = UInt8(ascii: "!")
    fileprivate static let pipe = UInt8(ascii: "|")
    fileprivate static let greaterThan = UInt8(ascii: ">")
    fileprivate static let singleQuote = UInt8(ascii: "'")
    fileprivate static let doubleQuote = UInt8(ascii: "\"")
    fileprivate static let percent = UInt8(ascii: "%")
    fileprivate static let at = UInt8(ascii: "@")
    fileprivate static let backtick = UInt8(ascii: "`")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let slash = UInt8(ascii: "/")
}
