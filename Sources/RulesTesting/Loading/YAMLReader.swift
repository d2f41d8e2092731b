import RulesEngine

/// Strict access to a composed YAML tree: every accessor checks the node's
/// kind and reports mistakes with file, line and key. The `what` of the
/// scalar and list accessors (often interpolated) is built only for a message.
struct YAMLReader {
    /// The suite file's path, for messages.
    let file: String

    func location(of node: YAMLNode) -> SuiteLocation {
        let mark = node.mark
        return SuiteLocation(file: file, line: mark.line, column: mark.column)
    }

    func error(_ message: String, at node: YAMLNode, key: String? = nil) -> SuiteLoadError {
        SuiteLoadError(location: location(of: node), message: message, key: key)
    }

    /// A mapping whose keys are all plain strings, checked for duplicates and
    /// against the allowed keys (in document order, so the first typo is named).
    func mapping(_ node: YAMLNode, what: String, allowed: [String]? = nil) throws(SuiteLoadError) -> Fields {
        guard case .mapping(let mapping) = node else {
            throw error("\(what) must be a mapping, found \(kindName(node))", at: node)
        }
        var ids: [SuiteKey] = []
        ids.reserveCapacity(mapping.count)
        var present = SuiteKeys([])
        // Mappings in suites are small: a linear scan finds duplicates faster than hashing.
        var seen: Set<String> = []
        let hashes = mapping.count > 16
        let pairs = mapping.pairs
        for index in pairs.indices {
            guard case .scalar(let scalar) = pairs[index].key else {
                throw error("keys of \(what) must be strings", at: pairs[index].key)
            }
            let key = scalar.string
            let id = scalar.key ?? SuiteKey(key)
            let isDuplicate =
                if hashes {
                    !seen.insert(key).inserted
                } else if id == .other {
                    Self.hasOtherKey(key, in: pairs[..<index], ids: ids)
                } else {
                    present.contains(id)
                }
            if isDuplicate {
                throw error("duplicate key `\(key)` in \(what)", at: pairs[index].key, key: key)
            }
            if let allowed, !allowed.contains(key) {
                throw unknownKey(key, at: pairs[index].key, in: what, allowed: allowed)
            }
            ids.append(id)
            present.insert(id)
        }
        return Fields(reader: self, node: node, what: what, pairs: mapping.pairs, ids: ids, present: present)
    }

    /// Whether one of `pairs`, whose interned keys are `ids`, has the key
    /// `key`, which is not interned.
    private static func hasOtherKey(_ key: String, in pairs: ArraySlice<YAMLNode.Pair>, ids: [SuiteKey]) -> Bool {
        pairs.indices.contains { ids[$0] == .other && Fields.text(of: pairs[$0].key) == key }
    }

    func unknownKey(_ key: String, at keyNode: YAMLNode, in what: String, allowed: [String]) -> SuiteLoadError {
        var message = "unknown key `\(key)` in \(what)"
        if let suggestion = closestMatch(to: key, in: allowed) {
            message += " (did you mean `\(suggestion)`?)"
        }
        return error(message, at: keyNode, key: key)
    }

    func sequence(_ node: YAMLNode, what: @autoclosure () -> String) throws(SuiteLoadError) -> [YAMLNode] {
        guard case .sequence(let sequence) = node else {
            throw error("\(what()) must be a list, found \(kindName(node))", at: node)
        }
        return sequence.items
    }

    /// A scalar's text; `null` and collections are rejected.
    func string(_ node: YAMLNode, what: @autoclosure () -> String) throws(SuiteLoadError) -> String {
        guard case .scalar(let scalar) = node, !isNull(node) else {
            throw error("\(what()) must be a string, found \(kindName(node))", at: node)
        }
        return scalar.string
    }

    func int(_ node: YAMLNode, what: @autoclosure () -> String) throws(SuiteLoadError) -> Int64 {
        if case .int(let value) = scalarValue(node) { return value }
        if let digits = Self.outOfRangeInteger(node) {
            throw error("\(what()) is out of range, found \(digits)", at: node)
        }
        throw error("\(what()) must be an integer, found \(kindName(node))", at: node)
    }

