/// Values by exact name: an open-addressing hash table whose slots hold
/// each value beside its name and the name's full 64-bit hash. A bucket's
/// entries by name (``StoredEntry``), and its directories' records
/// (``DirectorySummary``).
///
/// A `[ObjectName: StoredEntry]` lookup at a million objects reads the
/// occupancy bitmap, the key slot, the key's string storage and the value
/// slot (a cache miss each) and hashes the name with SipHash. Here a probe
/// reads one slot, and the name is compared only when the whole hash
/// agrees, which for a different name almost never happens. The slot holds
/// the name itself (its storage pointer, or the bytes of a name of up to 15),
/// so the comparison does not wait for the value to load first: the two
/// loads are independent, and the processor overlaps them.
///
/// A copy shares the slots until one of them is changed (copy-on-write), so
/// buckets restored from one snapshot share one table.
struct NameTable<Value> {
    /// One slot: empty when `value` is `nil`, and then its name is `""`
    /// (it holds no reference).
    private struct Slot {
        var hash: UInt64
        var name: String
        var value: Value?

        static var empty: Slot { Slot(hash: 0, name: "", value: nil) }
    }

    /// The slots' size and use, at the start of their storage.
    private struct Header {
        /// A power of two of slots.
        var size: Int
        /// The slots in use.
        var count: Int
    }

    /// The slots, in one allocation. Not an array: an array of slots
    /// destroys every slot, used or not, through the slot's value witness
    /// when it is freed (~45 instructions each), and doubling a table frees
    /// the old slots, all of them empty by then: a quarter of a name
    /// table's insert. Freed, this destroys only the slots in use, and the
    /// old slots of a doubling, moved out, none.
    private final class Storage: ManagedBuffer<Header, Slot> {
        /// `size` empty slots, written in one pass.
        static func make(size: Int) -> Storage {
            let storage = unsafeDowncast(
                Storage.create(minimumCapacity: size) { _ in Header(size: size, count: 0) }, to: Storage.self)
            storage.withUnsafeMutablePointerToElements { $0.initialize(repeating: .empty, count: size) }
            return storage
        }

        /// A copy, each value retained again.
        func copy() -> Storage {
            let header = self.shape
            let size = header.size
            let copy = unsafeDowncast(
                Storage.create(minimumCapacity: size) { _ in header }, to: Storage.self)
            withUnsafeMutablePointerToElements { source in
                copy.withUnsafeMutablePointerToElements { $0.initialize(from: source, count: size) }
            }
            return copy
        }

        /// The header, read through its address: `header` itself is a
        /// class property, each read a dynamic exclusivity check (~60
        /// instructions, as much as the rest of a probe).
        var shape: Header { withUnsafeMutablePointerToHeader { $0.pointee } }

        deinit {
            withUnsafeMutablePointers { header, slots in
                var remaining = header.pointee.count
                var index = 0
                while remaining > 0 {
                    if slots[index].value != nil {
                        (slots + index).deinitialize(count: 1)
                        remaining &-= 1
                    }
                    index &+= 1
                }
            }
        }
    }

    /// Shared by copies until one of them changes (``withUniqueSlots(_:)``).
    private var storage: Storage

    /// Slots in use, at most, per slot: linear probing stays short up to about this.
    private static var maximumLoad: Double { 0.7 }

    /// The number of values.
    var count: Int { storage.shape.count }

    /// An empty table with room for `capacity` values before it grows.
    init(capacity: Int = 0) {
        var size = 8
        while Double(capacity) > Double(size) * Self.maximumLoad { size *= 2 }
        storage = Storage.make(size: size)
    }

    /// Calls `body` with the slots, read-only.
    @inline(__always)
    private func withSlots<Result>(_ body: (UnsafeBufferPointer<Slot>) -> Result) -> Result {
        storage.withUnsafeMutablePointers { header, slots in
            body(UnsafeBufferPointer(start: slots, count: header.pointee.size))
        }
    }

