extension Value {
    /// `==` of the rules language: values of different types are unequal
    /// (never an error), except that ints and floats compare numerically.
    /// Lists compare element-wise, maps by keys and values, sets ignore order.
    public func rulesEquals(_ other: Value) -> Bool {
        switch (self, other) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.float(let a), .float(let b)): a == b
        case (.int(let a), .float(let b)): Double(a) == b
        case (.float(let a), .int(let b)): a == Double(b)
        case (.string(let a), .string(let b)): a.sameCodeUnits(as: b)
        case (.bytes(let a), .bytes(let b)): a == b
        case (.list(let a), .list(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.rulesEquals($1) }
        case (.map(let a), .map(let b)):
            a.count == b.count
                && a.entries.allSatisfy { key, value in b[key].map { value.rulesEquals($0) } ?? false }
        case (.set(let a), .set(let b)):
            a.count == b.count && a.elements.allSatisfy { b.contains($0) }
        case (.mapDiff(let a), .mapDiff(let b)):
            Value.map(a.new).rulesEquals(.map(b.new)) && Value.map(a.old).rulesEquals(.map(b.old))
        case (.path(let a), .path(let b)):
            a.segments.count == b.segments.count && zip(a.segments, b.segments).allSatisfy { $0.sameCodeUnits(as: $1) }
        case (.timestamp(let a), .timestamp(let b)): a == b
        case (.duration(let a), .duration(let b)): a == b
        case (.latlng(let a), .latlng(let b)): a == b
        default: false
        }
    }

    /// Equality used for set membership and map diffs: like ``rulesEquals(_:)``
    /// but `NaN` equals `NaN` and the rule applies at every depth.
    public func setEquals(_ other: Value) -> Bool {
        switch (self, other) {
        case (.float(let a), .float(let b)) where a.isNaN && b.isNaN: true
        case (.list(let a), .list(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.setEquals($1) }
        case (.map(let a), .map(let b)):
            a.count == b.count
                && a.entries.allSatisfy { key, value in b[key].map { value.setEquals($0) } ?? false }
        default: rulesEquals(other)
        }
    }
}

extension String {
    /// Whether two strings have the same code units. The service compares
    /// Java strings, so `'e\u0301'` and `'\u00e9'` differ, while Swift's `==`
    /// treats canonically equivalent strings as equal.
    @inline(__always)
    func sameCodeUnits(as other: String) -> Bool {
        // Different lengths (the usual mismatch) cost two loads; only equal
        // lengths compare bytes.
        utf8.count == other.utf8.count && sameUTF8(as: other)
    }

    /// Whether the UTF-8 bytes of two strings of equal length are equal.
    private func sameUTF8(as other: String) -> Bool {
        // Native strings are contiguous UTF-8: compare the buffers directly
        // instead of through the generic, index-by-index `elementsEqual`.
        let compared = utf8.withContiguousStorageIfAvailable { lhs in
            other.utf8.withContiguousStorageIfAvailable { rhs in
                for offset in 0..<lhs.count where lhs[offset] != rhs[offset] { return false }
                return true
            }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}
