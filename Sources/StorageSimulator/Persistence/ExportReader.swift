import Foundation

/// One object read from an export folder.
struct LoadedObject: Sendable {
    /// The metadata file's path under `metadata/` without `.json` (also the
    /// blob's path under `blobs/`).
    let id: String
    let object: StoredObject
    let bytes: [UInt8]
}

/// Everything read from an export folder.
struct LoadedExport: Sendable {
    /// Bucket names from `buckets.json` and from the objects, sorted.
    var buckets: [String] = []
    /// One object per bucket and name.
    var objects: [LoadedObject] = []
    /// Ids of records that lost to a newer record of the same object.
    var superseded: [String] = []
    /// Files skipped, and why.
    var warnings: [String] = []
}

/// Reads the Firebase emulator's export layout, and the older layouts it
/// still imports: metadata files named by UUID, by `bucket/name` (nested
/// folders), by `bucket%2Fname` (flattened) or by `bucket%5Cname` (written
/// on Windows). Identity always comes from the record's `name` and
/// `bucket`; a file name is only used to find the blob next to it.
enum ExportReader {
    /// The deepest folder nesting under `metadata/` that is followed.
    static let maximumDepth = 64

    static func read(_ layout: ExportLayout) throws(PersistenceError) -> LoadedExport {
        var result = LoadedExport()
        var buckets = Set(try readBuckets(layout.bucketsFile))
        guard DurableFiles.isFolder(layout.metadataFolder), DurableFiles.isFolder(layout.blobsFolder) else {
            result.buckets = buckets.sorted()
            return result
        }
        var chosen: [ObjectKey: LoadedObject] = [:]
        for id in metadataIDs(in: layout.metadataFolder, relative: "", depth: 0, warnings: &result.warnings) {
            guard let loaded = load(id, layout: layout, warnings: &result.warnings) else { continue }
            let key = ObjectKey(bucket: loaded.object.bucket, name: loaded.object.name)
            if let other = chosen[key] {
                let newer = isNewer(loaded.object, than: other.object) ? loaded : other
                let older = newer.id == loaded.id ? other : loaded
                result.superseded.append(older.id)
                chosen[key] = newer
            } else {
                chosen[key] = loaded
            }
            buckets.insert(loaded.object.bucket)
        }
        result.buckets = buckets.sorted()
        result.objects = chosen.values.sorted { ($0.object.bucket, $0.id) < ($1.object.bucket, $1.id) }
        return result
    }

    /// Bucket ids from `buckets.json` (none if the file is absent).
    static func readBuckets(_ path: String) throws(PersistenceError) -> [String] {
        guard let bytes = DurableFiles.read(path) else { return [] }
        guard let json = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any],
            let list = json["buckets"] as? [Any]
        else { throw PersistenceError(path: path, message: "expected {\"buckets\": [{\"id\": ...}]}") }
        return list.compactMap { ($0 as? [String: Any])?["id"] as? String }.filter { !$0.isEmpty }
    }

    private static func load(_ id: String, layout: ExportLayout, warnings: inout [String]) -> LoadedObject? {
        let metadataPath = layout.metadataPath(id)
        guard let json = DurableFiles.read(metadataPath) else {
            warnings.append("\(metadataPath): cannot read the file; skipped")
            return nil
        }
        guard let bytes = DurableFiles.read(layout.blobPath(id)) else {
            warnings.append("\(metadataPath): no blob at \(layout.blobPath(id)); object skipped")
            return nil
        }
        var object: StoredObject
        do {
            object = try ExportRecord.decode(Data(json), bytes: bytes, file: metadataPath)
        } catch {
            warnings.append("\(error); skipped")
            return nil
        }
        // Exports written on Windows joined bucket and name with `\` and kept
        // `\` inside the name; the Firebase emulator looks such objects up with `/`.
        if id.range(of: "%5C", options: .caseInsensitive) != nil || id.contains("\\") {
            object.name = object.name.replacingOccurrences(of: "\\", with: "/")
        }
        do {
            try ObjectPath.validate(object.name, bucket: object.bucket)
        } catch {
            warnings.append("\(metadataPath): \(error.message); skipped")
            return nil
        }
        return LoadedObject(id: id, object: object, bytes: bytes)
    }

    /// Paths under `metadata/` of every regular `*.json` file, without the
    /// extension; symbolic links are not followed.
    private static func metadataIDs(in folder: String, relative: String, depth: Int, warnings: inout [String]) -> [String] {
        guard depth <= maximumDepth else {
            warnings.append("\(folder): nested more than \(maximumDepth) folders deep; skipped")
            return []
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            warnings.append("\(folder): cannot list the folder; skipped")
            return []
        }
        var ids: [String] = []
        for name in names.sorted() {
            let path = folder + "/" + name
            let relativeName = relative.isEmpty ? name : relative + "/" + name
            if DurableFiles.isFolder(path) {
                ids += metadataIDs(in: path, relative: relativeName, depth: depth + 1, warnings: &warnings)
            } else if name.hasSuffix(".json"), name.count > 5, DurableFiles.isRegularFile(path) {
                ids.append(String(relativeName.dropLast(5)))
            }
        }
        return ids
    }

    /// Whether `object` is a later state of the same object than `other`.
    static func isNewer(_ object: StoredObject, than other: StoredObject) -> Bool {
        (object.generation, object.metageneration) > (other.generation, other.metageneration)
    }
}

/// A bucket and an object name, compared byte for byte.
struct ObjectKey: Hashable, Sendable {
    let bucket: String
    let name: ObjectName

    init(bucket: String, name: String) {
        self.bucket = bucket
        self.name = ObjectName(name)
    }
}