    /// Calls `body` with the slots and the count, to change them; the
    /// storage is this table's alone by then.
    @inline(__always)
    private mutating func withUniqueSlots<Result>(_ body: (UnsafeMutableBufferPointer<Slot>, inout Int) -> Result) -> Result {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage.withUnsafeMutablePointers { header, slots in
            body(UnsafeMutableBufferPointer(start: slots, count: header.pointee.size), &header.pointee.count)
        }
    }

    /// The value stored under the name whose UTF-8 bytes are `name`.
    func value(forBytes name: UnsafeBufferPointer<UInt8>) -> Value? {
        withSlots { slots in
            slots[Self.position(of: name, hash: NameHash.hash(name), in: slots)].value
        }
    }

    /// The value stored under `name`.
    func value(named name: String) -> Value? {
        UTF8Order.withBytes(of: name) { value(forBytes: $0) }
    }

    /// Changes in place the value stored under the name whose UTF-8 bytes
    /// are `name`, returning `false` (and calling nothing) when there is none.
    mutating func modifyValue(forBytes name: UnsafeBufferPointer<UInt8>, _ body: (inout Value) -> Void) -> Bool {
        guard let position = slot(forBytes: name) else { return false }
        withUniqueSlots { slots, _ in body(&slots[position].value!) }
        return true
    }

    /// The slot holding a value under the name whose bytes are `name`, if
    /// any: found before the slots are made this table's own, so that a
    /// shared table is not copied for a name it lacks.
    private func slot(forBytes name: UnsafeBufferPointer<UInt8>) -> Int? {
        withSlots { slots in
            let position = Self.position(of: name, hash: NameHash.hash(name), in: slots)
            return slots[position].value == nil ? nil : position
        }
    }

    /// The slot holding a value under `name`, if any.
    private func slot(named name: String) -> Int? {
        UTF8Order.withBytes(of: name) { slot(forBytes: $0) }
    }

    /// Stores `value` under `name`, returning the value it replaced.
    @discardableResult
    mutating func insert(_ value: Value, named name: String) -> Value? {
        if Double(count + 1) > Double(storage.shape.size) * Self.maximumLoad { grow() }
        // Found and written through one view of the slots; the value
        // replaced is moved out, not copied and then released.
        return UTF8Order.withBytes(of: name) { probe -> Value? in
            let hash = NameHash.hash(probe)
            return withUniqueSlots { slots, count -> Value? in
                let position = Self.position(of: probe, hash: hash, in: UnsafeBufferPointer(slots))
                let previous = slots[position].value.take()
                slots[position].hash = hash
                slots[position].name = name
                slots[position].value = value
                if previous == nil { count += 1 }
                return previous
            }
        }
    }

    /// Removes the value stored under `name`, returning it.
    @discardableResult
    mutating func remove(named name: String) -> Value? {
        guard var hole = slot(named: name) else { return nil }
        return withUniqueSlots { slots, count -> Value? in
            let removed = slots[hole].value
            count -= 1
            // Backward-shift deletion: move up every later entry of the run that
            // may not sit past the hole, so no probe ever stops early at it.
            let mask = slots.count &- 1
            var next = (hole &+ 1) & mask
            while slots[next].value != nil {
                let home = Int(truncatingIfNeeded: slots[next].hash) & mask
                // Whether `home` lies cyclically outside (hole, next]: then the
                // entry at `next` may move back into the hole.
                let distanceToHome = (next &- home) & mask
                let distanceToHole = (next &- hole) & mask
                if distanceToHome >= distanceToHole {
                    slots[hole] = slots[next]
                    hole = next
                }
                next = (next &+ 1) & mask
            }
            slots[hole] = .empty
            return removed
        }
    }

    /// Removes every value.
    mutating func removeAll() {
        self = NameTable()
    }

    /// The slot holding the name whose bytes are `probe` (and hash `hash`),
    /// or the empty slot where it would go. Callers hash and probe with one
    /// view of the name's bytes.
    private static func position(
        of probe: UnsafeBufferPointer<UInt8>, hash: UInt64, in slots: UnsafeBufferPointer<Slot>
    ) -> Int {
        let mask = slots.count &- 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while slots[position].value != nil {
            if slots[position].hash == hash, UTF8Order.withBytes(of: slots[position].name, { IndexBytes.compare($0, probe) == 0 }) {
                return position
            }
            position = (position &+ 1) & mask
        }
        return position
    }