    /// The text of a plain scalar written as a decimal integer too large for 64 bits, or `nil`.
    static func outOfRangeInteger(_ node: YAMLNode) -> String? {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return nil }
        let text = scalar.string
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), Int64(text) == nil else { return nil }
        return text
    }

    func bool(_ node: YAMLNode, what: @autoclosure () -> String) throws(SuiteLoadError) -> Bool {
        if case .bool(let value) = scalarValue(node) { return value }
        throw error("\(what()) must be `true` or `false`, found \(kindName(node))", at: node)
    }

    func isNull(_ node: YAMLNode) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        return CoreSchema.isNull(scalar.string)
    }

    /// An RFC 3339 timestamp such as `2026-01-01T00:00:00Z`.
    func timestamp(_ node: YAMLNode, what: @autoclosure () -> String) throws(SuiteLoadError) -> Timestamp {
        let text = try string(node, what: what())
        guard let value = Timestamp(rfc3339: text) else {
            throw error("\(what()) must be an RFC 3339 timestamp such as `2026-01-01T00:00:00Z`, found `\(text)`", at: node)
        }
        return value
    }

    /// Converts any YAML value to a rules value: ints stay ints, floats
    /// floats; quoted scalars are always strings.
    func value(_ node: YAMLNode) throws(SuiteLoadError) -> Value {
        switch node {
        case .scalar:
            return scalarValue(node) ?? .null
        case .sequence(let sequence):
            var items: [Value] = []
            for item in sequence.items { items.append(try value(item)) }
            return .list(items)
        case .mapping:
            return .map(try map(node, what: "a map"))
        case .alias:
            throw error("YAML aliases are not supported", at: node)
        }
    }

    func map(_ node: YAMLNode, what: String) throws(SuiteLoadError) -> RulesMap {
        let fields = try mapping(node, what: what)
        var entries: [String: Value] = [:]
        for entry in fields.entries { entries[entry.key] = try value(entry.value) }
        return RulesMap(entries)
    }

    /// A map of string values (custom metadata); scalars are taken as text.
    func stringMap(_ node: YAMLNode, what: String) throws(SuiteLoadError) -> [String: String] {
        let fields = try mapping(node, what: what)
        var result: [String: String] = [:]
        for entry in fields.entries {
            result[entry.key] = try string(entry.value, what: "`\(entry.key)` in \(what)")
        }
        return result
    }

    /// A list of strings.
    func strings(_ node: YAMLNode, what: String) throws(SuiteLoadError) -> [String] {
        var result: [String] = []
        for item in try sequence(node, what: what) {
            result.append(try string(item, what: "each entry of \(what)"))
        }
        return result
    }

    /// The YAML 1.2 core-schema value of a scalar, `nil` for collections.
    func scalarValue(_ node: YAMLNode) -> Value? {
        guard case .scalar(let scalar) = node else { return nil }
        guard scalar.style == .plain else { return .string(scalar.string) }
        return CoreSchema.resolve(scalar.string)
    }

    func kindName(_ node: YAMLNode) -> String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        case .scalar(let scalar):
            switch scalarValue(node) {
            case .null?: "null"
            case .bool?: "a boolean"
            case .int?: "an integer"
            case .float?: "a number"
            default: "the string `\(scalar.string)`"
            }
        }
    }
}

/// The entries of one mapping, with typed, strict accessors.
struct Fields {
    let reader: YAMLReader
    let node: YAMLNode
    let what: String
    /// The mapping's pairs, shared with its node.
    let pairs: [YAMLNode.Pair]
    /// The keys interned, in the same order: the loader finds a key by its
    /// id, touching no node (searching the pairs copies every key passed).
    let ids: [SuiteKey]
    /// Every interned key present (``SuiteKey/other`` for any other key).
    let present: SuiteKeys

    /// The keys' texts, in document order (made on demand, for messages and
    /// for keys the loader does not intern).
    var keys: [String] { pairs.map { Self.text(of: $0.key) } }

