import Foundation
import RulesSyntax

/// Where things are in the Firebase emulator's export folder:
///
/// ```
/// <folder>/firebase-export-metadata.json   {"version", "storage": {"version", "path": "storage_export"}}
/// <folder>/storage_export/buckets.json     {"buckets": [{"id": "<bucket>"}]}
/// <folder>/storage_export/blobs/<id>       an object's bytes
/// <folder>/storage_export/metadata/<id>.json  its record (``ExportRecord``)
/// ```
///
/// File names are ids this project generates (UUIDs), never object names,
/// so no object name can make a path that leaves the folder.
struct ExportLayout {
    /// The hub's file naming each emulator's part of an export.
    static let hubMetadataFile = "firebase-export-metadata.json"
    /// The storage part's folder name, as the Firebase CLI names it.
    static let storageFolderName = "storage_export"
    /// The name prefix of an export being written, beside `storage_export/`.
    static let stagingPrefix = ".storage_export.tmp-"
    /// Where an export sets the one it replaces aside while it swaps them.
    /// One fixed name: there is never more than one previous export.
    static let retiredFolderName = ".storage_export.old"

    /// A previous export set aside by a swap that did not finish (a crash
    /// between its two renames), if `folder` has one and no `storage_export/`.
    static func interruptedSwap(in folder: String) -> String? {
        let retired = folder + "/" + retiredFolderName
        guard !DurableFiles.exists(folder + "/" + storageFolderName), DurableFiles.isFolder(retired) else { return nil }
        return retired
    }
    /// The version written into the hub file when there is none yet.
    static let producerVersion = "storage-rules"

    /// The storage part's folder.
    let root: String

    var bucketsFile: String { root + "/buckets.json" }
    var blobsFolder: String { root + "/blobs" }
    var metadataFolder: String { root + "/metadata" }
    /// Temporary files of the data folder, on the same file system as the rest.
    var stagingFolder: String { root + "/.staging" }

    func blobPath(_ id: String) -> String { blobsFolder + "/" + id }
    func metadataPath(_ id: String) -> String { metadataFolder + "/" + id + ".json" }

    /// The storage part of the export in `folder`: the hub file's
    /// `storage.path` if it names a folder inside, else `storage_export`,
    /// else the folder itself when it holds `buckets.json` or `metadata/`.
    static func locate(in folder: String) throws(PersistenceError) -> ExportLayout {
        guard DurableFiles.isFolder(folder) || isFolderFollowingLinks(folder) else {
            throw PersistenceError(path: folder, message: "no such folder")
        }
        if let bytes = DurableFiles.read(folder + "/" + hubMetadataFile) {
            let hub = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
            if let storage = hub?["storage"] as? [String: Any], let path = storage["path"] as? String {
                guard isInsideRelativePath(path) else {
                    throw PersistenceError(
                        path: folder + "/" + hubMetadataFile,
                        message: "storage.path \"\(path)\" must be a relative path inside the folder")
                }
                if path == storageFolderName, let retired = interruptedSwap(in: folder) {
                    return ExportLayout(root: retired)
                }
                return ExportLayout(root: folder + "/" + path)
            }
        }
        let standard = folder + "/" + storageFolderName
        if DurableFiles.isFolder(standard) { return ExportLayout(root: standard) }
        if let retired = interruptedSwap(in: folder) { return ExportLayout(root: retired) }
        if DurableFiles.isRegularFile(folder + "/buckets.json") || DurableFiles.isFolder(folder + "/metadata") {
            return ExportLayout(root: folder)
        }
        throw PersistenceError(
            path: folder, message: "no storage export here (expected \(hubMetadataFile) or \(storageFolderName)/)")
    }

    /// `{"buckets":[{"id":…}]}`.
    static func bucketsJSON(_ names: [String]) -> [UInt8] {
        let items = names.map { "    {\n      \"id\": " + JSONStringLiteral.quoted($0) + "\n    }" }
        var json = JSONObjectWriter()
        json.raw("buckets", items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n  ]")
        return json.finish()
    }

    /// The hub file for `folder`: an existing one keeps its other emulators'
    /// entries and gains (or replaces) its `storage` entry.
    static func hubMetadataJSON(existing: [UInt8]?) -> [UInt8] {
        var hub = existing.flatMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] } ?? [:]
        let version = hub["version"] as? String ?? producerVersion
        hub["version"] = version
        hub["storage"] = ["version": version, "path": storageFolderName]
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: hub, options: options) else {
            return Array("{\"version\":\"\(producerVersion)\",\"storage\":{\"version\":\"\(producerVersion)\",\"path\":\"\(storageFolderName)\"}}".utf8)
        }
        return data.byteArray
    }

    /// Whether `path` is relative and never climbs out (`..`) of where it starts.
    static func isInsideRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0"), !path.contains("\\") else { return false }
        return !path.split(separator: "/").contains("..")
    }

    private static func isFolderFollowingLinks(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
