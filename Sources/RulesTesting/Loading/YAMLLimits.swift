// The event stream is the only place aliases can be counted before Yams
// composes (and hashes) the tree.
import CYaml
import Foundation

/// Bounds how large a suite's YAML may become once aliases are expanded,
/// checked on libyaml's event stream before Yams builds the tree.
///
/// Yams resolves an alias to the anchored node itself, so a few lines of
/// anchors that each repeat the previous one ("billion laughs") make a tree
/// whose expanded size is exponential in the text. Composing it is cheap,
/// but hashing such a node as a mapping key (Yams' duplicate-key check) or
/// walking it (the loader) never ends. Nesting depth needs no check here:
/// libyaml refuses more than 1,000 levels with a parse error.
enum YAMLLimits {
    /// The most nodes a suite may have with every alias expanded.
    static let maximumExpandedNodes = 1_000_000

    /// Throws when the expanded tree is too large. YAML syntax errors are
    /// left to Yams, which reports them with their position.
    static func check(_ text: String, file: String) throws(SuiteLoadError) {
        guard mayContainAlias(text) else { return }
        let bytes = Array(text.utf8)
        let problem = bytes.withUnsafeBufferPointer { expansionProblem(in: $0) }
        if let problem {
            throw SuiteLoadError(
                location: SuiteLocation(file: file, line: problem.line, column: problem.column),
                message: "invalid YAML: aliases expand to more than \(maximumExpandedNodes) nodes")
        }
    }

    /// Whether the text has a `*` where an alias token could start: at the
    /// start, after white space, a flow indicator or `:`, and followed by a
    /// character an anchor name may start with. A superset of the real
    /// aliases (quoted text can match), so most suites skip the event pass.
    static func mayContainAlias(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            // `memchr` skips to each `*` many bytes at a time; most suites have none.
            var index = 0
            while index < bytes.count, let found = memchr(base + index, Int32(UInt8(ascii: "*")), bytes.count - index) {
                let star = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if star == 0 || canPrecedeAlias(bytes[star - 1]), star + 1 < bytes.count, !isSeparator(bytes[star + 1]) {
                    return true
                }
                index = star + 1
            }
            return false
        }
    }

    private static func canPrecedeAlias(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"): true
        default: false
        }
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
            UInt8(ascii: "}"), UInt8(ascii: "*"): true
        default: false
        }
    }

    /// The 1-based position of the alias that makes the tree too large, if any.
    private static func expansionProblem(in buffer: UnsafeBufferPointer<UInt8>) -> YAMLNode.Mark? {
        // Expanded sizes of finished anchored nodes, and of the collections still open.
        var anchored: [String: Int] = [:]
        var open: [(anchor: String?, size: Int)] = []
        var total = 0
        return YAMLEvents.read(buffer) { event in
            var finished: (anchor: String?, size: Int)?
            switch event.type {
            case YAML_SCALAR_EVENT:
                finished = (name(event.data.scalar.anchor), 1)
            case YAML_ALIAS_EVENT:
                finished = (nil, name(event.data.alias.anchor).flatMap { anchored[$0] } ?? 1)
            case YAML_SEQUENCE_START_EVENT:
                open.append((name(event.data.sequence_start.anchor), 1))
            case YAML_MAPPING_START_EVENT:
                open.append((name(event.data.mapping_start.anchor), 1))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                finished = open.popLast()
            default:
                break
            }
            guard let (anchor, size) = finished else { return .next }
            if let anchor { anchored[anchor] = size }
            let grown: Int
            if open.isEmpty {
                total = min(total + size, maximumExpandedNodes + 1)
                grown = total
            } else {
                open[open.count - 1].size = min(open[open.count - 1].size + size, maximumExpandedNodes + 1)
                grown = open[open.count - 1].size
            }
            return grown > maximumExpandedNodes ? .stop(YAMLEvents.mark(event)) : .next
        }
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: $0) }
    }
}
