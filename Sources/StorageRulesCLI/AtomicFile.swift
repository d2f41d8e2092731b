#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Replaces a file's contents so that a crash at any moment leaves either
/// the old file or the new one, never a mix: the text goes to a temporary
/// file in the same folder, which is flushed to disk and then renamed over
/// the original. The original's permission bits are kept, and a symbolic
/// link is followed so the link itself stays a link.
enum AtomicFile {
    /// Writes `text` in place of the file at `path`, or says why it could not.
    static func replace(_ path: String, with text: String) -> Result<Void, CLIError> {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var status = stat()
        guard stat(target, &status) == 0 else {
            return .failure(CLIError("\(path): cannot be written (\(String(cString: strerror(errno))))"))
        }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).fmt-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            return .failure(CLIError("\(path): cannot create a temporary file beside it (\(String(cString: strerror(errno))))"))
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        func fail(_ what: String) -> Result<Void, CLIError> {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            unlink(temporary)
            return .failure(CLIError("\(path): cannot be written: \(what) failed (\(reason))"))
        }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                return fail("write")
            }
            written += result
        }
        guard fchmod(descriptor, status.st_mode & 0o7777) == 0 else { return fail("chmod") }
        guard fsync(descriptor) == 0 else { return fail("fsync") }
        guard close(descriptor) == 0 else {
            unlink(temporary)
            return .failure(CLIError("\(path): cannot be written: close failed (\(String(cString: strerror(errno))))"))
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .failure(CLIError("\(path): cannot be written: rename failed (\(reason))"))
        }
        // Make the rename itself durable.
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
        return .success(())
    }
}