    /// Doubles the slots. Each value moves to its new slot: the old storage,
    /// this table's alone, is left with nothing to destroy. A shared one
    /// is copied from instead, each value retained again.
    private mutating func grow() {
        let moving = isKnownUniquelyReferenced(&storage)
        let old = storage
        let bigger = Storage.make(size: old.shape.size * 2)
        bigger.withUnsafeMutablePointers { header, slots in
            let mask = header.pointee.size - 1
            old.withUnsafeMutablePointers { oldHeader, oldSlots in
                for index in 0..<oldHeader.pointee.size where oldSlots[index].value != nil {
                    var position = Int(truncatingIfNeeded: oldSlots[index].hash) & mask
                    while slots[position].value != nil { position = (position + 1) & mask }
                    if moving {
                        // Moved out, the old slot left uninitialized (the old
                        // storage destroys nothing: its count is 0), and
                        // moved in over an empty slot, which holds no
                        // reference to release.
                        (slots + position).initialize(to: (oldSlots + index).move())
                    } else {
                        slots[position] = oldSlots[index]
                    }
                }
                header.pointee.count = oldHeader.pointee.count
                if moving { oldHeader.pointee.count = 0 }
            }
        }
        storage = bigger
    }
}

extension NameTable where Value == StoredEntry {
    /// A table of `entries`, whose names must all differ.
    init<Entries: Collection>(_ entries: Entries) where Entries.Element == StoredEntry {
        self.init(capacity: entries.count)
        for entry in entries { insert(entry) }
    }

    /// The entry named `name`.
    func entry(named name: String) -> StoredEntry? { value(named: name) }

    /// Stores `entry` under its name, returning the entry it replaced.
    @discardableResult
    mutating func insert(_ entry: StoredEntry) -> StoredEntry? { insert(entry, named: entry.name) }
}

/// The hash of names in a ``NameTable``: 64 bits, keyed per process.
///
/// Names come from clients of the emulator, so the hash is keyed with a
/// random seed, as Swift's own `Hasher` is, and one client cannot choose
/// names that collide in every run. It mixes eight bytes at a time with a
/// full-width multiply, a small fraction of SipHash's cost for a
/// twenty-byte name.
enum NameHash {
    private static let seed: (UInt64, UInt64) = (.random(in: .min ... .max), .random(in: .min ... .max))

    /// The hash of `bytes`.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let (first, second) = seed
        var state = first ^ UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset &+ 8 <= raw.count {
            state = fold(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ second, state ^ first)
            offset &+= 8
        }
        let remaining = raw.count &- offset
        if remaining > 0 {
            state = fold(tail(raw, from: offset, count: remaining) ^ second, state ^ first)
        }
        return fold(state ^ first, second ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// The last 1 to 7 bytes as one number, read in at most two loads
    /// rather than byte by byte. For a given count the bytes determine the
    /// number (the length itself is mixed in first).
    @inline(__always)
    private static func tail(_ raw: UnsafeRawBufferPointer, from offset: Int, count: Int) -> UInt64 {
        if count >= 4 {
            // Two four-byte loads, overlapping when fewer than eight remain.
            let low = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let high = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset &+ count &- 4, as: UInt32.self))
            return UInt64(low) | UInt64(high) << 32
        }
        // One to three bytes: the first, the middle and the last.
        let first = UInt64(raw[offset])
        let middle = UInt64(raw[offset &+ count >> 1])
        let last = UInt64(raw[offset &+ count &- 1])
        return first | middle << 8 | last << 16
    }

    /// The two halves of the 128-bit product, combined: every input bit
    /// reaches many output bits.
    @inline(__always)
    private static func fold(_ lhs: UInt64, _ rhs: UInt64) -> UInt64 {
        let product = lhs.multipliedFullWidth(by: rhs)
        return product.high ^ product.low
    }
}
