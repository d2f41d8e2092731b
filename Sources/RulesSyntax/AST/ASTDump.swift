/// A canonical, indented S-expression text of a syntax tree, for golden
/// files and test tables. It shows structure only: no ids, no offsets.
///
/// Example:
/// ```
/// (ruleset v2
///   (service firebase.storage
///     (match /b/{bucket}/o
///       (allow read, write (== request.auth.uid "alice")))))
/// ```
/// Declarations appear in source order, one per line. An expression stays on
/// one line when it fits in ``DumpDocument/width`` columns, otherwise each
/// operand goes on its own indented line. Member chains on plain names print
/// as `request.auth.uid`; other forms print as `(head operands...)`.
extension Ruleset {
    /// The canonical text of the whole tree (see the type-level notes).
    public func dump() -> String {
        var items: [(Int, DumpDocument)] = functions.map { ($0.range.start, $0.document) }
        if let service {
            items.append((service.range.start, service.document))
        }
        let children = items.sorted { $0.0 < $1.0 }.map(\.1)
        return DumpDocument.list("ruleset v\(version.rawValue)", children, breaks: true).render() + "\n"
    }
}

extension Expr {
    /// The canonical text of one expression, e.g. `(&& (== a 1) (! b))`.
    public func dump() -> String {
        document.render()
    }
}

/// A text tree rendered either flat (`(head a b)`) or broken over lines.
enum DumpDocument {
    /// A single word or literal.
    case atom(String)
    /// `(head children...)`; `breaks` forces one child per line.
    case list(String, [DumpDocument], breaks: Bool)

    /// Target line width for flat rendering.
    static let width = 100

    /// The one-line form.
    var flat: String {
        switch self {
        case .atom(let text):
            return text
        case .list(let head, let children, _):
            return "(" + ([head] + children.map(\.flat)).joined(separator: " ") + ")"
        }
    }

    /// Renders at an indentation, breaking lists that do not fit.
    func render(indent: Int = 0) -> String {
        switch self {
        case .atom(let text):
            return text
        case .list(let head, let children, let breaks):
            let flatText = flat
            if children.isEmpty || (!breaks && indent + flatText.count <= Self.width) {
                return flatText
            }
            let pad = String(repeating: " ", count: indent + 2)
            let lines = children.map { pad + $0.render(indent: indent + 2) }
            return "(" + head + "\n" + lines.joined(separator: "\n") + ")"
        }
    }

    /// A string literal as it is shown: double quotes, control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A bytes literal as it is shown: `b"..."`, non-printable bytes as `\xHH`.
    static func quotedBytes(_ bytes: [UInt8]) -> String {
        var out = "b\""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out + "\""
    }
}

extension ServiceDecl {
    fileprivate var document: DumpDocument {
        let items = functions.map { ($0.range.start, $0.document) } + matches.map { ($0.range.start, $0.document) }
        return .list("service \(name)", items.sorted { $0.0 < $1.0 }.map(\.1), breaks: true)
    }
}

extension MatchBlock {
    fileprivate var document: DumpDocument {
        let items = functions.map { ($0.range.start, $0.document) } + allows.map { ($0.range.start, $0.document) }
            + matches.map { ($0.range.start, $0.document) }
        let pattern = path.segments.isEmpty ? "<invalid>" : path.text
        return .list("match \(pattern)", items.sorted { $0.0 < $1.0 }.map(\.1), breaks: true)
    }
}

extension AllowStatement {
    fileprivate var document: DumpDocument {
        let head = "allow " + methods.map(\.method.rawValue).joined(separator: ", ")
        guard let condition else { return .list(head, [], breaks: false) }
        return .list(head, [condition.document], breaks: false)
    }
}

extension FunctionDecl {
    fileprivate var document: DumpDocument {
        let head = "function \(name) (" + parameters.map(\.name).joined(separator: " ") + ")"
        let lets = lets.map { DumpDocument.list("let \($0.name.name)", [$0.value.document], breaks: false) }
        return .list(head, lets + [.list("return", [body.document], breaks: false)], breaks: true)
    }
}

extension Expr {
    /// A member chain made only of names (`request.auth.uid`), if this is one.
    fileprivate var nameChain: String? {
        switch kind {
        case .identifier(let name): name
        case .member(let base, let member): base.nameChain.map { $0 + "." + member.name }
        default: nil
        }
    }

    fileprivate var document: DumpDocument {
        func list(_ head: String, _ children: [DumpDocument]) -> DumpDocument {
            .list(head, children, breaks: false)
        }
        switch kind {
        case .null: return .atom("null")
        case .bool(let value): return .atom(value ? "true" : "false")
        case .int(let value): return .atom(String(value))
        case .float(let value): return .atom(value.description)
        case .string(let value): return .atom(DumpDocument.quoted(value))
        case .bytes(let value): return .atom(DumpDocument.quotedBytes(value))
        case .identifier(let name): return .atom(name)
        case .invalid: return .atom("<invalid>")
        case .list(let elements): return list("list", elements.map(\.document))
        case .map(let entries):
            return list("map", entries.map { list("entry", [$0.key.document, $0.value.document]) })
        case .path(let segments):
            return list("path", segments.map { segment in
                switch segment {
                case .text(let text): .atom(DumpDocument.quoted(text))
                case .placeholder(let name): .atom("{\(name)}")
                case .interpolation(let inner): list("$", [inner.document])
                }
            })
        case .member(let base, let member):
            if let chain = nameChain { return .atom(chain) }
            return list(".", [base.document, .atom(member.name)])
        case .index(let base, let index): return list("index", [base.document, index.document])
        case .slice(let base, let lower, let upper):
            return list("slice", [base.document, lower?.document ?? .atom("_"), upper?.document ?? .atom("_")])
        case .call(let callee, let arguments): return list("call", [callee.document] + arguments.map(\.document))
        case .unary(let op, let operand): return list(op.rawValue, [operand.document])
        case .binary(let op, let left, let right): return list(op.rawValue, [left.document, right.document])
        case .isType(let value, let type): return list("is", [value.document, .atom(type.rawValue)])
        case .ternary(let condition, let then, let otherwise):
            return list("?", [condition.document, then.document, otherwise.document])
        case .parenthesized(let inner): return list("paren", [inner.document])
        }
    }
}