    /// A key's text (``YAMLReader/mapping(_:what:allowed:)`` accepts only scalar keys).
    static func text(of key: YAMLNode) -> String {
        if case .scalar(let scalar) = key { return scalar.string }
        return ""
    }

    /// Each key's text, node and value, in document order (built on demand).
    var entries: [(key: String, keyNode: YAMLNode, value: YAMLNode)] {
        pairs.map { (Self.text(of: $0.key), $0.key, $0.value) }
    }

    func has(_ key: SuiteKey) -> Bool { present.contains(key) }

    func has(_ key: String) -> Bool { index(of: key) != nil }

    /// Whether every key is one of `allowed` (none is ``SuiteKey/other``).
    func hasOnly(_ allowed: SuiteKeys) -> Bool { present.isSubset(of: allowed) && !present.contains(.other) }

    /// The same fields, checked against the allowed keys in document order
    /// (what ``YAMLReader/mapping(_:what:allowed:)`` reports, for a mapping
    /// already read without a key list).
    func restricted(to allowed: [String]) throws(SuiteLoadError) -> Fields {
        for (index, key) in keys.enumerated() where !allowed.contains(key) {
            throw reader.unknownKey(key, at: pairs[index].key, in: what, allowed: allowed)
        }
        return self
    }

    /// Where `key` is among the pairs.
    private func index(of key: SuiteKey) -> Int? {
        guard present.contains(key) else { return nil }
        return ids.firstIndex(of: key)
    }

    /// Where `key` is among the pairs; a key the loader interns is found by its id.
    private func index(of key: String) -> Int? {
        let id = SuiteKey(key)
        guard id == .other else { return index(of: id) }
        return ids.indices.first { ids[$0] == .other && Self.text(of: pairs[$0].key) == key }
    }

    subscript(key: SuiteKey) -> YAMLNode? { index(of: key).map { pairs[$0].value } }

    subscript(key: String) -> YAMLNode? { index(of: key).map { pairs[$0].value } }

    func keyNode(_ key: String) -> YAMLNode? { index(of: key).map { pairs[$0].key } }

    func required(_ key: SuiteKey) throws(SuiteLoadError) -> YAMLNode {
        guard let value = self[key] else {
            throw reader.error("\(what) is missing the required key `\(key.text)`", at: node, key: key.text)
        }
        return value
    }

    func required(_ key: String) throws(SuiteLoadError) -> YAMLNode {
        guard let value = self[key] else {
            throw reader.error("\(what) is missing the required key `\(key)`", at: node, key: key)
        }
        return value
    }

    func string(_ key: SuiteKey) throws(SuiteLoadError) -> String? {
        guard let value = self[key] else { return nil }
        return try reader.string(value, what: "`\(key.text)`")
    }

    func string(_ key: String) throws(SuiteLoadError) -> String? {
        guard let value = self[key] else { return nil }
        return try reader.string(value, what: "`\(key)`")
    }

    /// A string or `null` (which reads as `nil`).
    func optionalString(_ key: SuiteKey) throws(SuiteLoadError) -> String? {
        guard let value = self[key], !reader.isNull(value) else { return nil }
        return try reader.string(value, what: "`\(key.text)`")
    }

    /// At most one of the keys is present; returns it.
    func exclusive(_ candidates: [SuiteKey]) throws(SuiteLoadError) -> SuiteKey? {
        let wanted = SuiteKeys(candidates)
        guard present.bits & wanted.bits != 0 else { return nil }
        // Usually one key: only a conflict collects them all.
        var found: SuiteKey?
        for id in ids where wanted.contains(id) {
            if found != nil { throw conflict(candidates.map(\.text)) }
            found = id
        }
        return found
    }

    /// At most one of the keys is present; returns it.
    func exclusive(_ candidates: [String]) throws(SuiteLoadError) -> String? {
        // Usually one key or none: only a conflict collects them all.
        var found: String?
        for key in keys where candidates.contains(key) {
            if found != nil { throw conflict(candidates) }
            found = key
        }
        return found
    }

