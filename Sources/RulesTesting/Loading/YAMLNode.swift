import Yams

/// A composed YAML node of a suite file: what the loader reads.
///
/// The loader needs a scalar's text and style, the entries of mappings and
/// lists, and where each node starts. ``YAMLComposer`` builds these straight
/// from libyaml's events for the usual suite; anything unusual is composed
/// by Yams and converted (``init(_:)``), so both give the same tree.
enum YAMLNode: Equatable, Sendable {
    case scalar(Scalar)
    case mapping(Mapping)
    case sequence(List)
    /// An alias node. Yams' composer resolves every alias to the node it
    /// names (or throws), so none reaches the loader; it is here so that
    /// every Yams node converts.
    case alias(Mark)

    /// A 1-based position in the suite file.
    ///
    /// Held in 32 bits each: every node of a suite's tree has a mark, and
    /// two words of it made each pair of a mapping half as large again (a
    /// suite of 10,000 cases composes about 60,000 pairs). Suite files are
    /// far smaller than four billion lines or columns; a larger number is
    /// held as the largest one.
    struct Mark: Equatable {
        private let storedLine: UInt32
        private let storedColumn: UInt32

        var line: Int { Int(storedLine) }
        var column: Int { Int(storedColumn) }

        init(line: Int, column: Int) {
            storedLine = UInt32(clamping: line)
            storedColumn = UInt32(clamping: column)
        }
    }

    /// How a scalar was written: only plain scalars are typed (`1` is an
    /// integer, `'1'` a string).
    enum Style: Equatable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// A scalar: its text, as written after unescaping and folding.
    struct Scalar: Equatable {
        var string: String
        var style: Style
        var mark: Mark
        /// The key of the suite format the text names (``SuiteKey``), found
        /// when the parser read the scalar as a mapping's key, so that the
        /// loader does not look its text up again; `nil` when not looked up.
        /// Not part of equality, which is the text's, style's and mark's.
        var key: SuiteKey? = nil

        static func == (lhs: Scalar, rhs: Scalar) -> Bool {
            lhs.string == rhs.string && lhs.style == rhs.style && lhs.mark == rhs.mark
        }
    }

    /// A mapping's entries, in document order.
    struct Mapping: Equatable {
        var pairs: [Pair]
        var mark: Mark
        var count: Int { pairs.count }
    }

    /// One entry of a mapping.
    struct Pair: Equatable {
        var key: YAMLNode
        var value: YAMLNode
    }

    /// A list's items, in document order.
    struct List: Equatable {
        var items: [YAMLNode]
        var mark: Mark
    }

    /// Where the node starts.
    var mark: Mark {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .mapping(let mapping): mapping.mark
        case .sequence(let list): list.mark
        case .alias(let mark): mark
        }
    }

    /// The same tree as Yams composed it.
    init(_ node: Node) {
        func mark(_ mark: Yams.Mark?) -> Mark { Mark(line: mark?.line ?? 1, column: mark?.column ?? 1) }
        switch node {
        case .scalar(let scalar):
            let style: Style = switch scalar.style {
            case .any, .plain: .plain
            case .singleQuoted: .singleQuoted
            case .doubleQuoted: .doubleQuoted
            case .literal: .literal
            case .folded: .folded
            }
            self = .scalar(Scalar(string: scalar.string, style: style, mark: mark(scalar.mark)))
        case .mapping(let mapping):
            self = .mapping(Mapping(
                pairs: mapping.map { Pair(key: YAMLNode($0.key), value: YAMLNode($0.value)) }, mark: mark(mapping.mark)))
        case .sequence(let sequence):
            self = .sequence(List(items: sequence.map(YAMLNode.init), mark: mark(sequence.mark)))
        case .alias(let alias):
            self = .alias(mark(alias.mark))
        }
    }
}

extension YAMLNode.Mapping {
    /// The keys a case's mapping usually has (`name`, the caller, the
    /// operation, `expect` and one more): room made at once, not grown 1, 2, 4, 8.
    static let usualKeys = 6

    /// Mappings up to this many keys are scanned for a repeated key; longer ones hash.
    static let scannedKeys = 16

    /// Whether no key of `pairs` (the mapping's keys so far) has the text
    /// `key`. Past ``scannedKeys`` the texts are kept in `hashed`, which the
    /// caller keeps for the mapping and this records `key` in.
    static func isNewKey(_ key: String, in pairs: [YAMLNode.Pair], hashed: inout Set<String>) -> Bool {
        let count = pairs.count
        if count < scannedKeys {
            return !pairs.contains { if case .scalar(let other) = $0.key { other.string == key } else { true } }
        }
        if count == scannedKeys {
            for pair in pairs { if case .scalar(let other) = pair.key { hashed.insert(other.string) } }
        }
        return hashed.insert(key).inserted
    }
}
