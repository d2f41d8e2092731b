import Foundation

/// What an import restored.
public struct ImportSummary: Sendable, Hashable {
    /// Buckets created or found.
    public var bucketCount: Int
    /// Objects restored.
    public var objectCount: Int
    /// Files skipped and why (a missing blob, an unreadable record, an
    /// invalid object name), one line each, starting with the file's path.
    public var warnings: [String]
}

/// What an export wrote.
public struct ExportSummary: Sendable, Hashable {
    /// Buckets listed in `buckets.json`.
    public var bucketCount: Int
    /// Objects written.
    public var objectCount: Int
}

extension StorageAdmin {
    /// Writes every bucket and object into `folder` in the Firebase emulator's
    /// export layout (`firebase-export-metadata.json`, `storage_export/`),
    /// replacing an earlier storage export there; other emulators' entries
    /// in the hub file are kept.
    ///
    /// The new `storage_export/` is written aside, flushed to disk and then
    /// swapped in, so an interrupted export leaves the previous one intact: a
    /// failed swap puts it back, and after a crash between the swap's two
    /// renames the previous export is what an import reads and what the next
    /// export restores first (removing any half-written one). File names are generated ids; no object name
    /// reaches the file system.
    @discardableResult
    public func export(to folder: String) throws(PersistenceError) -> ExportSummary {
        try DurableFiles.makeFolder(folder)
        let final = folder + "/" + ExportLayout.storageFolderName
        let retired = folder + "/" + ExportLayout.retiredFolderName
        if ExportLayout.interruptedSwap(in: folder) != nil { try move(retired, to: final) }
        // What a crashed export left: a half-written export, or the previous
        // one it had not removed yet.
        try? FileManager.default.removeItem(atPath: retired)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(ExportLayout.stagingPrefix) {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        let temporary = folder + "/" + ExportLayout.stagingPrefix + UUID().uuidString.lowercased()
        do throws(PersistenceError) {
            let summary = try writeExport(into: ExportLayout(root: temporary))
            DurableFiles.flushAll()
            let hadPrevious = DurableFiles.exists(final)
            if hadPrevious { try move(final, to: retired) }
            do throws(PersistenceError) {
                try move(temporary, to: final)
            } catch {
                if hadPrevious { try? move(retired, to: final) }
                throw error
            }
            // The new export is in place: the previous one goes whatever happens next.
            defer { try? FileManager.default.removeItem(atPath: retired) }
            let hubPath = folder + "/" + ExportLayout.hubMetadataFile
            let hub = ExportLayout.hubMetadataJSON(existing: DurableFiles.read(hubPath))
            try DurableFiles.write(hub, to: hubPath, staging: folder)
            return summary
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    /// Restores buckets and objects from an export folder written by this
    /// project or by the Firebase emulator (any of its layouts), adding them
    /// to what is stored (an object of the same name is replaced).
    ///
    /// `folder` is the one given to `--import`: the hub file's `storage.path`
    /// is followed, else `storage_export/`, else the folder itself. A record
    /// whose blob is missing is skipped with a warning; without `blobs/` or
    /// `metadata/`, only the buckets are restored.
    @discardableResult
    public func importExport(from folder: String) throws(PersistenceError) -> ImportSummary {
        let loaded = try ExportReader.read(try ExportLayout.locate(in: folder))
        load(loaded)
        return ImportSummary(bucketCount: loaded.buckets.count, objectCount: loaded.objects.count, warnings: loaded.warnings)
    }

    /// Puts what was read into the simulator, generations included.
    func load(_ loaded: LoadedExport) {
        for bucket in loaded.buckets { _ = storage.createBucket(bucket) }
        var lastGeneration: Int64 = 0
        for item in loaded.objects {
            storage.createBucket(item.object.bucket).put(StoredEntry(object: item.object, bytes: item.bytes), named: item.object.name)
            lastGeneration = max(lastGeneration, item.object.generation)
        }
        storage.advanceGeneration(to: lastGeneration)
    }

    private func writeExport(into layout: ExportLayout) throws(PersistenceError) -> ExportSummary {
        try DurableFiles.makeFolder(layout.blobsFolder)
        try DurableFiles.makeFolder(layout.metadataFolder)
        let names = storage.bucketNames
        var count = 0
        for name in names {
            for entry in storage.existingBucket(name)?.allEntries() ?? [] {
                let id = UUID().uuidString.lowercased()
                try DurableFiles.writeFile(entry.bytes, to: layout.blobPath(id), flush: false)
                try DurableFiles.writeFile(ExportRecord.encode(entry.object), to: layout.metadataPath(id), flush: false)
                count += 1
            }
        }
        try DurableFiles.writeFile(ExportLayout.bucketsJSON(names), to: layout.bucketsFile, flush: false)
        return ExportSummary(bucketCount: names.count, objectCount: count)
    }

    private func move(_ source: String, to destination: String) throws(PersistenceError) {
        guard rename(source, destination) == 0 else {
            throw PersistenceError(path: source, message: "cannot rename to \(destination): \(String(cString: strerror(errno)))")
        }
    }
}
