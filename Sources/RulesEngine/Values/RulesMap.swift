/// A map of the rules language: string keys, any values.
///
/// Keys and values are listed in sorted key order (`keys()`, `values()`,
/// display), so output never depends on hashing.
public struct RulesMap: Sendable {
    /// Where the entries live.
    private enum Storage: Sendable {
        /// A map built from its entries.
        case dictionary([String: Value])
        /// `resource` or `request.resource`, whose entries are made when read.
        case object(ObjectRecord)
        /// `request`, whose entries are made when read.
        case request(RequestRecord)
    }

    private var storage: Storage

    /// The entries. Reading them from `resource` or `request.resource`
    /// makes the dictionary; member access and lookups do not.
    public var entries: [String: Value] {
        get {
            switch storage {
            case .dictionary(let entries): entries
            case .object(let record): record.entries
            case .request(let record): record.entries
            }
        }
        _modify {
            var entries = self.entries
            // Let go of the stored dictionary so the yielded one is unique
            // and changes in place.
            storage = .dictionary([:])
            defer { storage = .dictionary(entries) }
            yield &entries
        }
        set { storage = .dictionary(newValue) }
    }

    /// Creates a map.
    public init(_ entries: [String: Value] = [:]) {
        storage = .dictionary(entries)
    }

    /// The map of an object's fields (``StorageObjectFields/resourceValue``).
    init(object: ObjectRecord) {
        storage = .object(object)
    }

    /// The map of a request's fields (``Evaluator/requestValue``).
    init(request: RequestRecord) {
        storage = .request(request)
    }

    /// The object's fields, when this map is `resource` or `request.resource`.
    var objectRecord: ObjectRecord? {
        if case .object(let record) = storage { return record }
        return nil
    }

    /// The value for a key, if present. The key must match code unit for
    /// code unit: a canonically equivalent spelling is a different key.
    public subscript(key: String) -> Value? {
        get {
            switch storage {
            case .dictionary(let entries):
                guard let entry = Self.canonicalEntry(key, in: entries), entry.key.sameCodeUnits(as: key) else {
                    return nil
                }
                return entry.value
            case .object(let record):
                return ObjectField(rawValue: key).flatMap(record.value(of:))
            case .request(let record):
                return RequestField(rawValue: key).map(record.value(of:))
            }
        }
        set { entries[key] = newValue }
    }

    /// The value for a key made only of ASCII characters, such as a field
    /// name written in the rules: what ``subscript(_:)`` finds, without
    /// comparing the bytes again. The dictionary finds a canonically
    /// equivalent key; one of as many bytes is the same key, since every
    /// non-ASCII character takes two bytes or more and none decomposes into
    /// several ASCII characters.
    func value(forASCIIKey key: String) -> Value? {
        switch storage {
        case .dictionary(let entries):
            guard let entry = Self.canonicalEntry(key, in: entries), entry.key.utf8.count == key.utf8.count else {
                return nil
            }
            return entry.value
        case .object(let record):
            return ObjectField(rawValue: key).flatMap(record.value(of:))
        case .request(let record):
            return RequestField(rawValue: key).map(record.value(of:))
        }
    }

    /// The entry whose key the dictionary takes for `key`: canonically
    /// equivalent, not necessarily the same code units.
    @inline(__always)
    private static func canonicalEntry(_ key: String, in entries: [String: Value]) -> (key: String, value: Value)? {
        entries.index(forKey: key).map { entries[$0] }
    }

    /// The keys in the language's string order: by UTF-16 code units, as
    /// `<` compares strings (Java's `compareTo`), not by code points.
    public var sortedKeys: [String] { entries.keys.sorted { Evaluator.compareUTF16($0, $1) < 0 } }

    /// The number of entries.
    public var count: Int {
        switch storage {
        case .dictionary(let entries): entries.count
        case .object(let record): record.count
        case .request: RequestField.allCases.count
        }
    }
}

/// A set of the rules language. Elements are unique under set equality:
/// numbers compare by value (`1` and `1.0` are one element, so are `0.0`
/// and `-0.0`), and `NaN` equals itself. Insertion order is kept for display.
public struct RulesSet: Sendable {
    /// The elements, unique under set equality, in first-seen order.
    public private(set) var elements: [Value]

    /// Creates a set from values, keeping the first of equal elements.
    public init<S: Sequence>(_ values: S) where S.Element == Value {
        elements = []
        for value in values where !contains(value) {
            elements.append(value)
        }
    }

    /// Whether an equal element is present.
    public func contains(_ value: Value) -> Bool {
        elements.contains { $0.setEquals(value) }
    }

    /// The number of elements.
    public var count: Int { elements.count }
}

/// The result of `a.diff(b)`: `a` is the new map, `b` the old one.
public struct MapDiff: Sendable {
    /// The receiver of `diff` (usually the new state).
    public var new: RulesMap
    /// The argument of `diff` (usually the old state).
    public var old: RulesMap

    /// Creates a diff.
    public init(new: RulesMap, old: RulesMap) {
        self.new = new
        self.old = old
    }

    /// Keys in the new map only.
    public var addedKeys: [String] { new.sortedKeys.filter { old[$0] == nil } }
    /// Keys in the old map only.
    public var removedKeys: [String] { old.sortedKeys.filter { new[$0] == nil } }
    /// Keys in both whose values differ (numbers compare by value; NaN equals itself).
    public var changedKeys: [String] {
        sharedKeys { !$0.setEquals($1) }
    }
    /// Keys in both whose values are equal.
    public var unchangedKeys: [String] {
        sharedKeys { $0.setEquals($1) }
    }
    /// Added, removed and changed keys.
    public var affectedKeys: [String] { addedKeys + removedKeys + changedKeys }

    /// Keys of the new map, in order, that the old map has too and whose two values satisfy `test(old, new)`.
    private func sharedKeys(where test: (Value, Value) -> Bool) -> [String] {
        new.entries.sorted { $0.key < $1.key }.compactMap { key, value in
            guard let oldValue = old[key], test(oldValue, value) else { return nil }
            return key
        }
    }
}

/// A latitude/longitude pair in degrees.
public struct LatLng: Sendable, Hashable {
    /// Latitude, -90 to 90.
    public var latitude: Double
    /// Longitude, -180 to 180.
    public var longitude: Double

    /// Creates a pair without range checks (``latlng.value`` checks).
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
