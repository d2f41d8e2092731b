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
/// One deliberate exception: a surrogate pair written as two `\u` escapes,
/// valid JSON that libyaml refuses, is read as the one character it encodes
/// (a text left to libyaml for another construct still fails on it).
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

    /// A construct outside the subset: the text goes to libyaml.
    struct Unsupported: Error {}

    /// The reading position and the tree built so far.
    struct Parser {
        typealias Unsupported = YAMLSubsetParser.Unsupported

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
            pairs.reserveCapacity(YAMLNode.Mapping.usualKeys)
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
                key = try quotedScalar(isKey: true)
                skipSpaces()
            default:
                key = try plainScalar(inFlow: false, isKey: true)
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
            pairs.reserveCapacity(YAMLNode.Mapping.usualKeys)
            var keyTexts: Set<String> = []
            try skipFlowSpace(blockIndent: blockIndent)
            if byte() == .closeBrace {
                position += 1
                return .mapping(YAMLNode.Mapping(pairs: pairs, mark: mark))
            }
            while true {
                let start = position
                let key: YAMLNode.Scalar
                // After a quoted key a `:` needs no space (compact JSON,
                // `{"a":1}`), as in libyaml; after a plain one it does.
                var isQuoted = false
                switch byte() {
                case .singleQuote, .doubleQuote:
                    key = try quotedScalar(isKey: true)
                    isQuoted = true
                default: key = try plainScalar(inFlow: true, isKey: true)
                }
                skipSpaces()
                guard byte() == .colon, isQuoted || isBlankOrEnd(byte(at: position + 1)), position - start <= Self.maximumKeyLength
                else {
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
            // Usually a single space or none, before a plain key or value.
            if byte() == .space { position += 1 }
            switch byte() {
            case .space, .hash, .newline: break
            default: return
            }
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
        @inline(__always)
        func mark() -> YAMLNode.Mark {
            YAMLNode.Mark(line: line, column: column(of: position) + 1)
        }

        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// Throws for a key whose text an earlier key of the mapping has
        /// (libyaml's composer leaves that to Yams, whose rules decide).
        static func checkNew(_ key: String, in pairs: [YAMLNode.Pair], hashed: inout Set<String>) throws(Unsupported) {
            guard YAMLNode.Mapping.isNewKey(key, in: pairs, hashed: &hashed) else { throw Unsupported() }
        }
    }
}

/// The bytes the YAML subset parser tests for.
extension UInt8 {
    static let newline = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let hyphen = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    static let hash = UInt8(ascii: "#")
    static let questionMark = UInt8(ascii: "?")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let ampersand = UInt8(ascii: "&")
    static let asterisk = UInt8(ascii: "*")
    static let exclamation = UInt8(ascii: "!")
    static let pipe = UInt8(ascii: "|")
    static let greaterThan = UInt8(ascii: ">")
    static let singleQuote = UInt8(ascii: "'")
    static let doubleQuote = UInt8(ascii: "\"")
    static let percent = UInt8(ascii: "%")
    static let at = UInt8(ascii: "@")
    static let backtick = UInt8(ascii: "`")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
}
