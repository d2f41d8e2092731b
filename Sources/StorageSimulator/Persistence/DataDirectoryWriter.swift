import Foundation

/// Writes a simulator's changes through to a data folder, in the order they
/// took effect in memory.
///
/// ``prepare(_:)`` runs under the lock that ordered the change and only
/// takes a sequence number; the file work runs after that lock is released,
/// so writes to different objects proceed in parallel. Writes to one object
/// are serialized, and one that arrives after a later change to the same
/// object was already written is dropped (the later state is on disk). A
/// reset removes what was written before it and waits for writes in flight
/// that it supersedes.
final class DataDirectoryWriter: StorageChangeObserver, @unchecked Sendable {
    /// What is on disk for one object.
    private struct DiskObject {
        let id: String
        let generation: Int64
    }

    private let layout: ExportLayout
    private let log: @Sendable (String) -> Void
    /// Guards every `var` below; waited on while an object is being written.
    private let condition = NSCondition()
    private var nextSequence: Int64 = 1
    /// Changes prepared but not yet applied.
    private var pending = 0
    private var onDisk: [ObjectKey: DiskObject] = [:]
    /// The sequence of the last change applied per object, while changes are pending.
    private var lastApplied: [ObjectKey: Int64] = [:]
    /// The objects being written, and the sequence of the change being written.
    private var busy: [ObjectKey: Int64] = [:]
    /// Changes before this one were wiped by a reset.
    private var resetSequence: Int64 = 0
    private let bucketsLock = NSLock()
    private var bucketsSequence: Int64 = 0

    init(layout: ExportLayout, onDisk objects: [(StoredObject, String)], log: @escaping @Sendable (String) -> Void) {
        self.layout = layout
        self.log = log
        for (object, id) in objects {
            onDisk[ObjectKey(bucket: object.bucket, name: object.name)] = DiskObject(id: id, generation: object.generation)
        }
    }

    func prepare(_ change: StorageChange) -> (@Sendable () -> Void)? {
        switch change {
        case .object(let bucket, let name, _, let current):
            let sequence = takeSequences(1)
            let key = ObjectKey(bucket: bucket, name: name)
            return { self.apply(key, current: current, sequence: sequence) }
        case .bucketsChanged(let names):
            let sequence = takeSequences(1, pending: 0)
            return { self.writeBuckets(names, sequence: sequence) }
        case .everythingReplaced(let buckets):
            let entries = buckets.flatMap(\.entries)
            let first = takeSequences(entries.count + 1, pending: entries.count)
            return {
                self.wipe(before: first)
                self.writeBuckets(buckets.map(\.name), sequence: first)
                for (offset, entry) in entries.enumerated() {
                    let key = ObjectKey(bucket: entry.object.bucket, name: entry.name)
                    self.apply(key, current: entry, sequence: first + 1 + Int64(offset))
                }
            }
        }
    }

    /// Writes `buckets.json` now (at start-up).
    func writeBuckets(_ names: [String]) throws(PersistenceError) {
        try DurableFiles.write(ExportLayout.bucketsJSON(names), to: layout.bucketsFile, staging: layout.stagingFolder)
    }

    /// Reserves `count` consecutive sequence numbers, `pendingCount` of
    /// them for object changes that ``apply(_:current:sequence:)`` will finish.
    private func takeSequences(_ count: Int, pending pendingCount: Int? = nil) -> Int64 {
        condition.lock()
        defer { condition.unlock() }
        let first = nextSequence
        nextSequence += Int64(max(count, 1))
        pending += pendingCount ?? count
        return first
    }

    /// Brings one object's files to `current` (`nil`: removed).
    private func apply(_ key: ObjectKey, current: StoredEntry?, sequence: Int64) {
        condition.lock()
        while busy[key] != nil { condition.wait() }
        if sequence < resetSequence || sequence <= lastApplied[key, default: 0] {
            finish(key, sequence: sequence, disk: onDisk[key], claimed: false)
            return
        }
        busy[key] = sequence
        var disk = onDisk[key]
        condition.unlock()
        do {
            if let current {
                if let existing = disk, existing.generation == current.object.generation {
                    try writeRecord(current.object, id: existing.id)
                } else {
                    let id = UUID().uuidString.lowercased()
                    try DurableFiles.write(current.bytes, to: layout.blobPath(id), staging: layout.stagingFolder)
                    try writeRecord(current.object, id: id)
                    let replaced = disk
                    disk = DiskObject(id: id, generation: current.object.generation)
                    if let replaced { try removeFiles(replaced.id) }
                }
            } else if let existing = disk {
                try removeFiles(existing.id)
                disk = nil
            }
        } catch {
            log("data folder: \(error)")
        }
        condition.lock()
        finish(key, sequence: sequence, disk: disk, claimed: true)
    }

    /// Records the outcome of a change (lock held; releases it).
    private func finish(_ key: ObjectKey, sequence: Int64, disk: DiskObject?, claimed: Bool) {
        if claimed {
            onDisk[key] = disk
            lastApplied[key] = max(lastApplied[key, default: 0], sequence)
            busy[key] = nil
        }
        pending -= 1
        if pending == 0 { lastApplied.removeAll(keepingCapacity: true) }
        condition.broadcast()
        condition.unlock()
    }

    /// Removes every object written by a change before `sequence`, once the
    /// writes in flight before it are done.
    private func wipe(before sequence: Int64) {
        condition.lock()
        resetSequence = max(resetSequence, sequence)
        while busy.values.contains(where: { $0 < sequence }) { condition.wait() }
        let doomed = onDisk.filter { busy[$0.key] == nil && lastApplied[$0.key, default: 0] < sequence }
        for key in doomed.keys { busy[key] = sequence }
        condition.unlock()
        var removed: [ObjectKey] = []
        for (key, disk) in doomed {
            do {
                try removeFiles(disk.id)
                removed.append(key)
            } catch {
                log("data folder: \(error)")
            }
        }
        condition.lock()
        for key in removed { onDisk[key] = nil }
        for key in doomed.keys { busy[key] = nil }
        condition.broadcast()
        condition.unlock()
    }

    private func writeBuckets(_ names: [String], sequence: Int64) {
        bucketsLock.lock()
        defer { bucketsLock.unlock() }
        guard sequence > bucketsSequence else { return }
        bucketsSequence = sequence
        do {
            try writeBuckets(names)
        } catch {
            log("data folder: \(error)")
        }
    }

    private func writeRecord(_ object: StoredObject, id: String) throws(PersistenceError) {
        try DurableFiles.write(ExportRecord.encode(object), to: layout.metadataPath(id), staging: layout.stagingFolder)
    }

    /// Removes an object's record (the commit point) and then its blob.
    private func removeFiles(_ id: String) throws(PersistenceError) {
        try DurableFiles.remove(layout.metadataPath(id))
        try DurableFiles.flushFolder(layout.metadataFolder)
        try DurableFiles.remove(layout.blobPath(id))
    }
}
