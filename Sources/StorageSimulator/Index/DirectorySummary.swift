#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a directory of a bucket holds.
struct DirectoryRecord: Equatable {
    /// Names that start with the directory, at any depth.
    var names: Int
    /// Names whose last `/` ends the directory: the items a `/`-delimited
    /// listing of the directory shows.
    var items: Int
    /// No item orders after this name; `nil` when there are no items. The
    /// last item itself, until that is removed: the name then stays as a
    /// bound (finding the new last item would mean walking back through
    /// the index), which lets fewer listings stop seeking early, and none
    /// stop too early.
    var itemBound: String?

    /// Counts `name`, an item of the directory, as added (`delta` 1) or removed (-1).
    mutating func change(item name: ObjectName, by delta: Int) {
        items += delta
        if delta < 0 {
            if items == 0 { itemBound = nil }
        } else if itemBound.map({ ObjectName($0) < name }) ?? true {
            itemBound = name.string
        }
    }

    /// Whether an item may order at or after `position`.
    func mayHaveItem(atOrAfter position: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let itemBound else { return false }
        return ObjectName(itemBound).withBytes { IndexBytes.compare($0, position) >= 0 }
    }
}

/// The directories of a bucket's object names, in name order, each with
/// its counts: every prefix of a name that ends with `/` (`a/` and `a/b/`
/// for `a/b/c`, `a/` and `a//` for `a//c`).
///
/// A `/`-delimited listing rolls each name up into its first directory
/// after the query's prefix, and finding the next such directory in the
/// name index means a seek that lands in a leaf no earlier seek read: at a
/// million objects, one load from memory per prefix of the page. Once no
/// item of the listed folder can follow (its ``DirectoryRecord`` says how
/// many there are and where the last one is), everything left on the page
/// is a child directory, and those lie next to each other here, in a tree
/// as small as the number of directories.
///
/// The records are kept by name in a hash table, so a new or removed name
/// costs a hash and a probe per directory level of its name; the tree of
/// directory names changes only when a directory appears or goes.
///
/// A copy shares the table and the tree until one of them changes
/// (copy-on-write), as buckets restored from one snapshot share their name
/// index. The three parts sit in one box, so that a copy of a bucket's
/// contents (a test runner makes one for each case) retains one reference.
struct DirectorySummary {
    /// The summary's parts, in one box. Its properties skip Swift's dynamic
    /// exclusivity checks: a summary is only used under its bucket's lock.
    private final class State {
        /// The directories' names, in order, each its own element: an index
        /// leaf keeps its keys as bytes only, and a listing hands out the
        /// names themselves rather than making strings of those bytes.
        /// Shared with the state this was copied from until a directory comes or goes.
        @exclusivity(unchecked) var order: OrderedIndex<ObjectName, String>
        /// Each directory's record, by its name.
        @exclusivity(unchecked) var records: NameTable<DirectoryRecord>
        /// The root's record: every name is under it, and its items are the names without a `/`.
        @exclusivity(unchecked) var root: DirectoryRecord

        init(order: OrderedIndex<ObjectName, String>, records: NameTable<DirectoryRecord>, root: DirectoryRecord) {
            self.order = order
            self.records = records
            self.root = root
        }

        /// The tree of names, copied first if another state shares it.
        func uniqueOrder() -> OrderedIndex<ObjectName, String> {
            if !isKnownUniquelyReferenced(&order) { order = order.copy() }
            return order
        }
    }

    /// Shared by copies; changed only after ``uniqueState()``.
    private var state: State

    /// The summary of a bucket without objects.
    init() {
        state = State(order: OrderedIndex(), records: NameTable(), root: DirectoryRecord(names: 0, items: 0))
    }

    /// The summary of `names`, which must be in UTF-8 byte order with no
    /// name twice: built in one pass, each directory appended when the
    /// first name under it arrives (the names under a directory are
    /// consecutive, so directories first arrive in their own order).
    init<Names: Sequence>(sortedNames names: Names) where Names.Element == String {
        var keys: [ObjectName] = []
        var records: [DirectoryRecord] = []
        // The directories of the latest name, outermost first: each one's
        // length and its position in `keys`. All are prefixes of `openBytes`.
        var open: [(length: Int, position: Int)] = []
        var openBytes: [UInt8] = []
        var root = DirectoryRecord(names: 0, items: 0)
        for name in names {
            let name = ObjectName(name)
            name.withBytes { bytes in
                let common = openBytes.withUnsafeBufferPointer { IndexBytes.commonPrefixLength($0, bytes) }
                while let last = open.last, last.length > common { open.removeLast() }
                var searched = open.last?.length ?? 0
                while let length = Self.directoryLength(in: bytes, after: searched) {
                    keys.append(ObjectName(String(decoding: UnsafeBufferPointer(rebasing: bytes[..<length]), as: UTF8.self)))
                    records.append(DirectoryRecord(names: 0, items: 0))
                    open.append((length, keys.count - 1))
                    openBytes = Array(bytes[..<length])
                    searched = length
                }
                root.names += 1
                for directory in open { records[directory.position].names += 1 }
                if let deepest = open.last {
                    records[deepest.position].change(item: name, by: 1)
                } else {
                    root.change(item: name, by: 1)
                }
            }
        }
        var table = NameTable<DirectoryRecord>(capacity: keys.count)
        for (key, record) in zip(keys, records) { table.insert(record, named: key.string) }
        state = State(
            order: OrderedIndex(sortedKeys: keys, elements: keys.map(\.string)), records: table, root: root)
    }

