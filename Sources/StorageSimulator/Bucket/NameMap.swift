/// Objects by name, remembering the one found or added last: a simulator's
/// buckets, and its ``Storage`` instances' slots (``StorageInstances``).
///
/// Almost every operation in a row names the same bucket, and comparing
/// one name (often the very same string storage) costs a fraction of
/// hashing it for the dictionary.
///
/// Not thread-safe by itself: ``StorageSimulator`` keeps each under a lock.
struct NameMap<Element: AnyObject> {
    /// Every element, by name.
    private(set) var byName: [String: Element]
    /// The element found or added last, with its name.
    private var recent: (name: String, element: Element)?

    /// A map of `elements`, by their names.
    init(_ elements: [String: Element] = [:]) {
        byName = elements
    }

    /// The element named `name`, if there is one.
    mutating func element(named name: String) -> Element? {
        if let recent, recent.name == name { return recent.element }
        let found = byName[name]
        if let found { recent = (name, found) }
        return found
    }

    /// Adds `element` under `name`.
    mutating func add(_ element: Element, named name: String) {
        byName[name] = element
        recent = (name, element)
    }
}

/// A simulator's buckets.
typealias BucketMap = NameMap<BucketStore>
