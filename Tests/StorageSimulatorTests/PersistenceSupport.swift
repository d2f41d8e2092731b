import Foundation
import RulesEngine
import StorageSimulator
import Testing

/// A temporary folder for one test, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "storage-rules-tests-" + UUID().uuidString.lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file (creating its folders) under the folder.
    func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    func write(_ relative: String, _ data: Data) throws {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
    }

    /// Every regular file under the folder, relative to it, sorted.
    func files(under relative: String = "") -> [String] {
        let root = relative.isEmpty ? path : path + "/" + relative
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var result: [String] = []
        while let item = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + item, isDirectory: &isFolder), !isFolder.boolValue {
                result.append(item)
            }
        }
        return result.sorted()
    }
}

/// Asserts that two simulators hold the same buckets, records and bytes,
/// names compared byte for byte.
func expectSameContents(_ actual: StorageSimulator, _ expected: StorageSimulator, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.admin.bucketNames == expected.admin.bucketNames, sourceLocation: sourceLocation)
    for bucket in expected.admin.bucketNames {
        let want = expected.admin.objects(bucket: bucket)
        let got = actual.admin.objects(bucket: bucket)
        #expect(got == want, sourceLocation: sourceLocation)
        #expect(got.map { Array($0.name.utf8) } == want.map { Array($0.name.utf8) }, sourceLocation: sourceLocation)
        for object in want {
            #expect(
                actual.admin.data(bucket: bucket, path: object.name) == expected.admin.data(bucket: bucket, path: object.name),
                "bytes of \(object.name)", sourceLocation: sourceLocation)
        }
    }
}

/// Object names that must never reach the file system as paths.
let hostileNames = [
    "../escape.txt", "../../../../../../tmp/escape", "/absolute/path", "a\\..\\..\\windows", "dir/../../up",
    "nul\u{0}byte", ".", "..", "...", "~/home", "%2e%2e%2fencoded", "con", "trailing/",
    String(repeating: "long-", count: 204) + "x",  // 1021 bytes: longer than any file name may be
    String(repeating: "../", count: 341),
]
