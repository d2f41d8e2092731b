extension RulesParser {
    /// `match /path { items }`, also entered at a bare `/` (after the
    /// caller reported the missing keyword).
    ///
    /// Returns `nil` when no body could be found or the block is nested too
    /// deeply (its body is then skipped without recursion).
    mutating func parseMatch() -> MatchBlock? {
        let start = current.start
        _ = consume(.match)
        let path = parseMatchPath()
        guard openBlock() else { return nil }
        matchDepth += 1
        defer { matchDepth -= 1 }
        if matchDepth > Self.maxMatchDepth {
            emit(SyntaxMessages.matchTooDeep(limit: Self.maxMatchDepth, SourceRange(start: start, end: path.range.end)))
            skipBlockRemainder()
            return nil
        }
        let firstItemStart = current.start
        var items = BlockItems()
        parseItems(inMatch: true, into: &items)
        if at(.rightBrace) && current.start == firstItemStart {
            emit(SyntaxMessages.emptyMatch(SourceRange(start: start, end: current.end)))
        }
        closeBlock()
        return MatchBlock(
            path: path, functions: items.functions, allows: items.allows, matches: items.matches,
            range: SourceRange(start: start, end: previousEnd))
    }

    /// The path after `match`, scanned by the lexer's path mode from the `/`.
    private mutating func parseMatchPath() -> MatchPath {
        guard at(.slash) else {
            report(SyntaxMessages.badMatchPathStart(text(of: current), current.range))
            let start = current.start
            if !at(.leftBrace) {
                // Step over the malformed path (`users/{id}`) to reach the body.
                lexer.position = start
                _ = lexer.scanMatchPath(leadingSlash: false)
                lexer.diagnostics.removeAll { $0.range.start >= start }
                resumeLexing(at: lexer.position)
            }
            return MatchPath(segments: [], range: .at(start))
        }
        lexer.position = current.start
        let path = lexer.scanMatchPath()
        resumeLexing(at: lexer.position)
        return path
    }

    /// Skips the rest of a block whose `{` was consumed, through its `}`,
    /// counting braces instead of recursing.
    private mutating func skipBlockRemainder() {
        var depth = 0
        while !at(.endOfFile) {
            if at(.leftBrace) {
                depth += 1
            } else if at(.rightBrace) {
                if depth == 0 {
                    advance()
                    return
                }
                depth -= 1
            }
            advance()
        }
    }
}
