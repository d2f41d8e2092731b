extension Lexer {
    /// Scans the path of a `match` statement starting at the `/` at
    /// ``position``: `/seg/{name}/{name=**}`. Whitespace, or a `{` that
    /// does not start a `{name}` group, ends the path (so `/{id}{` is a
    /// path followed by the body's brace).
    ///
    /// A segment is a run of literal characters (anything but `/`, `{`,
    /// `}` and whitespace) and `{name}` groups. A lone group is a wildcard;
    /// a group glued to text, as in `{userId}.png`, makes the whole segment
    /// literal text (Firebase's handling of such segments is unverified).
    ///
    /// With `leadingSlash == false` the first segment needs no `/` (used to
    /// step over a malformed path during recovery).
    mutating func scanMatchPath(leadingSlash: Bool = true) -> MatchPath {
        let start = position
        var segments: [MatchSegment] = []
        // Room for the usual few segments at once: growing from one costs an allocation per doubling.
        segments.reserveCapacity(4)
        var needsSlash = leadingSlash
        while !needsSlash || byte(at: position) == UInt8(ascii: "/") {
            let slash = position
            if needsSlash { position += 1 }
            needsSlash = true
            let segmentStart = position
            let first = byte(at: position)
            if first == UInt8(ascii: "{") {
                guard let wildcard = wildcardGroup(at: position) else {
                    reportInvalidWildcard(at: position)
                    continue
                }
                position = wildcard.end
                guard byte(at: position).isMatchLiteralByte || startsSimpleGroup(at: position) else {
                    segments.append(MatchSegment(kind: wildcard.kind, range: SourceRange(start: segmentStart, end: position)))
                    continue
                }
            } else if !first.isMatchLiteralByte {
                // `//` points at the second slash; a trailing `/` at itself.
                let culprit = first == UInt8(ascii: "/") ? position : slash
                diagnostics.append(SyntaxMessages.slashWhereSegmentExpected(SourceRange(start: culprit, end: culprit + 1)))
                if first == UInt8(ascii: "/") { continue }
                break
            }
            while true {
                if byte(at: position).isMatchLiteralByte {
                    position += 1
                } else if startsSimpleGroup(at: position), let group = wildcardGroup(at: position) {
                    position = group.end
                } else {
                    break
                }
            }
            let text = name(from: segmentStart, to: position)
            segments.append(MatchSegment(kind: .literal(text), range: SourceRange(start: segmentStart, end: position)))
        }
        return MatchPath(segments: segments, range: SourceRange(start: start, end: position))
    }

    /// Whether `{name}` (not `{name=**}`) starts at `offset`: only such a
    /// group can be glued to literal text.
    private func startsSimpleGroup(at offset: Int) -> Bool {
        guard byte(at: offset) == UInt8(ascii: "{") else { return false }
        let nameEnd = identifierEnd(from: offset + 1)
        return nameEnd > offset + 1 && byte(at: nameEnd) == UInt8(ascii: "}")
    }

    /// `{name}` or `{name=**}` at `offset`, with the offset just past it.
    private mutating func wildcardGroup(at offset: Int) -> (kind: MatchSegment.Kind, end: Int)? {
        let nameStart = offset + 1
        let nameEnd = identifierEnd(from: nameStart)
        guard nameEnd > nameStart else { return nil }
        let name = name(from: nameStart, to: nameEnd)
        // A wildcard's name is an identifier, and a keyword is not one.
        if TokenKind.keyword(bytes[nameStart..<nameEnd]) != nil {
            diagnostics.append(
                SyntaxMessages.mismatched(name, expecting: "IDENTIFIER", SourceRange(start: nameStart, end: nameEnd)))
        }
        if byte(at: nameEnd) == UInt8(ascii: "}") {
            return (.single(name), nameEnd + 1)
        }
        if byte(at: nameEnd) == UInt8(ascii: "="), byte(at: nameEnd + 1) == UInt8(ascii: "*"),
            byte(at: nameEnd + 2) == UInt8(ascii: "*"), byte(at: nameEnd + 3) == UInt8(ascii: "}")
        {
            return (.recursive(name), nameEnd + 4)
        }
        return nil
    }

    /// Reports a malformed `{...}` at `offset` and moves past it: through
    /// its `}` when one closes it before a `/`, `{` or whitespace.
    private mutating func reportInvalidWildcard(at offset: Int) {
        // Up to a `}` on the same line (`{a b}`), else up to whitespace.
        var end = offset + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "}"), bytes[end] != UInt8(ascii: "/"),
            bytes[end] != UInt8(ascii: "{"), bytes[end] != UInt8(ascii: "\n")
        {
            end += 1
        }
        if byte(at: end) == UInt8(ascii: "}") {
            end += 1
        } else {
            end = offset + 1
            while end < bytes.count, !bytes[end].isWhitespace, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "{") {
                end += 1
            }
        }
        position = end
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        diagnostics.append(SyntaxMessages.invalidWildcard(text, SourceRange(start: offset, end: end)))
    }

    /// The end of the raw text of a path-literal segment starting at `start`.
    ///
    /// Stops at whitespace, `/`, `,`, `;`, `]`, `}`, at a `)` that closes no
    /// `(` opened in this segment (it belongs to an enclosing call), and at
    /// `$(` (an interpolation cannot be glued to text).
    func pathTextEnd(from start: Int) -> Int {
        var index = start
        var depth = 0
        while index < bytes.count {
            let current = bytes[index]
            switch current {
            case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                return index
            case UInt8(ascii: "("):
                depth += 1
            case UInt8(ascii: ")"):
                if depth == 0 { return index }
                depth -= 1
            case UInt8(ascii: "$") where byte(at: index + 1) == UInt8(ascii: "("):
                return index
            default:
                if current.isWhitespace { return index }
            }
            index += 1
        }
        return index
    }

    /// The end of an identifier starting at `start` (equal to `start` when none).
    func identifierEnd(from start: Int) -> Int {
        guard byte(at: start).isIdentifierStart else { return start }
        // One table load a byte, where the class test took four comparisons.
        return bytes.withUnsafeBufferPointer { buffer in
            Self.continuesIdentifier.withUnsafeBufferPointer { table in
                var index = start + 1
                while index < buffer.count && table[Int(buffer[index])] { index += 1 }
                return index
            }
        }
    }

    /// For each byte value, whether it continues an identifier (`[A-Za-z0-9_]`).
    private static let continuesIdentifier: [Bool] = (0...255).map { UInt8($0).isIdentifierContinue }
}

extension UInt8 {
    /// Whether the byte can be part of a literal match-path segment.
    @inline(__always)
    fileprivate var isMatchLiteralByte: Bool {
        self != 0 && self != UInt8(ascii: "/") && self != UInt8(ascii: "{") && self != UInt8(ascii: "}") && !isWhitespace
    }
}
