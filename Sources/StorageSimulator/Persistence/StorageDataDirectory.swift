import Foundation

/// A folder that keeps a simulator's buckets and objects on disk, in the
/// Firebase emulator's export layout, written through on every change.
///
/// Each change is on disk before the operation that made it returns: an
/// object's bytes and record are each written to a temporary file, flushed,
/// renamed into place and their folder flushed. The record is written last
/// and is the commit point, so a crash (even `kill -9` or a power cut)
/// leaves every acknowledged object whole and no torn one. An overwrite
/// writes the new version under a new id before removing the old one; if a
/// crash leaves both, the next start keeps the newer.
///
/// ```swift
/// let storage = StorageSimulator(rules: rules)
/// let directory = try StorageDataDirectory.open("data", storage: storage) { print($0) }
/// ```
public final class StorageDataDirectory: Sendable {
    /// The folder given to ``open(_:storage:log:)``.
    public let folder: String
    /// What the start-up load restored.
    public let loaded: ImportSummary
    private let writer: DataDirectoryWriter
    private let storage: StorageSimulator

    private init(folder: String, loaded: ImportSummary, writer: DataDirectoryWriter, storage: StorageSimulator) {
        self.folder = folder
        self.loaded = loaded
        self.writer = writer
        self.storage = storage
    }

    /// Opens (creating it if needed) a data folder, replaces the simulator's
    /// buckets and objects with what it holds, and from then on writes every
    /// change of the simulator through to it.
    ///
    /// Leftovers of a crash are cleaned up: temporary files, blobs without a
    /// record, and the older of two records of the same object. `log`
    /// receives warnings (skipped files) and any write that fails later.
    public static func open(
        _ folder: String, storage: StorageSimulator, log: @escaping @Sendable (String) -> Void
    ) throws(PersistenceError) -> StorageDataDirectory {
        try DurableFiles.makeFolder(folder)
        let layout = ExportLayout(root: folder + "/" + ExportLayout.storageFolderName)
        for path in [layout.root, layout.blobsFolder, layout.metadataFolder, layout.stagingFolder] {
            try DurableFiles.makeFolder(path)
        }
        try removeContents(of: layout.stagingFolder)
        let hubPath = folder + "/" + ExportLayout.hubMetadataFile
        if !DurableFiles.isRegularFile(hubPath) {
            try DurableFiles.write(ExportLayout.hubMetadataJSON(existing: nil), to: hubPath, staging: layout.stagingFolder)
        }

        let loaded = try ExportReader.read(layout)
        for warning in loaded.warnings { log(warning) }
        for id in loaded.superseded {
            try DurableFiles.remove(layout.metadataPath(id))
            try DurableFiles.remove(layout.blobPath(id))
        }
        try removeOrphanBlobs(layout)

        storage.removeAllBuckets()
        storage.admin.load(loaded)
        _ = storage.createBucket(storage.configuration.defaultBucket)
        let writer = DataDirectoryWriter(
            layout: layout, onDisk: loaded.objects.map { ($0.object, $0.id) }, log: log)
        try writer.writeBuckets(storage.bucketNames)
        storage.attachChangeObserver(writer)
        return StorageDataDirectory(
            folder: folder,
            loaded: ImportSummary(bucketCount: loaded.buckets.count, objectCount: loaded.objects.count, warnings: loaded.warnings),
            writer: writer, storage: storage)
    }

    /// Stops writing changes through (the folder keeps what it holds).
    public func close() {
        storage.attachChangeObserver(nil)
    }

    /// Removes blobs that have no record: bytes of an upload that a crash
    /// interrupted before its record was committed.
    private static func removeOrphanBlobs(_ layout: ExportLayout) throws(PersistenceError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: layout.blobsFolder) else { return }
        for name in names where DurableFiles.isRegularFile(layout.blobPath(name)) {
            if !FileManager.default.fileExists(atPath: layout.metadataPath(name)) {
                try DurableFiles.remove(layout.blobPath(name))
            }
        }
    }

    private static func removeContents(of folder: String) throws(PersistenceError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names { try DurableFiles.remove(folder + "/" + name) }
    }
}
