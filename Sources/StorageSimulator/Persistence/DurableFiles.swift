import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File operations with the durability the data folder promises: a file
/// is written under a temporary name, flushed, renamed into place and its
/// folder flushed, so after a crash it is either the old file or the new
/// one, never a torn one.
enum DurableFiles {
    /// Writes `bytes` to `destination` atomically and durably, staging the
    /// temporary file in `staging` (same file system as `destination`).
    static func write(_ bytes: [UInt8], to destination: String, staging: String) throws(PersistenceError) {
        let temporary = staging + "/" + UUID().uuidString.lowercased()
        try writeFile(bytes, to: temporary, flush: true)
        guard rename(temporary, destination) == 0 else {
            let error = failure(destination, "cannot move the new file into place")
            _ = unlink(temporary)
            throw error
        }
        try flushFolder(parent(of: destination))
    }

    /// Creates (or truncates) `path` and writes `bytes`, flushing it to disk if asked.
    static func writeFile(_ bytes: [UInt8], to path: String, flush: Bool) throws(PersistenceError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw failure(path, "cannot create the file") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw failure(path, "cannot write the file")
            }
            written += result
        }
        if flush, fsync(descriptor) != 0 { throw failure(path, "cannot flush the file to disk") }
    }

    /// Removes a file if it exists (a missing file is not an error).
    static func remove(_ path: String) throws(PersistenceError) {
        if unlink(path) != 0, errno != ENOENT { throw failure(path, "cannot remove the file") }
    }

    /// Flushes a folder's entries (new, renamed and removed names) to disk.
    static func flushFolder(_ path: String) throws(PersistenceError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, "cannot open the folder") }
        defer { close(descriptor) }
        if fsync(descriptor) != 0, errno != EINVAL { throw failure(path, "cannot flush the folder to disk") }
    }

    /// Flushes everything written so far to disk (every file system: one
    /// call instead of one flush per file of an export).
    static func flushAll() {
        sync()
    }

    /// Creates a folder and its parents if needed; refuses a path that
    /// exists and is not a folder.
    static func makeFolder(_ path: String) throws(PersistenceError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw PersistenceError(path: path, message: "exists and is not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw PersistenceError(path: path, message: "cannot create the folder (\(error.localizedDescription))")
        }
    }

    /// Whether `path` is a regular file, not following a symbolic link.
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether anything (even a dangling symbolic link) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether `path` is a folder, not following a symbolic link.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The file's bytes, `nil` if it is missing, not a regular file, or unreadable.
    static func read(_ path: String) -> [UInt8]? {
        guard isRegularFile(path), let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.byteArray
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func failure(_ path: String, _ action: String) -> PersistenceError {
        PersistenceError(path: path, message: "\(action): \(String(cString: strerror(errno)))")
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
