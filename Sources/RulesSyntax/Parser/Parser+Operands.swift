extension RulesParser {
    /// Literals, names, parenthesized expressions, lists, maps and path literals.
    mutating func parsePrimary() -> Node {
        let token = current
        switch token.kind {
        case .int, .float:
            return numberLiteral(negatedFrom: nil)
        case .string:
            let literal = takeLiteral()
            advance()
            if case .string(let value) = literal { return node(.leaf(.string(value)), token.range) }
            return invalid(token.range)
        case .bytes:
            let literal = takeLiteral()
            advance()
            if case .bytes(let value) = literal { return node(.leaf(.bytes(value)), token.range) }
            return invalid(token.range)
        case .true, .false:
            advance()
            return node(.leaf(.bool(token.kind == .true)), token.range)
        case .null:
            advance()
            return node(.leaf(.null), token.range)
        case .identifier:
            advance()
            return node(.leaf(.identifier(name(of: token))), token.range)
        case .leftParen:
            advance()
            let inner = parseExpression()
            expectClosing(.rightParen, ")")
            return node(.parenthesized(inner.position), SourceRange(start: token.start, end: previousEnd), height: inner.height + 1)
        case .leftBracket:
            let elements = parseSequence(closing: .rightBracket, closingSpelling: "]", allowTrailingComma: true)
            return node(.list(elements.elements), SourceRange(start: token.start, end: previousEnd), height: elements.height + 1)
        case .leftBrace:
            return parseMap()
        case .slash:
            return parsePathLiteral()
        default:
            reportUnexpected()
            if !Self.stopsOperand(token.kind) { advance() }
            return invalid(token.range)
        }
    }

    /// Tokens an operand error leaves in place for an enclosing construct to use.
    private static func stopsOperand(_ kind: TokenKind) -> Bool {
        switch kind {
        case .rightParen, .rightBracket, .rightBrace, .comma, .semicolon, .colon, .endOfFile,
            .allow, .match, .function, .let, .return, .service, .rulesVersion:
            true
        default:
            false
        }
    }

    /// The number literal at the current token, negated when a `-` at
    /// `negatedFrom` precedes it. Ints are range-checked after applying the sign.
    mutating func numberLiteral(negatedFrom minusStart: Int?) -> Node {
        let token = current
        let literal = takeLiteral()
        advance()
        let range = SourceRange(start: minusStart ?? token.start, end: token.end)
        switch literal {
        case .float(let value):
            return node(.leaf(.float(minusStart == nil ? value : -value)), range)
        case .int(let magnitude):
            let limit = UInt64(Int64.max) + (minusStart == nil ? 0 : 1)
            guard let magnitude, magnitude <= limit else {
                emit(SyntaxMessages.integerOverflow(text(in: range), range))
                return invalid(range)
            }
            if minusStart == nil { return node(.leaf(.int(Int64(magnitude))), range) }
            // 0 - magnitude in two's complement; exact for 2^63 (Int64.min).
            return node(.leaf(.int(Int64(bitPattern: 0 &- magnitude))), range)
        default:
            return invalid(range)
        }
    }

    /// `{key: value, ...}` with an optional trailing comma.
    private mutating func parseMap() -> Node {
        let start = current.start
        advance()
        var entries: [Int] = []
        var height = 0
        while !consume(.rightBrace) {
            let key = parseExpression()
            var value = invalid(.at(current.start))
            if expect(.colon, ":") {
                value = parseExpression()
            } else {
                skipExpressionRemainder()
            }
            entries.append(key.position)
            entries.append(value.position)
            height = max(height, key.height, value.height)
            if consume(.comma) { continue }
            if consume(.rightBrace) { break }
            reportMismatched(expecting: "{',', '}'}")
            skipExpressionRemainder()
            if consume(.comma) { continue }
            _ = consume(.rightBrace)
            break
        }
        return node(.map(pending.sequence(entries)), SourceRange(start: start, end: previousEnd), height: height + 1)
    }

    // MARK: Path literals

    /// A path literal such as `/databases/(default)/documents/users/$(uid)`,
    /// scanned from the bytes because its segments are not ordinary tokens.
    ///
    /// Segments are `$(expr)`, `{name}` or raw text; raw text may contain
    /// balanced parentheses. Whitespace, `,`, `;`, `]`, `}` or an unmatched
    /// `)` end the path.
    private mutating func parsePathLiteral() -> Node {
        let start = current.start
        var segments: [PendingExpressions.Segment] = []
        var height = 0
        var offset = start
        while lexer.byte(at: offset) == UInt8(ascii: "/") {
            let slash = offset
            let segmentStart = offset + 1
            let first = lexer.byte(at: segmentStart)
            if first == UInt8(ascii: "$") && lexer.byte(at: segmentStart + 1) == UInt8(ascii: "(") {
                resumeLexing(at: segmentStart + 2)
                let inner = parseExpression()
                segments.append(.interpolation(inner.position))
                height = max(height, inner.height)
                if !at(.rightParen) {
                    reportMismatched(expecting: "')'")
                    skipExpressionRemainder()
                    guard at(.rightParen) else {
                        return node(.path(segments), SourceRange(start: start, end: previousEnd), height: height + 1)
                    }
                }
                offset = current.end
            } else if first == UInt8(ascii: "{") {
                let nameEnd = lexer.identifierEnd(from: segmentStart + 1)
                if nameEnd > segmentStart + 1 && lexer.byte(at: nameEnd) == UInt8(ascii: "}") {
                    let name = lexer.name(from: segmentStart + 1, to: nameEnd)
                    segments.append(.placeholder(name))
                    offset = nameEnd + 1
                } else {
                    var end = lexer.pathTextEnd(from: segmentStart + 1)
                    if lexer.byte(at: end) == UInt8(ascii: "}") { end += 1 }
                    let range = SourceRange(start: segmentStart, end: end)
                    report(SyntaxMessages.invalidPlaceholder(text(in: range), range))
                    offset = end
                }
            } else {
                let end = lexer.pathTextEnd(from: segmentStart)
                guard end > segmentStart else {
                    report(SyntaxMessages.emptyPathSegment(SourceRange(start: slash, end: segmentStart)))
                    offset = segmentStart
                    break
                }
                segments.append(.text(lexer.name(from: segmentStart, to: end)))
                offset = end
                if lexer.byte(at: end) == UInt8(ascii: "$") {
                    report(SyntaxMessages.gluedInterpolation(SourceRange(start: end, end: end + 2)))
                    break
                }
            }
        }
        resumeLexing(at: offset)
        return checkHeight(node(.path(segments), SourceRange(start: start, end: offset), height: height + 1))
    }
}
