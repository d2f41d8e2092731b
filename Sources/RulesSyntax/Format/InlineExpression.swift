/// Something that takes an expression's tokens one by one: the line writer
/// (which also puts comments back) or a width counter.
protocol TokenSink {
    /// Takes one token; `space` asks for a space before it, `offset` is
    /// where the token starts in the source when the sink should put the
    /// comments before it back first.
    mutating func token(_ text: String, space: Bool, at offset: Int?)
}

extension LineWriter: TokenSink {
    mutating func token(_ text: String, space: Bool, at offset: Int?) {
        write(text, space: space, at: offset)
    }
}

/// Measures how wide an expression is on one line.
struct WidthCounter: TokenSink {
    /// Unicode scalars so far.
    var width = 0

    mutating func token(_ text: String, space: Bool, at offset: Int?) {
        if space && width > 0 { width += 1 }
        for byte in text.utf8 where byte & 0xC0 != 0x80 { width += 1 }
    }
}

/// Spells an expression on one line in canonical spacing: spaces around
/// binary operators, `?` and `:`, after commas; none inside brackets or
/// after unary operators.
struct InlineExpression {
    let source: SourceBytes

    /// Sends the tokens of `expr` to `sink`; `space` applies to its first token.
    func emit<Sink: TokenSink>(_ expr: Expr, space: Bool, into sink: inout Sink) {
        let start = expr.range.start
        let closer = max(start, expr.range.end - 1)
        switch expr.kind {
        case .null, .bool, .identifier, .bytes, .invalid:
            sink.token(source.text(start, expr.range.end), space: space, at: start)
        case .int, .float:
            sink.token(numberSpelling(expr.range), space: space, at: start)
        case .string:
            sink.token(LiteralSpelling.string(source.text(start, expr.range.end)), space: space, at: start)
        case .list(let elements):
            sink.token("[", space: space, at: start)
            emitList(elements, into: &sink)
            sink.token("]", space: false, at: closer)
        case .map(let entries):
            sink.token("{", space: space, at: start)
            for (index, entry) in entries.enumerated() {
                emit(entry.key, space: index > 0, into: &sink)
                sink.token(":", space: endsInPathText(entry.key), at: nil)
                emit(entry.value, space: true, into: &sink)
                if index < entries.count - 1 { sink.token(",", space: false, at: nil) }
            }
            sink.token("}", space: false, at: closer)
        case .path(let segments):
            emitPath(segments, space: space, start: start, into: &sink)
        case .member(let base, let member):
            emit(base, space: space, into: &sink)
            sink.token(".", space: false, at: nil)
            sink.token(member.name, space: false, at: member.range.start)
        case .index(let base, let index):
            emit(base, space: space, into: &sink)
            sink.token("[", space: false, at: nil)
            emit(index, space: false, into: &sink)
            sink.token("]", space: false, at: closer)
        case .slice(let base, let lower, let upper):
            emit(base, space: space, into: &sink)
            sink.token("[", space: false, at: nil)
            if let lower { emit(lower, space: false, into: &sink) }
            sink.token(":", space: lower.map(endsInPathText) ?? false, at: nil)
            if let upper { emit(upper, space: false, into: &sink) }
            sink.token("]", space: false, at: closer)
        case .call(let callee, let arguments):
            emit(callee, space: space, into: &sink)
            sink.token("(", space: false, at: nil)
            emitList(arguments, into: &sink)
            sink.token(")", space: false, at: closer)
        case .unary(let op, let operand):
            sink.token(op.rawValue, space: space, at: start)
            // `- -1`, not `--1`.
            emit(operand, space: op == .negate && startsWithMinus(operand), into: &sink)
        case .binary(let op, let left, let right):
            emit(left, space: space, into: &sink)
            sink.token(op.rawValue, space: true, at: source.tokenStart(from: left.range.end))
            emit(right, space: true, into: &sink)
        case .isType(let value, let type):
            emit(value, space: space, into: &sink)
            let keyword = source.tokenStart(from: value.range.end)
            sink.token("is", space: true, at: keyword)
            sink.token(type.rawValue, space: true, at: source.tokenStart(from: keyword + 2))
        case .ternary(let condition, let then, let otherwise):
            emit(condition, space: space, into: &sink)
            sink.token("?", space: true, at: source.tokenStart(from: condition.range.end))
            emit(then, space: true, into: &sink)
            sink.token(":", space: true, at: source.tokenStart(from: then.range.end))
            emit(otherwise, space: true, into: &sink)
        case .parenthesized(let inner):
            sink.token("(", space: space, at: start)
            emit(inner, space: false, into: &sink)
            sink.token(")", space: false, at: closer)
        }
    }