    /// The number of directories.
    var count: Int { state.records.count }

    /// The record of `folder`: the root for no bytes, otherwise a directory
    /// (ending with `/`), `nil` when no name is under it.
    func record(of folder: UnsafeBufferPointer<UInt8>) -> DirectoryRecord? {
        folder.isEmpty ? state.root : state.records.value(forBytes: folder)
    }

    /// Counts a name just added to the bucket.
    mutating func add(_ name: ObjectName) { change(name, by: 1) }

    /// Stops counting a name just removed from the bucket.
    mutating func remove(_ name: ObjectName) { change(name, by: -1) }

    private mutating func change(_ name: ObjectName, by delta: Int) {
        let state = uniqueState()
        name.withBytes { bytes in
            var length = Self.directoryLength(in: bytes, after: 0)
            state.root.names += delta
            if length == nil { state.root.change(item: name, by: delta) }
            while let directoryLength = length {
                let next = Self.directoryLength(in: bytes, after: directoryLength)
                let directory = UnsafeBufferPointer(rebasing: bytes[..<directoryLength])
                var emptied = false
                let found = state.records.modifyValue(forBytes: directory) { record in
                    record.names += delta
                    if next == nil { record.change(item: name, by: delta) }
                    emptied = record.names == 0
                }
                if !found {
                    assert(delta > 0, "a removed name was counted when it was added")
                    var record = DirectoryRecord(names: 1, items: 0)
                    if next == nil { record.change(item: name, by: 1) }
                    let directoryName = String(decoding: directory, as: UTF8.self)
                    state.records.insert(record, named: directoryName)
                    state.uniqueOrder().insert(directoryName, for: ObjectName(directoryName))
                } else if emptied {
                    let directoryName = String(decoding: directory, as: UTF8.self)
                    state.records.remove(named: directoryName)
                    state.uniqueOrder().remove(ObjectName(directoryName))
                }
                length = next
            }
        }
    }

    /// The state, copied first if another summary shares it (the copy
    /// shares the tree of names until a directory comes or goes).
    private mutating func uniqueState() -> State {
        if !isKnownUniquelyReferenced(&state) {
            state = State(order: state.order, records: state.records, root: state.root)
        }
        return state
    }

    /// Appends to `prefixes` the directories one level below `folder` (the
    /// root for no bytes, otherwise bytes ending with `/`) whose names do
    /// not order before `bound`, in name order, at most `room` of them.
    /// Returns whether more follow.
    func appendChildren(
        of folder: UnsafeBufferPointer<UInt8>, from bound: [UInt8], room: Int, to prefixes: inout [String]
    ) -> Bool {
        var cursor = state.order.cursor(atLeast: bound)
        var added = 0
        var seekBound: [UInt8] = []
        while let name = cursor.element {
            let step = UTF8Order.withBytes(of: name) { key -> Step in
                switch Self.place(key, in: folder) {
                case .past:
                    return .stop
                case .folder:
                    return .advance
                case .child:
                    if added == room { return .full }
                    prefixes.append(name)
                    added += 1
                    return .advance
                case .under(let childLength):
                    // The child came before this directory (it orders first and
                    // is present whenever a name is under it): skip past all of it.
                    seekBound.removeAll(keepingCapacity: true)
                    seekBound.append(contentsOf: key[..<childLength])
                    seekBound.append(0xFF)
                    return .seek
                }
            }
            switch step {
            case .stop: return false
            case .full: return true
            case .advance: cursor.advance()
            case .seek: seekBound.withUnsafeBufferPointer { cursor.seek(atLeast: $0) }
            }
        }
        return false
    }

    /// What ``appendChildren(of:from:room:to:)`` does after a directory.
    private enum Step {
        case stop, full, advance, seek
    }

    /// Where a directory stands to a folder a listing walks.
    private enum Place {
        /// Not under the folder: the folder's directories are behind.
        case past
        /// The folder itself.
        case folder
        /// One level below the folder: a prefix of its listing.
        case child
        /// Deeper, under the child of the folder made of its first `childLength` bytes.
        case under(childLength: Int)
    }

    private static func place(_ directory: UnsafeBufferPointer<UInt8>, in folder: UnsafeBufferPointer<UInt8>) -> Place {
        guard directory.count >= folder.count else { return .past }
        if let base = directory.baseAddress, let start = folder.baseAddress, memcmp(base, start, folder.count) != 0 {
            return .past
        }
        // A directory ends with `/`, so past the folder there is always one.
        guard let childLength = directoryLength(in: directory, after: folder.count) else { return .folder }
        return childLength == directory.count ? .child : .under(childLength: childLength)
    }

    /// The length of the directory that ends at the first `/` of `bytes` at
    /// or after offset `start`, if there is one.
    @inline(__always)
    private static func directoryLength(in bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(UInt8(ascii: "/")), bytes.count - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
    }
}
