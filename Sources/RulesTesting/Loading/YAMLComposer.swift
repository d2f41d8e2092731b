import CYaml
import Yams

/// Composes a suite's YAML into ``YAMLNode``s.
///
/// A suite of ten thousand cases spent two thirds of its load time in Yams:
/// its composer copies `Node` values (each a tree of reference-counted
/// parts) and hashes every mapping's keys for its duplicate check. The usual
/// suite (one document whose root is a mapping, scalar keys, no tags, no
/// aliases) is composed here straight from libyaml's events instead.
///
/// Before libyaml, ``YAMLSubsetParser`` tries the part of YAML suites are
/// usually written in, without libyaml's per-character cost.
///
/// Everything else goes to Yams, so its answers and errors stay the
/// reference: a syntax error, an alias, an explicit tag, a collection used
/// as a key, two keys with the same text (Yams decides whether they are
/// duplicates: `1` and `'1'` are not), several documents, an empty stream or
/// a root that is not a mapping.
enum YAMLComposer {
    /// The root of `text`, or `nil` for an empty stream; Yams' errors as thrown.
    static func compose(_ text: String) throws -> YAMLNode? {
        var text = text
        if let root = text.withUTF8({ YAMLSubsetParser.compose($0) }) { return root }
        if let root = composeUsual(text) { return root }
        return try Yams.compose(yaml: text, Resolver.basic).map(YAMLNode.init)
    }

    /// The root of a usual suite, or `nil` to leave the text to Yams.
    static func composeUsual(_ text: String) -> YAMLNode? {
        var text = text
        return text.withUTF8 { bytes in
            var builder = TreeBuilder()
            var documents = 0
            // `.stop(nil)` leaves the text to Yams.
            let root: YAMLNode?? = YAMLEvents.read(bytes) { event in
                switch event.type {
                case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
                    return .next
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    return documents == 1 ? .next : .stop(nil)
                case YAML_STREAM_END_EVENT:
                    guard case .mapping? = builder.root else { return .stop(nil) }
                    return .stop(builder.root)
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    guard scalar.tag == nil, let style = style(scalar.style) else { return .stop(nil) }
                    let string = decoded(UnsafeBufferPointer(start: scalar.value, count: scalar.length))
                    let added = builder.add(.scalar(YAMLNode.Scalar(string: string, style: style, mark: YAMLEvents.mark(event))))
                    return added ? .next : .stop(nil)
                case YAML_SEQUENCE_START_EVENT:
                    guard event.data.sequence_start.tag == nil else { return .stop(nil) }
                    builder.open(TreeBuilder.Open(isMapping: false, mark: YAMLEvents.mark(event)))
                    return .next
                case YAML_MAPPING_START_EVENT:
                    guard event.data.mapping_start.tag == nil else { return .stop(nil) }
                    builder.open(TreeBuilder.Open(isMapping: true, mark: YAMLEvents.mark(event)))
                    return .next
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    return builder.close() ? .next : .stop(nil)
                default:
                    // An alias, or an event this composer does not know.
                    return .stop(nil)
                }
            }
            return root ?? nil
        }
    }

    /// A scalar's text from libyaml's UTF-8 (valid: libyaml checked it).
    /// A leading byte-order mark is dropped, as Foundation's UTF-8 decoding
    /// (which Yams uses) drops it.
    private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[3...]), as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLNode.Style? {
        switch style {
        case YAML_PLAIN_SCALAR_STYLE: .plain
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: nil
        }
    }

    /// The collections still open, innermost last, and the root once done.
    private struct TreeBuilder {
        /// One open collection.
        struct Open {
            var isMapping: Bool
            var mark: YAMLNode.Mark
            var items: [YAMLNode] = []
            var pairs: [YAMLNode.Pair] = []
            /// The key read whose value has not come yet.
            var key: YAMLNode.Scalar?
            /// The keys' texts, once the mapping is too long to scan.
            var keyTexts: Set<String> = []
        }

        var stack: [Open] = []
        var root: YAMLNode?

        mutating func open(_ collection: Open) {
            stack.append(collection)
        }

        /// Closes the innermost collection; `false` when it cannot be used here.
        mutating func close() -> Bool {
            guard let innermost = stack.popLast() else { return false }
            guard innermost.isMapping else { return add(.sequence(YAMLNode.List(items: innermost.items, mark: innermost.mark))) }
            guard innermost.key == nil else { return false }
            return add(.mapping(YAMLNode.Mapping(pairs: innermost.pairs, mark: innermost.mark)))
        }

        /// Adds a finished node to the innermost collection, or makes it the
        /// root; `false` for a key this composer leaves to Yams.
        mutating func add(_ node: YAMLNode) -> Bool {
            guard let last = stack.indices.last else {
                root = node
                return true
            }
            guard stack[last].isMapping else {
                stack[last].items.append(node)
                return true
            }
            if let key = stack[last].key {
                if stack[last].pairs.isEmpty { stack[last].pairs.reserveCapacity(YAMLNode.Mapping.usualKeys) }
                stack[last].pairs.append(YAMLNode.Pair(key: .scalar(key), value: node))
                stack[last].key = nil
                return true
            }
            let pairs = stack[last].pairs
            guard case .scalar(let key) = node, YAMLNode.Mapping.isNewKey(key.string, in: pairs, hashed: &stack[last].keyTexts) else {
                return false
            }
            stack[last].key = key
            return true
        }
    }
}