    /// The error for two or more of `candidates` present, naming them all.
    private func conflict(_ candidates: [String]) -> SuiteLoadError {
        let present = keys.filter { candidates.contains($0) }
        let names = present.map { "`\($0)`" }.joined(separator: " and ")
        return reader.error("\(what) has both \(names); give only one", at: keyNode(present[1]) ?? node, key: present[1])
    }
}

/// Scalar resolution of the YAML 1.2 core schema (no `yes`/`no` booleans,
/// no sexagesimal numbers).
enum CoreSchema {
    /// Whether a plain scalar is `null` (what ``resolve(_:)`` gives `.null` for).
    static func isNull(_ text: String) -> Bool {
        // By length and first byte first: every string a loader reads is
        // checked, and a `switch` on strings compares with each case in turn.
        let utf8 = text.utf8
        switch utf8.count {
        case 0: return true
        case 1: return text == "~"
        case 4: return utf8.first == UInt8(ascii: "n") || utf8.first == UInt8(ascii: "N") ? text == "null" || text == "Null" || text == "NULL" : false
        default: return false
        }
    }

    /// The value of a plain scalar: null, boolean, integer, float, else the text itself.
    static func resolve(_ text: String) -> Value {
        resolveByFirstByte(text) ?? resolveFully(text)
    }

    /// ``resolve(_:)`` by the schema's rules alone.
    static func resolveFully(_ text: String) -> Value {
        if isNull(text) { return .null }
        switch text {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        if let int = integer(text) { return .int(int) }
        if isFloatSyntax(text), let double = Double(text) { return .float(double) }
        return .string(text)
    }

    /// What the first bytes settle without the full rules: text that cannot
    /// begin a null, a boolean, a number, `.inf` or `.nan` is a string, and up
    /// to 18 decimal digits (no sign, no leading zero) are an integer that fits.
    /// `nil` leaves the text to the full rules.
    static func resolveByFirstByte(_ original: String) -> Value? {
        var text = original
        return text.withUTF8 { bytes -> Value? in
            guard let first = bytes.first else { return nil }
            switch first {
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                guard bytes.count <= 18 else { return nil }
                var value: Int64 = 0
                for byte in bytes {
                    guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                }
                return .int(value)
            case UInt8(ascii: "0"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "~"),
                UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
                return nil
            default:
                return .string(original)
            }
        }
    }

    private static func integer(_ text: String) -> Int64? {
        for (prefix, radix) in [("0x", 16), ("0o", 8)] where text.hasPrefix(prefix) {
            // Digits only: Swift's parser would also take a sign after the prefix.
            let digits = text.dropFirst(2)
            guard !digits.isEmpty, digits.allSatisfy({ ($0.hexDigitValue ?? radix) < radix }) else { return nil }
            return Int64(digits, radix: radix)
        }
        var digits = Substring(text)
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    private static func isFloatSyntax(_ text: String) -> Bool {
        var scalars = Substring(text)
        if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
        var sawDigit = false
        var sawDot = false
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let character = scalars[index]
            if character.isASCII && character.isNumber {
                sawDigit = true
            } else if character == "." && !sawDot {
                sawDot = true
            } else if character == "e" || character == "E" {
                let rest = scalars[scalars.index(after: index)...]
                let exponent = rest.first == "+" || rest.first == "-" ? rest.dropFirst() : rest
                return sawDigit && !exponent.isEmpty && exponent.allSatisfy { $0.isASCII && $0.isNumber }
            } else {
                return false
            }
            index = scalars.index(after: index)
        }
        return sawDigit
    }
}

/// The nearest allowed key by edit distance, for "did you mean" hints.
func closestMatch(to key: String, in candidates: [String]) -> String? {
    let lowered = Array(key.lowercased())
    var best: (String, Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, Array(candidate.lowercased()))
        if distance <= max(1, candidate.count / 3), distance < (best?.1 ?? Int.max) {
            best = (candidate, distance)
        }
    }
    return best?.0
}

/// Edit distance where swapping two neighbouring characters counts as one edit.
private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = Array(repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        beforePrevious = previous
        previous = current
    }
    return previous[b.count]
}

extension Character {
    /// `0` to `9`.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
