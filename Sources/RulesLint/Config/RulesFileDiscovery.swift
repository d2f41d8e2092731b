#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Finding the rules files under a folder, the same way for `lint`, `fmt`
/// and the lint benchmark.
public enum RulesFileDiscovery {
    /// Every regular file named `*.rules` under `folder`, sorted, leaving out
    /// hidden files and folders (`.git`, `.build`) and `node_modules`. Paths
    /// are `folder` joined with the relative path (just the relative path
    /// when `folder` is `.`). `nil` when the folder cannot be read.
    public static func rulesFiles(under folder: String) -> [String]? {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
            let enumerator = manager.enumerator(atPath: folder)
        else { return nil }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            let path = folder == "." ? relative : (folder as NSString).appendingPathComponent(relative)
            if name.hasPrefix(".") || name == "node_modules" {
                enumerator.skipDescendants()
                continue
            }
            if name.hasSuffix(".rules"), isRegularFile(path) { found.append(path) }
        }
        return found.sorted()
    }

    /// Whether the path (a link followed) is a regular file, not a folder,
    /// a device or a pipe.
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
