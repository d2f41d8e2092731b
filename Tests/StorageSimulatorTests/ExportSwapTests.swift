import Foundation
import StorageSimulator
import Testing

/// An export replaces `storage_export/` with two renames; a crash between
/// them leaves the previous export aside, which must not be lost.
@Suite("Export swap")
struct ExportSwapTests {
    /// A folder whose export was interrupted between the swap's renames:
    /// `storage_export/` is gone, the previous export sits aside.
    static func interruptedExport(of storage: StorageSimulator) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try storage.admin.export(to: folder.path)
        let manager = FileManager.default
        try manager.moveItem(atPath: folder.path + "/storage_export", toPath: folder.path + "/.storage_export.old")
        try manager.createDirectory(atPath: folder.path + "/.storage_export.tmp-interrupted/blobs", withIntermediateDirectories: true)
        return folder
    }

    @Test func anImportReadsThePreviousExportLeftAside() throws {
        let original = try ExportImportTests.seeded()
        let folder = try Self.interruptedExport(of: original)
        let copy = StorageSimulator()
        let imported = try copy.admin.importExport(from: folder.path)
        #expect(imported.warnings == [])
        expectSameContents(copy, original)
    }

    @Test func theNextExportRestoresItAndThenReplacesIt() throws {
        let original = try ExportImportTests.seeded()
        let folder = try Self.interruptedExport(of: original)
        let newer = StorageSimulator()
        try newer.admin.put(text: "new", path: "only/this.txt")
        try newer.admin.export(to: folder.path)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!entries.contains { $0.hasPrefix(".storage_export.") }, "\(entries)")
        let copy = StorageSimulator()
        try copy.admin.importExport(from: folder.path)
        expectSameContents(copy, newer)
    }

    /// A crash after the swap but before the previous export was removed
    /// leaves it beside the new `storage_export/`: an import reads the new
    /// one, and the next export removes the old one.
    @Test func aPreviousExportLeftBesideTheNewOneIsIgnoredThenRemoved() throws {
        let older = try ExportImportTests.seeded()
        let olderFolder = try TemporaryFolder()
        try older.admin.export(to: olderFolder.path)
        let newer = StorageSimulator()
        try newer.admin.put(text: "new", path: "only/this.txt")
        let folder = try TemporaryFolder()
        try newer.admin.export(to: folder.path)
        let manager = FileManager.default
        try manager.copyItem(atPath: olderFolder.path + "/storage_export", toPath: folder.path + "/.storage_export.old")

        let copy = StorageSimulator()
        try copy.admin.importExport(from: folder.path)
        expectSameContents(copy, newer)
        try newer.admin.export(to: folder.path)
        let entries = try manager.contentsOfDirectory(atPath: folder.path)
        #expect(!entries.contains { $0.hasPrefix(".storage_export.") }, "\(entries)")
    }
}