    /// The one-line width of an expression, comments left out.
    func width(of expr: Expr) -> Int {
        var counter = WidthCounter()
        emit(expr, space: false, into: &counter)
        return counter.width
    }

    private func emitList<Sink: TokenSink>(_ elements: [Expr], into sink: inout Sink) {
        for (index, element) in elements.enumerated() {
            emit(element, space: index > 0, into: &sink)
            if index < elements.count - 1 { sink.token(",", space: false, at: nil) }
        }
    }

    /// A path literal is one run of text with no spaces: `/a/$(x)/{name}`.
    private func emitPath<Sink: TokenSink>(_ segments: [PathLiteralSegment], space: Bool, start: Int, into sink: inout Sink) {
        var first = true
        for segment in segments {
            let leading = first ? space : false
            let offset = first ? start : nil
            first = false
            switch segment {
            case .text(let text):
                sink.token("/" + text, space: leading, at: offset)
            case .placeholder(let name):
                sink.token("/{\(name)}", space: leading, at: offset)
            case .interpolation(let inner):
                sink.token("/$(", space: leading, at: offset)
                emit(inner, space: false, into: &sink)
                sink.token(")", space: false, at: source.tokenStart(from: inner.range.end))
            }
        }
    }

    /// Whether the expression's last token is raw path text, which a glued
    /// `:` would extend.
    private func endsInPathText(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .path(let segments):
            if case .text = segments.last { return true }
            return false
        case .binary(_, _, let right): return endsInPathText(right)
        case .unary(_, let operand): return endsInPathText(operand)
        case .ternary(_, _, let otherwise): return endsInPathText(otherwise)
        default: return false
        }
    }

    /// Whether the expression's first character is a `-`.
    private func startsWithMinus(_ expr: Expr) -> Bool {
        switch expr.kind {
        case .int, .float: return expr.range.start < source.bytes.count && source.bytes[expr.range.start] == UInt8(ascii: "-")
        case .unary(let op, _): return op == .negate
        case .binary(_, let left, _): return startsWithMinus(left)
        case .isType(let value, _): return startsWithMinus(value)
        case .ternary(let condition, _, _): return startsWithMinus(condition)
        case .member(let base, _), .index(let base, _), .slice(let base, _, _), .call(let base, _): return startsWithMinus(base)
        default: return false
        }
    }

    /// A number as written; a folded `-` is glued to the digits.
    private func numberSpelling(_ range: SourceRange) -> String {
        guard range.start < source.bytes.count, source.bytes[range.start] == UInt8(ascii: "-") else {
            return source.text(range.start, range.end)
        }
        return "-" + source.text(source.tokenStart(from: range.start + 1), range.end)
    }
}

/// How literals are respelled.
enum LiteralSpelling {
    /// A string literal as written, except that a plain double-quoted string
    /// whose text holds no quote of either kind is single-quoted, as in
    /// Firebase's examples. The characters between the quotes never change,
    /// so neither does the value.
    static func string(_ written: String) -> String {
        let scalars = written.unicodeScalars
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"",
            !written.hasPrefix("\"\"\""), !written.contains("'"),
            !scalars.dropFirst().dropLast().contains("\"")
        else { return written }
        return "'" + String(scalars.dropFirst().dropLast()) + "'"
    }
}
