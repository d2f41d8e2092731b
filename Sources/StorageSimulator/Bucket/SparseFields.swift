/// Fields that are usually all at their defaults.
protocol DefaultedFields: Hashable, Sendable {
    /// Every field at its default.
    init()
    /// Whether every field is at its default.
    var isDefault: Bool { get }
}

/// A value of `Fields` behind one shared, copy-on-write reference, which is
/// `nil` while every field is at its default.
///
/// Most writes leave these fields alone (an admin `put` gives no attribute;
/// most records set no cache control, custom metadata or download
/// tokens): then a copy, a comparison or the end of a value is one null
/// reference, and a record keeps 8 bytes for the fields rather than all of
/// them. Changed in place while one value holds the box, so that setting
/// several fields in a row makes one box.
struct SparseFields<Fields: DefaultedFields>: Hashable, Sendable {
    /// Unchecked `Sendable`: a box another value holds is never written
    /// (``change(_:)`` copies it first).
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box?

    /// Every field at its default.
    init() { box = nil }

    /// `fields`, boxed unless all are at their defaults.
    init(_ fields: Fields) { box = fields.isDefault ? nil : Box(fields) }

    /// The fields, `nil` while all are at their defaults (read one through
    /// this without making a value of the defaults).
    var nonDefault: Fields? { box?.fields }

    /// The fields, the defaults included.
    var fields: Fields { box?.fields ?? Fields() }

    /// Whether every field is at its default.
    var isDefault: Bool { box == nil }

    /// Applies `change`: in the box itself when this value is its only
    /// holder, else to a new box; no box once all fields are back at their defaults.
    mutating func change(_ change: (inout Fields) -> Void) {
        guard box != nil, isKnownUniquelyReferenced(&box) else {
            var changed = fields
            change(&changed)
            self = SparseFields(changed)
            return
        }
        change(&box!.fields)
        if box!.fields.isDefault { box = nil }
    }

    /// Equal when the fields are (two values sharing a box are).
    static func == (lhs: SparseFields, rhs: SparseFields) -> Bool {
        lhs.box === rhs.box || lhs.fields == rhs.fields
    }

    /// Hashes the fields, consistently with `==`.
    func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }
}
